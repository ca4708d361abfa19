/**
 * Rows of `crawl_snapshots` and `url_states` (migration 22): a page's state per crawl, stored as changes only.
 * A snapshot is written in one pass over the site's pages at the end of a crawl, against the states the
 * previous snapshots add up to; reading a crawl's states takes each URL's latest row at or before it.
 */
import type { Db } from '../db.js';
import { nowIso } from '../clock.js';
import { statementCache } from '../statement-cache.js';

/** The page fields a snapshot keeps, in column order; equality over these decides whether a row is written. */
export const STATE_FIELDS = [
  'status_code',
  'fetch_error',
  'redirect_target',
  'title',
  'meta_description',
  'h1',
  'canonical_url',
  'indexable',
  'indexability_reason',
  'word_count',
  'content_hash',
  'inlinks',
  'outlinks',
  'depth',
  // The page's custom extraction values (#21) as a JSON object by rule name; null when its site has none.
  'extracts',
] as const;
export type StateField = (typeof STATE_FIELDS)[number];

export type PageState = Record<StateField, string | number | null>;

export interface UrlStateRow extends PageState {
  url: string;
  crawl_id: number;
  url_id: number;
  /** 0: the URL was not among the site's pages at this crawl. */
  present: 0 | 1;
  content_cosine: number | null;
}

export interface SnapshotRow {
  crawl_id: number;
  site_id: number;
  finished_at: string;
  urls: number;
  changed: number;
}

const sameState = (a: PageState, b: PageState) => STATE_FIELDS.every((f) => a[f] === b[f]);
const COLUMNS = STATE_FIELDS.join(', ');
/** A page's state fields as read from `pages`: its extract values gathered by rule, in the rules' order. */
const PAGE_COLUMNS = STATE_FIELDS.map((f) =>
  f === 'extracts'
    ? `(SELECT NULLIF(json_group_object(name, json(value_json)), '{}') FROM (
         SELECT x.name, e.value_json FROM page_extracts e JOIN extractors x ON x.id = e.extractor_id
         WHERE e.page_id = pages.id ORDER BY x.id)) AS extracts`
    : f,
).join(', ');

