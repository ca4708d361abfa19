/**
 * Rows of `urls`: the crawl frontier and the registry of every URL known for a site. Claiming moves rows from
 * `queued` to `fetching` in one statement, so a URL is handed out once; a crash leaves `fetching` rows that
 * `resetFetching` returns to the queue.
 */
import type { Db } from '../db.js';
import { nowIso } from '../clock.js';

export interface UrlRow {
  id: number;
  site_id: number;
  url: string;
  internal: number;
  state: 'queued' | 'fetching' | 'done' | 'skipped' | 'stale';
  reason: string | null;
  depth: number | null;
  priority: number;
  sources: number;
  followable: number;
  first_seen_at: string;
}

/** Sitemap-only URLs wait until everything reachable by links has been crawled. */
export const UNLINKED_PRIORITY = 1_000_000_000;

export function urlsRepo(db: Db) {
  const byUrl = db.prepare<[number, string], UrlRow>('SELECT * FROM urls WHERE site_id = ? AND url = ?');
  const byId = db.prepare<[number], UrlRow>('SELECT * FROM urls WHERE id = ?');
  const insert = db.prepare<
    [number, string, number, string, string | null, number | null, number, number, number, string]
  >(
    `INSERT INTO urls (site_id, url, internal, state, reason, depth, priority, sources, followable, first_seen_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const update = db.prepare<[number, string, string | null, number | null, number, number, number, number]>(
    `UPDATE urls SET internal = ?, state = ?, reason = ?, depth = ?, priority = ?, sources = ?, followable = ?
     WHERE id = ?`,
  );
  const claim = db.prepare<[number, number, number], UrlRow>(
    `UPDATE urls SET state = 'fetching' WHERE id IN (
       SELECT id FROM urls WHERE site_id = ? AND state = 'queued' AND priority <= ? ORDER BY priority, id LIMIT ?)
     RETURNING *`,
  );
  const setState = db.prepare<[string, string | null, number]>(
    'UPDATE urls SET state = ?, reason = ? WHERE id = ?',
  );
  const resetFetching = db.prepare<[number]>(
    `UPDATE urls SET state = 'queued' WHERE site_id = ? AND state = 'fetching'`,
  );
  const beginFresh = db.prepare<[number, number]>(
    `UPDATE urls SET state = 'stale', reason = NULL, depth = NULL, priority = ${UNLINKED_PRIORITY},
       followable = 0, sources = sources & ? WHERE site_id = ?`,
  );
  const queuedToNotCrawled = db.prepare<[number]>(
    `UPDATE urls SET state = 'skipped', reason = 'not_crawled' WHERE site_id = ? AND state IN ('queued', 'fetching')`,
  );
  // A page row of a URL this crawl did not fetch is an earlier crawl's. It goes when the URL was not reached
  // again (stale) or is now outside what the user asked to crawl (an exclude pattern, the scope); the URL stays
  // listed with that reason. Pages skipped for reasons that can be passing (robots.txt that answered 5xx counts
  // as disallow-all; max_pages or max_depth cut this run short) are kept: one bad run must not empty a site.
  const deleteUnfetchedPages = db.prepare<[number]>(
    `DELETE FROM pages WHERE id IN (SELECT id FROM urls WHERE site_id = ? AND (state = 'stale' OR (state = 'skipped' AND reason IN ('excluded_by_rule', 'outside_scope'))))`,
  );
  const deleteUnfetchedLinks = db.prepare<[number]>(
    `DELETE FROM links WHERE source_id IN (SELECT id FROM urls WHERE site_id = ? AND (state = 'stale' OR (state = 'skipped' AND reason IN ('excluded_by_rule', 'outside_scope'))))`,
  );
  const deleteStaleUnsourced = db.prepare<[number]>(
    `DELETE FROM urls WHERE site_id = ? AND state = 'stale' AND sources = 0`,
  );
  const staleToNotCrawled = db.prepare<[number]>(
    `UPDATE urls SET state = 'skipped', reason = 'not_crawled' WHERE site_id = ? AND state = 'stale'`,
  );
  const staleKept = db.prepare<[number], Pick<UrlRow, 'id' | 'url'>>(
    `SELECT id, url FROM urls WHERE site_id = ? AND state = 'stale' AND sources != 0`,
  );
  const settle = db.prepare<[number, string, number]>(
    `UPDATE urls SET internal = ?, state = 'skipped', reason = ? WHERE id = ?`,
  );
  const counts = db.prepare<[number], { state: string; n: number }>(
    'SELECT state, COUNT(*) AS n FROM urls WHERE site_id = ? GROUP BY state',
  );

  return {
    byUrl: (siteId: number, url: string): UrlRow | undefined => byUrl.get(siteId, url),
    byId: (id: number): UrlRow | undefined => byId.get(id),
    insert(row: Omit<UrlRow, 'id' | 'first_seen_at'>): number {
      const info = insert.run(
        row.site_id,
        row.url,
        row.internal,
        row.state,
        row.reason,
        row.depth,
        row.priority,
        row.sources,
        row.followable,
        nowIso(),
      );
      return Number(info.lastInsertRowid);
    },
    update(row: UrlRow): void {
      update.run(
        row.internal,
        row.state,
        row.reason,
        row.depth,
        row.priority,
        row.sources,
        row.followable,
        row.id,
      );
    },
    /** Hands out up to `n` queued URLs in frontier order, none with a priority above `maxPriority`. */
    claim: (siteId: number, n: number, maxPriority: number): UrlRow[] => claim.all(siteId, maxPriority, n),
    setState: (id: number, state: UrlRow['state'], reason: string | null = null) =>
      setState.run(state, reason, id),
    resetFetching: (siteId: number) => resetFetching.run(siteId).changes,
    /** A new crawl re-discovers everything; only sources found outside crawling (keepSources) survive. */
    beginFresh: (siteId: number, keepSources: number) => beginFresh.run(keepSources, siteId).changes,
    queuedToNotCrawled: (siteId: number) => queuedToNotCrawled.run(siteId).changes,
    /** URLs a crawl did not reach again that a source outside crawling (keepSources) still knows. */
    staleKept: (siteId: number): Pick<UrlRow, 'id' | 'url'>[] => staleKept.all(siteId),
    /** Records a URL as known but not fetched, for `reason`, and whether it is the site's own. */
    settle: (id: number, internal: boolean, reason: string) => settle.run(internal ? 1 : 0, reason, id),
    /**
     * After a crawl (once nothing is queued): pages and outgoing links the crawl did not fetch again are dropped,
     * and so are URLs not reached again unless something outside the crawl still knows them.
     */
    sweepStale(siteId: number): { urls: number; pages: number } {
      const pages = deleteUnfetchedPages.run(siteId).changes;
      deleteUnfetchedLinks.run(siteId);
      const urls = deleteStaleUnsourced.run(siteId).changes;
      staleToNotCrawled.run(siteId);
      return { urls, pages };
    },
    counts(siteId: number): Record<string, number> {
      return Object.fromEntries(counts.all(siteId).map((r) => [r.state, r.n]));
    },
  };
}
export type UrlsRepo = ReturnType<typeof urlsRepo>;
