/**
 * What the sync form starts with when the site has never been synced: the Search Console properties its start
 * URL can belong to, and a date range the API accepts. Pure functions, so the guesses can be tested alone.
 */

/**
 * Search Console keeps 16 months of data and the API refuses a longer range (`GSC_MAX_SYNC_DAYS` = 487 in
 * server/schemas/gsc.ts, which the renderer may not import at run time): the widest range is 486 days apart.
 */
export const GSC_MAX_RANGE_DAYS = 486;
/** Google revises the last few days' figures; a follow-up sync starts this many days before the last one ended. */
export const GSC_REVISED_DAYS = 3;

export interface PropertyGuesses {
  /** `sc-domain:example.com` (no `www.`), or null for an IP address or a name without a dot. */
  domain: string | null;
  /** The URL-prefix property of the start URL's origin, `https://www.example.com/`. */
  prefix: string | null;
}

export function propertyGuesses(startUrl: string | undefined): PropertyGuesses {
  let url: URL;
  try {
    url = new URL(startUrl ?? '');
  } catch {
    return { domain: null, prefix: null };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { domain: null, prefix: null };
  const host = url.hostname;
  const isIp = /^\d+(\.\d+){3}$/.test(host) || host.startsWith('[');
  const domain = isIp || !host.includes('.') ? null : `sc-domain:${host.replace(/^www\./, '')}`;
  return { domain, prefix: `${url.origin}/` };
}

/** A local calendar date as YYYY-MM-DD (the analyst's day, not UTC's). */
export function isoDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function shiftDay(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Up to yesterday (today has no data yet). A first sync takes all 16 months; after a successful sync the
 * range starts a few days before that one ended, so the revised days are fetched again and nothing is missed.
 */
export function defaultRange(today: Date, lastSyncedTo?: string): { from: string; to: string } {
  const to = shiftDay(isoDay(today), -1);
  const oldest = shiftDay(to, -GSC_MAX_RANGE_DAYS);
  if (!lastSyncedTo || !/^\d{4}-\d{2}-\d{2}$/.test(lastSyncedTo)) return { from: oldest, to };
  const resume = shiftDay(lastSyncedTo, -GSC_REVISED_DAYS);
  const from = resume < oldest ? oldest : resume > to ? to : resume;
  return { from, to };
}
