/**
 * What a schedule loses to daylight saving time. A cron names wall-clock times; where clocks go forward, the
 * skipped hour's times do not exist, and croner then either runs once at the end of the gap (`30 2 * * *` runs at
 * 03:00 that day) or not at all (`*\/15 2 14 3 *` in America/New_York skips 2027-03-14 and next runs in 2028: a
 * whole year without a crawl). Either way the analyst should hear it when saving the schedule.
 *
 * Found generally, not by pattern: the zone's clock changes over the coming years are found from its UTC offsets,
 * the times the cron literally asks for inside each gap are found by reading the cron in UTC (where every wall
 * time exists), and what croner does instead is read from its own next run after the change.
 */
import { cronOf } from '../../schemas/cron.js';

/** How far ahead gaps are looked for: four years holds every weekday-and-date combination of a yearly cron's month. */
const LOOK_AHEAD_DAYS = 4 * 366;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Dates named one by one; past it the warning counts the rest. */
const MAX_NAMED_DATES = 3;
/** Times of one gap named one by one. */
const MAX_NAMED_TIMES = 4;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `ms`, in minutes (`-300` for New York in winter). */
function offsetMinutes(ms: number, zone: string): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormats.set(zone, format);
  }
  const name = format.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** A clock change: at the instant `at`, the offset goes from `before` to `after` minutes. */
interface ClockChange {
  at: number;
  before: number;
  after: number;
}

/**
 * The zone's clock changes forward in [from, from + LOOK_AHEAD_DAYS). Offsets are sampled once a day (no zone
 * changes its clocks twice in a day) and each change is then narrowed to the minute; ~1,500 samples take ~10 ms,
 * so the answer is kept per zone and day.
 */
const changesCache = new Map<string, ClockChange[]>();
function forwardChanges(zone: string, from: number): ClockChange[] {
  const day = Math.floor(from / DAY_MS) * DAY_MS;
  const key = `${zone} ${day}`;
  const cached = changesCache.get(key);
  if (cached) return cached;
  const changes: ClockChange[] = [];
  let previous = offsetMinutes(day, zone);
  for (let i = 1; i <= LOOK_AHEAD_DAYS; i++) {
    const ms = day + i * DAY_MS;
    const offset = offsetMinutes(ms, zone);
    if (offset !== previous) {
      let lo = ms - DAY_MS; // offset `previous`
      let hi = ms; // offset `offset`
      while (hi - lo > MINUTE_MS) {
        const mid = lo + Math.max(1, Math.floor((hi - lo) / 2 / MINUTE_MS)) * MINUTE_MS;
        if (offsetMinutes(mid, zone) === previous) lo = mid;
        else hi = mid;
      }
      if (offset > previous) changes.push({ at: hi, before: previous, after: offset });
      previous = offset;
    }
  }
  if (changesCache.size > 64) changesCache.clear();
  changesCache.set(key, changes);
  return changes;
}

/** `2027-03-14` and `02:15` of a wall time held as UTC fields. */
const wallDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const wallTime = (ms: number) => new Date(ms).toISOString().slice(11, 16);

function listTimes(times: number[]): string {
  const named = times.slice(0, MAX_NAMED_TIMES).map(wallTime);
  if (times.length > MAX_NAMED_TIMES) return `${named.join(', ')} and ${times.length - named.length} more`;
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0]!;
}

/**
 * What happens to one gap's times, in a sentence; null when the day keeps its crawls after the change (an hourly
 * schedule losing the hour that does not exist is what the analyst asked for, and not worth a warning).
 */
function gapWarning(
  expression: string,
  zone: string,
  change: ClockChange,
  times: number[],
  timezone: string | undefined,
): string | null {
  const gapStart = change.at + change.before * MINUTE_MS;
  const gapEnd = change.at + change.after * MINUTE_MS;
  const head =
    `On ${wallDate(gapStart)} clocks in ${zone} go forward from ${wallTime(gapStart)} to ${wallTime(gapEnd)}, ` +
    `so the schedule's ${listTimes(times)} ${times.length > 1 ? 'do' : 'does'} not exist that day`;
  const next = cronOf(expression, timezone).nextRun(new Date(change.at - 1000));
  if (!next) return `${head} and the schedule never runs again.`;
  const nextWall = next.getTime() + offsetMinutes(next.getTime(), zone) * MINUTE_MS;
  // A run at the first minute after the change that the cron does not itself ask for is a time moved there.
  const asked =
    cronOf(expression, 'UTC')
      .nextRun(new Date(gapEnd - 1000))
      ?.getTime() === gapEnd;
  if (next.getTime() === change.at && !asked)
    return `${head}: one crawl runs at ${wallTime(gapEnd)} instead.`;
  if (wallDate(nextWall) === wallDate(gapStart)) return null;
  return `${head}: ${times.length > 1 ? 'those crawls are' : 'that crawl is'} skipped, and the next is ${wallDate(nextWall)} ${wallTime(nextWall)}.`;
}

/**
 * Warnings for the times `expression` asks for that fall in a clock change's gap in the coming years, in
 * `timezone` (tests pin one) or the machine's zone, as the scheduler reads the schedule; empty when none do.
 */
export function dstGapWarnings(expression: string, now: Date, timezone?: string): string[] {
  const zone = timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  // Every answer with the site carries them (lists too), and croner's zoned reads cost ~5 ms a gap: kept a day.
  const key = `${expression}\n${zone}\n${timezone ?? ''}\n${Math.floor(now.getTime() / DAY_MS)}`;
  const cached = warningsCache.get(key);
  if (cached) return cached;
  const warnings = computeWarnings(expression, now, zone, timezone);
  if (warningsCache.size > 256) warningsCache.clear();
  warningsCache.set(key, warnings);
  return warnings;
}

const warningsCache = new Map<string, string[]>();

function computeWarnings(
  expression: string,
  now: Date,
  zone: string,
  timezone: string | undefined,
): string[] {
  // Read in UTC, the cron's wall times all exist: the times it asks for, whatever the zone does.
  const literal = cronOf(expression, 'UTC');
  const affected: { change: ClockChange; times: number[] }[] = [];
  for (const change of forwardChanges(zone, now.getTime())) {
    if (change.at <= now.getTime()) continue;
    const gapStart = change.at + change.before * MINUTE_MS;
    const gapEnd = change.at + change.after * MINUTE_MS;
    const times: number[] = [];
    for (
      let t = literal.nextRun(new Date(gapStart - 1000));
      t && t.getTime() < gapEnd;
      t = literal.nextRun(t)
    )
      times.push(t.getTime());
    if (times.length) affected.push({ change, times });
  }
  const warned = affected.flatMap(({ change, times }) => {
    const warning = gapWarning(expression, zone, change, times, timezone);
    return warning ? [{ change, warning }] : [];
  });
  const warnings = warned.slice(0, MAX_NAMED_DATES).map((w) => w.warning);
  const rest = warned.slice(MAX_NAMED_DATES);
  if (rest.length)
    warnings.push(
      `The same happens on ${rest.length} more date${rest.length > 1 ? 's' : ''} up to ${wallDate(rest.at(-1)!.change.at)}.`,
    );
  return warnings;
}

/** The warnings a site shows for its schedule; none without one, or for one croner no longer reads. */
export function scheduleWarnings(
  expression: string | null | undefined,
  now: Date,
  timezone?: string,
): string[] {
  if (!expression) return [];
  try {
    return dstGapWarnings(expression, now, timezone);
  } catch {
    return [];
  }
}
