/**
 * The sites that have a crawl schedule, each with its stored settings and the time of its latest scheduled
 * crawl (from the crawl jobs' params): what the scheduler needs to decide what is due, read in one query.
 */
import type { StoredSiteSettings } from '../../schemas/sites.js';
import type { Db } from '../db.js';

export interface CrawlScheduleRow {
  site_id: number;
  /** The user's settings as stored, with the service's `crawl_schedule_since`. */
  settings: StoredSiteSettings;
  updated_at: string;
  /** `scheduled_for` of the site's latest crawl the schedule started (whatever became of it), or null. */
  last_scheduled_for: string | null;
}

export function crawlSchedulesView(db: Db) {
  // Every scheduled crawl counts, failed and cancelled ones too: the time was dealt with, and running it again
  // at each start would repeat a crawl the analyst cancelled.
  const all = db.prepare<[], Omit<CrawlScheduleRow, 'settings'> & { settings: string }>(
    `SELECT s.id AS site_id, s.settings, s.updated_at,
            (SELECT MAX(json_extract(j.params, '$.scheduled_for')) FROM jobs j
              WHERE j.site_id = s.id AND j.kind = 'crawl' AND json_extract(j.params, '$.trigger') = 'schedule')
              AS last_scheduled_for
       FROM sites s
      WHERE json_extract(s.settings, '$.crawl_schedule') IS NOT NULL
      ORDER BY s.id`,
  );
  return {
    list: (): CrawlScheduleRow[] =>
      all.all().map((r) => ({ ...r, settings: JSON.parse(r.settings) as StoredSiteSettings })),
  };
}
export type CrawlSchedulesView = ReturnType<typeof crawlSchedulesView>;
