/**
 * Every URL known for a site that is not an indexable crawled HTML page, with one reason each: why it was not
 * fetched (the frontier's skip reason), or what its fetch found (redirect, error, non-HTML, not indexable).
 * URLs only a sitemap or Search Console knows get their own reasons.
 */
import type { OtherUrlReason } from '../../schemas/analytics.js';
import { sourceBit } from '../../schemas/crawl.js';
import type { Db } from '../db.js';
import { ANCHOR_KINDS_SQL } from '../sql.js';
import { statementCache } from '../statement-cache.js';

export interface OtherUrlRow {
  id: number;
  url: string;
  /** Decided by `REASON`, whose values are the schema's reasons. */
  reason: OtherUrlReason;
  sources: number;
  status_code: number | null;
  content_type: string | null;
  inlinks: number;
  first_seen_at: string;
}

/** The reason, decided in one place. */
export const REASON = `CASE
  WHEN p.id IS NULL AND u.sources = ${sourceBit('gsc')} THEN 'gsc_only'
  WHEN p.id IS NULL AND u.sources = ${sourceBit('sitemap')} THEN 'sitemap_only'
  WHEN p.id IS NULL AND u.state = 'skipped' THEN u.reason
  WHEN p.id IS NULL THEN 'not_crawled'
  WHEN p.fetch_error IS NOT NULL AND (p.status_code IS NULL OR p.status_code NOT BETWEEN 300 AND 399) THEN 'error'
  WHEN p.status_code BETWEEN 300 AND 399 THEN 'redirect'
  WHEN p.status_code >= 400 THEN 'error'
  WHEN p.content_type IS NULL OR p.content_type NOT IN ('text/html', 'application/xhtml+xml') THEN 'non_html'
  WHEN p.indexable = 0 THEN 'non_indexable'
  ELSE NULL END`;

export function otherUrlsView(db: Db) {
  const prepared = statementCache(db);
  return {
    list(
      siteId: number,
      reasons: string[] | undefined,
      sourceBits: number,
      afterId: number,
      limit: number,
    ): OtherUrlRow[] {
      const where = ['reason IS NOT NULL', 'id > ?'];
      const args: (string | number)[] = [afterId];
      if (reasons?.length) {
        where.push(`reason IN (${reasons.map(() => '?').join(',')})`);
        args.push(...reasons);
      }
      if (sourceBits) {
        where.push('(sources & ?) != 0');
        args.push(sourceBits);
      }
      return prepared<(string | number)[], OtherUrlRow>(
        `SELECT * FROM (
             SELECT u.id, u.url, ${REASON} AS reason, u.sources, p.status_code, p.content_type, u.first_seen_at,
               (SELECT COUNT(DISTINCT l.source_id) FROM links l WHERE l.target_id = u.id AND l.source_id != u.id
                  AND l.edge_kind IN ${ANCHOR_KINDS_SQL}) AS inlinks
             FROM urls u LEFT JOIN pages p ON p.id = u.id
             WHERE u.site_id = ? AND u.state != 'stale')
           WHERE ${where.join(' AND ')} ORDER BY id LIMIT ?`,
      ).all(siteId, ...args, limit);
    },
  };
}
