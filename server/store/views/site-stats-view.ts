/**
 * Aggregates of a site's stored rows: the counts shown on a site and the crawl summary. Always computed from
 * rows, never kept as counters that could drift.
 */
import type { JobKind } from '../../schemas/jobs.js';
import type { Db } from '../db.js';
import { EMBEDDABLE, SEARCHABLE_COUNT } from '../repos/embeddings-repo.js';

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

export interface Count {
  key: string;
  count: number;
}

/**
 * What counts as an error, wherever Siteloupe counts errors (site stats, the report, a crawl's result): a URL that
 * answered 4xx/5xx or gave no usable answer (timeout, refused, a redirect loop or an over-long chain).
 */
const IS_ERROR = 'p.status_code >= 400 OR p.fetch_error IS NOT NULL';

export function siteStatsView(db: Db) {
  const lastCrawl = db.prepare<[number, JobKind], { at: string | null }>(
    `SELECT MAX(finished_at) AS at FROM jobs WHERE site_id = ? AND kind = ? AND status = 'succeeded'`,
  );
  const pageCounts = db.prepare<
    [number],
    { pages: number; html_pages: number; redirects: number; errors: number }
  >(
    `SELECT COUNT(*) AS pages,
       COALESCE(SUM(p.content_type IN ('text/html', 'application/xhtml+xml') AND p.status_code BETWEEN 200 AND 299), 0) AS html_pages,
       COALESCE(SUM(p.status_code BETWEEN 300 AND 399), 0) AS redirects,
       COALESCE(SUM(${IS_ERROR}), 0) AS errors
     FROM pages p WHERE p.site_id = ?`,
  );
  // The URLs the current crawl fetched (a fresh crawl makes every known URL stale first; fetching marks it done).
  const crawlErrors = db.prepare<[number], { n: number }>(
    `SELECT COUNT(*) AS n FROM urls u JOIN pages p ON p.id = u.id
     WHERE u.site_id = ? AND u.state = 'done' AND (${IS_ERROR})`,
  );
  // What a search covers now (embeddings-repo.ts), not every `page_embeddings` row: a page that became noindex
  // keeps its row until the next embed job drops it, and is not searchable meanwhile.
  const embedded = db.prepare<[number], { n: number }>(
    `SELECT ${SEARCHABLE_COUNT} AS n FROM pages p LEFT JOIN page_embeddings e ON e.page_id = p.id
     WHERE p.site_id = ? AND ${EMBEDDABLE}`,
  );
  const similarity = db.prepare<[{ site: number }], { pairs: number; clusters: number }>(
    `SELECT (SELECT COUNT(*) FROM similarity_pairs p JOIN similarity_current c ON c.run_id = p.run_id WHERE c.site_id = @site) AS pairs,
            (SELECT COUNT(*) FROM similarity_clusters k JOIN similarity_current c ON c.run_id = k.run_id WHERE c.site_id = @site) AS clusters`,
  );
  const blocked = db.prepare<[number], { n: number }>(
    `SELECT COUNT(*) AS n FROM urls WHERE site_id = ? AND state = 'skipped' AND reason = 'blocked_by_robots'`,
  );
  const grouped = (expr: string) =>
    db.prepare<[number], Count>(
      `SELECT ${expr} AS key, COUNT(*) AS count FROM pages WHERE site_id = ? GROUP BY 1 ORDER BY 2 DESC, 1`,
    );
  const byStatus = grouped(`COALESCE(CAST(status_code AS TEXT), 'error')`);
  const byDepth = grouped(`COALESCE(CAST(depth AS TEXT), 'none')`);
  const byIndexability = grouped(
    `CASE WHEN indexable = 1 THEN 'indexable' ELSE COALESCE(indexability_reason, 'unknown') END`,
  );
  const byContentType = grouped(`COALESCE(content_type, 'unknown')`);
  const timed = db.prepare<[number], { n: number }>(
    'SELECT COUNT(*) AS n FROM pages WHERE site_id = ? AND response_ms IS NOT NULL',
  );
  const nthTime = db.prepare<[number, number], { v: number }>(
    'SELECT response_ms AS v FROM pages WHERE site_id = ? AND response_ms IS NOT NULL ORDER BY response_ms LIMIT 1 OFFSET ?',
  );

  const percentile = (siteId: number, n: number, p: number) =>
    n ? (nthTime.get(siteId, Math.min(n - 1, Math.floor(p * n)))?.v ?? null) : null;

  return {
    get(siteId: number): SiteStatsRow {
      const pages = pageCounts.get(siteId)!;
      return {
        ...pages,
        blocked: blocked.get(siteId)!.n,
        embedded: embedded.get(siteId)!.n,
        ...similarity.get({ site: siteId })!,
        last_crawl_at: lastCrawl.get(siteId, 'crawl')?.at ?? null,
      };
    },
    /**
     * Errors among the URLs the site's latest crawl fetched, once it has settled redirect loops: the crawl result's
     * `errors`, the same count as `errors` above after a full crawl.
     */
    crawlErrors(siteId: number): number {
      return crawlErrors.get(siteId)!.n;
    },
    summary(siteId: number) {
      const n = timed.get(siteId)!.n;
      // Depths sort numerically, with pages reached only from sitemaps ('none') last.
      const depths = byDepth
        .all(siteId)
        .sort((a, b) => (a.key === 'none' ? 1 : b.key === 'none' ? -1 : Number(a.key) - Number(b.key)));
      return {
        status_codes: byStatus.all(siteId),
        depths,
        indexability: byIndexability.all(siteId),
        content_types: byContentType.all(siteId),
        response_ms: { p50: percentile(siteId, n, 0.5), p95: percentile(siteId, n, 0.95) },
      };
    },
  };
}