export function historyRepo(db: Db) {
  // Prepared on first use: a store is also built over databases from before migration 22 (the migration tests).
  const prepared = statementCache(db);
  const latestAt = () =>
    prepared<[number, number, number], UrlStateRow>(
      `SELECT s.* FROM url_states s
       JOIN (SELECT url, MAX(crawl_id) AS c FROM url_states WHERE site_id = ? AND crawl_id <= ? GROUP BY url) m
         ON s.url = m.url AND s.crawl_id = m.c
       WHERE s.site_id = ?`,
    );
  const insertState = () =>
    prepared<unknown[], never>(
      `INSERT INTO url_states (site_id, url, crawl_id, url_id, present, ${COLUMNS})
       VALUES (?, ?, ?, ?, ?, ${STATE_FIELDS.map(() => '?').join(', ')})`,
    );

  const repo = {
    snapshots: (siteId: number): SnapshotRow[] =>
      prepared<[number], SnapshotRow>(
        'SELECT * FROM crawl_snapshots WHERE site_id = ? ORDER BY crawl_id DESC',
      ).all(siteId),
    snapshot: (crawlId: number): SnapshotRow | undefined =>
      prepared<[number], SnapshotRow>('SELECT * FROM crawl_snapshots WHERE crawl_id = ?').get(crawlId),

    /** Every URL's latest row at or before `crawlId`, tombstones included. */
    statesAt: (siteId: number, crawlId: number): UrlStateRow[] => latestAt().all(siteId, crawlId, siteId),

    /** One URL's rows, oldest first. */
    urlRows: (siteId: number, url: string): UrlStateRow[] =>
      prepared<[number, string], UrlStateRow>(
        'SELECT * FROM url_states WHERE site_id = ? AND url = ? ORDER BY crawl_id',
      ).all(siteId, url),

    /**
     * Snapshots the site's pages as crawl `crawlId` left them: a row for each URL whose state differs from the
     * last snapshot's, a tombstone for each page that is gone. Runs in the caller's transaction.
     */
    take(siteId: number, crawlId: number): SnapshotRow {
      const last = prepared<[number], { crawl_id: number }>(
        'SELECT crawl_id FROM crawl_snapshots WHERE site_id = ? ORDER BY crawl_id DESC LIMIT 1',
      ).get(siteId);
      const before = new Map<string, UrlStateRow>();
      if (last) for (const r of repo.statesAt(siteId, last.crawl_id)) if (r.present) before.set(r.url, r);
      const pages = prepared<[number], PageState & { id: number; url: string }>(
        `SELECT id, url, ${PAGE_COLUMNS} FROM pages WHERE site_id = ?`,
      ).all(siteId);
      prepared<[number, number, string], never>(
        'INSERT INTO crawl_snapshots (crawl_id, site_id, finished_at, urls, changed) VALUES (?, ?, ?, 0, 0)',
      ).run(crawlId, siteId, nowIso());
      const insert = insertState();
      let changed = 0;
      for (const p of pages) {
        const prev = before.get(p.url);
        before.delete(p.url);
        if (prev && sameState(prev, p)) continue;
        insert.run(siteId, p.url, crawlId, p.id, 1, ...STATE_FIELDS.map((f) => p[f]));
        changed++;
      }
      for (const gone of before.values()) {
        insert.run(siteId, gone.url, crawlId, gone.url_id, 0, ...STATE_FIELDS.map(() => null));
        changed++;
      }
      prepared<[number, number, number], never>(
        'UPDATE crawl_snapshots SET urls = ?, changed = ? WHERE crawl_id = ?',
      ).run(pages.length, changed, crawlId);
      return repo.snapshot(crawlId)!;
    },

    /** The page a URL is now, if it is one. */
    pageIdOf: (siteId: number, url: string): number | null =>
      prepared<[number, string], { id: number }>('SELECT id FROM pages WHERE site_id = ? AND url = ?').get(
        siteId,
        url,
      )?.id ?? null,

    /** The embedding job's measure of how far a changed page's text moved, on the crawl's row for it. */
    setContentCosine(siteId: number, url: string, crawlId: number, cosine: number): void {
      prepared<[number, number, string, number], never>(
        'UPDATE url_states SET content_cosine = ? WHERE site_id = ? AND url = ? AND crawl_id = ?',
      ).run(cosine, siteId, url, crawlId);
    },

    /**
     * Keeps the newest `keep` snapshots. The oldest one's rows fold into the next: a row the next crawl
     * overrides goes, the others become the next crawl's (they are its state too), and tombstones at the new
     * oldest snapshot go (absence needs no row there). Returns the snapshots removed.
     */
    prune(siteId: number, keep: number): number {
      const all = repo.snapshots(siteId).reverse();
      let removed = 0;
      while (all.length > keep && all.length >= 2) {
        const [oldest, next] = [all[0]!.crawl_id, all[1]!.crawl_id];
        prepared<[number, number, number, number], never>(
          `DELETE FROM url_states WHERE site_id = ? AND crawl_id = ?
             AND url IN (SELECT url FROM url_states WHERE site_id = ? AND crawl_id = ?)`,
        ).run(siteId, oldest, siteId, next);
        prepared<[number, number, number], never>(
          'UPDATE url_states SET crawl_id = ? WHERE site_id = ? AND crawl_id = ?',
        ).run(next, siteId, oldest);
        prepared<[number, number], never>(
          'DELETE FROM url_states WHERE site_id = ? AND crawl_id = ? AND present = 0',
        ).run(siteId, next);
        prepared<[number], never>('DELETE FROM crawl_snapshots WHERE crawl_id = ?').run(oldest);
        all.shift();
        removed++;
      }
      return removed;
    },
  };
  return repo;
}
export type HistoryRepo = ReturnType<typeof historyRepo>;
