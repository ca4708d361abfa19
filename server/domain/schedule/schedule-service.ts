/**
 * The sites' crawl schedules as the scheduler reads them: which sites have one, and from when their missed-run
 * rule counts (the later of when the schedule was set and the last crawl it started). Starting the crawls is the
 * crawl service's; keeping `crawl_schedule_since` is the sites service's.
 */
import { CRAWL_SETTINGS_DEFAULTS } from '../../schemas/sites.js';
import type { Store } from '../../store/index.js';

export interface SiteSchedule {
  site_id: number;
  expression: string;
  run_missed: boolean;
  /** When the schedule was set: times before it were never the site's schedule. */
  since: Date;
  /** The time the latest crawl this schedule started was for, or null before its first. */
  last_scheduled_for: Date | null;
}

export class ScheduleService {
  constructor(private readonly store: Store) {}

  /** Every site with a schedule, in id order. */
  list(): SiteSchedule[] {
    return this.store.crawlSchedules.list().flatMap((row): SiteSchedule[] => {
      const expression = row.settings.crawl_schedule;
      if (!expression) return [];
      return [
        {
          site_id: row.site_id,
          expression,
          run_missed: row.settings.run_missed ?? CRAWL_SETTINGS_DEFAULTS.run_missed,
          // A schedule stored without its time (set by hand in the database) counts from the site's last change.
          since: new Date(row.settings.crawl_schedule_since ?? row.updated_at),
          last_scheduled_for: row.last_scheduled_for ? new Date(row.last_scheduled_for) : null,
        },
      ];
    });
  }
}
