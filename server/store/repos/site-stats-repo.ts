/**
 * Aggregate counts shown on a site. Each area adds its count here as its tables arrive, so that the
 * figures always come from stored rows rather than from counters that could drift.
 */
import type { Db } from '../db.js';

export interface SiteStatsRow {
  pages: number;
  html_pages: number;
  redirects: number;
  errors: number;
  blocked: number;
  embedded: number;
  pairs: number;
  clusters: number;
  last_crawl_at: string | null;
}

export function siteStatsRepo(db: Db) {
  const lastCrawl = db.prepare<[number], { at: string | null }>(
    `SELECT MAX(finished_at) AS at FROM jobs WHERE site_id = ? AND kind = 'crawl' AND status = 'succeeded'`,
  );
  return {
    get(siteId: number): SiteStatsRow {
      return {
        pages: 0,
        html_pages: 0,
        redirects: 0,
        errors: 0,
        blocked: 0,
        embedded: 0,
        pairs: 0,
        clusters: 0,
        last_crawl_at: lastCrawl.get(siteId)?.at ?? null,
      };
    },
  };
}
