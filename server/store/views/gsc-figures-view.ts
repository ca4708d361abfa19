/**
 * Per-page and per-query Search Console figures that other areas (pages list, other URLs, campaigns) read.
 * A page's figures come from its API rows (page × query × date) when it has any, otherwise from an imported
 * page total: the two are never added, because both count the same clicks. Positions are averaged weighted by
 * impressions, as Search Console itself weights them.
 */
import type { Db } from '../db.js';

export interface GscFigureRow {
  url_id: number;
  clicks: number;
  impressions: number;
  position: number;
}

export interface GscQueryRow {
  query: string;
  clicks: number;
  impressions: number;
  position: number;
}

/** Sums of one group: weighted position falls back to the plain mean when nothing was shown. */
const SUMS = `SUM(clicks) AS clicks, SUM(impressions) AS impressions,
  COALESCE(SUM(position * impressions) / NULLIF(SUM(impressions), 0), AVG(position)) AS position`;

export function gscFiguresView(db: Db) {
  const hasData = db.prepare<[number], { n: number }>(
    'SELECT EXISTS (SELECT 1 FROM gsc_rows WHERE site_id = ?) AS n',
  );
  // One row per page: its API rows summed, or its imported total when it has no API rows.
  const PAGE_FIGURES = `SELECT url_id, ${SUMS} FROM gsc_rows WHERE site_id = ? AND grain = 'pqd' GROUP BY url_id
     UNION ALL
     SELECT url_id, clicks, impressions, position FROM gsc_rows g
     WHERE site_id = ? AND grain = 'page' AND NOT EXISTS (
       SELECT 1 FROM gsc_rows d WHERE d.site_id = ? AND d.grain = 'pqd' AND d.url_id = g.url_id)`;
  const pageFigures = db.prepare<[number, number, number], GscFigureRow>(PAGE_FIGURES);
  const topPages = db.prepare<[number, number, number, number], GscFigureRow>(
    `${PAGE_FIGURES} ORDER BY clicks DESC, impressions DESC, url_id LIMIT ?`,
  );
  const pageCount = db.prepare<[number, number, number], { n: number }>(
    `SELECT COUNT(*) AS n FROM (${PAGE_FIGURES})`,
  );
  const figuresFor = db.prepare<[string, string], GscFigureRow>(
    `SELECT url_id, ${SUMS} FROM gsc_rows
     WHERE grain = 'pqd' AND url_id IN (SELECT value FROM json_each(?)) GROUP BY url_id
     UNION ALL
     SELECT url_id, clicks, impressions, position FROM gsc_rows g
     WHERE grain = 'page' AND url_id IN (SELECT value FROM json_each(?)) AND NOT EXISTS (
       SELECT 1 FROM gsc_rows d WHERE d.url_id = g.url_id AND d.grain = 'pqd')`,
  );
  const topQueries = db.prepare<[number, number, number, number], GscQueryRow>(
    `SELECT query, ${SUMS} FROM gsc_rows WHERE site_id = ? AND grain = 'pqd' GROUP BY query
     UNION ALL
     SELECT query, clicks, impressions, position FROM gsc_rows g
     WHERE site_id = ? AND grain = 'query' AND NOT EXISTS (
       SELECT 1 FROM gsc_rows d WHERE d.site_id = ? AND d.grain = 'pqd' AND d.query = g.query)
     ORDER BY clicks DESC, impressions DESC, query LIMIT ?`,
  );
  // Only crawled pages count as ranking pages: a URL that only Search Console knows is not a page.
  const rankingPages = db.prepare<[number, string], { query: string; url_id: number }>(
    `SELECT g.query, g.url_id FROM gsc_rows g JOIN pages p ON p.id = g.url_id
     WHERE g.site_id = ? AND g.grain = 'pqd' AND g.query IN (SELECT value FROM json_each(?))
     GROUP BY g.query, g.url_id
     ORDER BY g.query, SUM(g.clicks) DESC, SUM(g.impressions) DESC,
       COALESCE(SUM(g.position * g.impressions) / NULLIF(SUM(g.impressions), 0), AVG(g.position)), g.url_id`,
  );
  const lastDate = db.prepare<[number], { d: string | null }>(
    `SELECT MAX(date) AS d FROM gsc_rows WHERE site_id = ? AND grain = 'pqd'`,
  );
  // Positions are averaged over the window weighted by impressions, as Search Console averages them.
  const trend = db.prepare<
    [{ recent: string; previous: string; site: number }],
    {
      url_id: number;
      recent_clicks: number;
      previous_clicks: number;
      recent_impressions: number;
      previous_impressions: number;
      recent_position: number | null;
      previous_position: number | null;
    }
  >(
    `SELECT url_id,
       SUM(CASE WHEN date >= @recent THEN clicks ELSE 0 END) AS recent_clicks,
       SUM(CASE WHEN date < @recent THEN clicks ELSE 0 END) AS previous_clicks,
       SUM(CASE WHEN date >= @recent THEN impressions ELSE 0 END) AS recent_impressions,
       SUM(CASE WHEN date < @recent THEN impressions ELSE 0 END) AS previous_impressions,
       SUM(CASE WHEN date >= @recent THEN position * impressions END)
         / NULLIF(SUM(CASE WHEN date >= @recent THEN impressions END), 0) AS recent_position,
       SUM(CASE WHEN date < @recent THEN position * impressions END)
         / NULLIF(SUM(CASE WHEN date < @recent THEN impressions END), 0) AS previous_position
     FROM gsc_rows WHERE site_id = @site AND grain = 'pqd' AND date >= @previous GROUP BY url_id`,
  );
  const pageQueryImpressions = db.prepare<[number], { url_id: number; query: string; impressions: number }>(
    `SELECT url_id, query, SUM(impressions) AS impressions FROM gsc_rows
     WHERE site_id = ? AND grain = 'pqd' AND impressions > 0 GROUP BY url_id, query`,
  );
  const pageQueries = db.prepare<[number], { url_id: number; query: string }>(
    `SELECT DISTINCT url_id, query FROM gsc_rows
     WHERE site_id = ? AND grain = 'pqd' AND impressions > 0 ORDER BY url_id`,
  );

  return {
    hasData: (siteId: number): boolean => hasData.get(siteId)!.n === 1,
    pageFigures: (siteId: number): GscFigureRow[] => pageFigures.all(siteId, siteId, siteId),
    /** The pages with the most clicks (then impressions), without reading the others. */
    topPages: (siteId: number, limit: number): GscFigureRow[] => topPages.all(siteId, siteId, siteId, limit),
    /** How many pages have figures. */
    pageCount: (siteId: number): number => pageCount.get(siteId, siteId, siteId)!.n,
    /** Figures of the given URLs only (a list page's rows); URLs without data are absent. */
    figuresFor(urlIds: number[]): GscFigureRow[] {
      if (!urlIds.length) return [];
      const ids = JSON.stringify(urlIds);
      return figuresFor.all(ids, ids);
    },
    topQueries: (siteId: number, limit: number): GscQueryRow[] =>
      topQueries.all(siteId, siteId, siteId, limit),
    /** Crawled pages that have impressions for each query, best first (clicks, impressions, position). */
    rankingPages(siteId: number, queries: string[]): Map<string, number[]> {
      const out = new Map<string, number[]>();
      for (const r of rankingPages.all(siteId, JSON.stringify(queries))) {
        const list = out.get(r.query) ?? [];
        list.push(r.url_id);
        out.set(r.query, list);
      }
      return out;
    },
    lastDate: (siteId: number): string | null => lastDate.get(siteId)?.d ?? null,
    /** Clicks per page in [recentFrom, …] and [previousFrom, recentFrom). Dates are YYYY-MM-DD. */
    trend: (siteId: number, recentFrom: string, previousFrom: string) =>
      trend.all({ recent: recentFrom, previous: previousFrom, site: siteId }),
    pageQueries: (siteId: number) => pageQueries.iterate(siteId),
    /** Each page's impressions per query over all the synced days. */
    pageQueryImpressions: (siteId: number) => pageQueryImpressions.iterate(siteId),
  };
}
export type GscFiguresView = ReturnType<typeof gscFiguresView>;
