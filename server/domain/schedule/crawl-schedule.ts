/**
 * When a site's scheduled crawl is due, as pure functions of the schedule and a clock reading, so the rules are
 * tested without waiting for time to pass. croner reads the expressions (server/schemas/cron.ts); this module
 * decides what a scheduled time that passed means: run it now, or let it go because Siteloupe was not running
 * then and the site does not want missed runs.
 */
import { cronOf } from '../../schemas/cron.js';
import type { StoredSiteSettings } from '../../schemas/sites.js';

/** A schedule as the missed-run rule needs it. */
export interface ScheduleState {
  expression: string;
  run_missed: boolean;
  /**
   * The latest time already dealt with: when the schedule was set, the time of the last scheduled crawl, or a
   * time the scheduler has already run or let go. Only scheduled times after it count.
   */
  anchor: Date;
}

/**
 * - `wait`: no scheduled time has passed since the anchor.
 * - `run`: start one crawl for `scheduled_for`, the latest time that passed; `missed` when it passed longer ago
 *   than a timer is late (Siteloupe was closed or the machine asleep).
 * - `skip`: a missed time, and the site does not run missed crawls; `scheduled_for` is the time let go.
 */
export type ScheduleDecision =
  | { action: 'wait' }
  | { action: 'run'; scheduled_for: Date; missed: boolean }
  | { action: 'skip'; scheduled_for: Date };

/** The first scheduled time strictly after `after`, or null when the expression never comes round again. */
export function nextRunAfter(expression: string, after: Date, timezone?: string): Date | null {
  return cronOf(expression, timezone).nextRun(after);
}

/** The latest scheduled time in (`after`, `now`], or null when none passed. */
export function latestRunBetween(expression: string, after: Date, now: Date, timezone?: string): Date | null {
  // croner counts back from strictly before its reference (a run earlier in the same second included), and
  // scheduled times are whole minutes, so one millisecond past `now` includes a time exactly at `now`.
  const [latest] = cronOf(expression, timezone).previousRuns(1, new Date(now.getTime() + 1));
  return latest && latest.getTime() > after.getTime() ? latest : null;
}

/**
 * What to do for one site at `now`. However many scheduled times passed since the anchor, the answer is at most
 * one crawl, for the latest of them: a laptop closed for a month crawls once when it opens, not thirty times.
 * A time counts as on time while it is at most `onTimeMs` old; at start-up the scheduler passes 0, since any
 * time that passed before Siteloupe started was missed.
 */
export function decideRun(
  state: ScheduleState,
  now: Date,
  onTimeMs: number,
  timezone?: string,
): ScheduleDecision {
  const latest = latestRunBetween(state.expression, state.anchor, now, timezone);
  if (!latest) return { action: 'wait' };
  const missed = now.getTime() - latest.getTime() > onTimeMs;
  if (missed && !state.run_missed) return { action: 'skip', scheduled_for: latest };
  return { action: 'run', scheduled_for: latest, missed };
}

/** The latest of the given times (nulls ignored); the anchor is the latest of what has been dealt with. */
export function latestOf(...times: (Date | null | undefined)[]): Date {
  let out = new Date(0);
  for (const t of times) if (t && t.getTime() > out.getTime()) out = t;
  return out;
}

/**
 * When the schedule next starts a crawl, for the site's `next_crawl_at`: null without a schedule, or for one
 * croner no longer reads (a stored expression from an older croner), which the scheduler then does not run.
 */
export function nextCrawlAt(expression: string | null | undefined, now: Date): string | null {
  if (!expression) return null;
  try {
    return nextRunAfter(expression, now)?.toISOString() ?? null;
  } catch {
    return null;
  }
}

/**
 * The stored settings after a change, with `crawl_schedule_since` kept right: set to `now` when the schedule
 * is set or changed, kept when it stays the same (changing `run_missed` or any other setting does not restart
 * the count), and dropped with the schedule.
 */
export function withScheduleSince(
  before: StoredSiteSettings | null,
  after: StoredSiteSettings,
  now: Date,
): StoredSiteSettings {
  const { crawl_schedule_since: since, ...settings } = after;
  const schedule = settings.crawl_schedule ?? null;
  if (schedule === null) return settings;
  const unchanged = before !== null && (before.crawl_schedule ?? null) === schedule && since !== undefined;
  return { ...settings, crawl_schedule_since: unchanged ? since : now.toISOString() };
}
