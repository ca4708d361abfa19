/**
 * Rows of `crawl_snapshots` and `url_states` (migration 22): a page's state per crawl, stored as changes only.
 * A snapshot is written in one pass over the site's pages at the end of a crawl, against the states the
 * previous snapshots add up to; reading a crawl's states takes each URL's latest row at or before it. States
 * are read decoded (`indexable` a boolean, the extract values parsed); writing compares them as stored.
 */
import type { ExtractValue } from '../../schemas/extraction.js';
import type { PageState } from '../../schemas/history.js';
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
] as const satisfies readonly (keyof StoredState)[];
export type StateField = (typeof STATE_FIELDS)[number];

/** A page's state as its columns hold it. */
interface StoredState {
  status_code: number | null;
  fetch_error: string | null;
  redirect_target: string | null;
  title: string | null;
  meta_description: string | null;
  h1: string | null;
  canonical_url: string | null;
  indexable: 0 | 1 | null;
  indexability_reason: string | null;
  word_count: number | null;
  content_hash: string | null;
  inlinks: number | null;
  outlinks: number | null;
  depth: number | null;
  /** JSON: the values by rule name. */
  extracts: string | null;
}

interface StoredUrlState extends StoredState {
  url: string;
  crawl_id: number;
  url_id: number;
  /** 0: the URL was not among the site's pages at this crawl (a tombstone, every state field null). */
  present: 0 | 1;
  content_cosine: number | null;
}

export interface UrlStateRow {
  url: string;
  crawl_id: number;
  url_id: number;
  /** The page as this crawl left it; null when the URL was not among the site's pages. */
  state: PageState | null;
  content_cosine: number | null;
}

export interface SnapshotRow {
  crawl_id: number;
  site_id: number;
  finished_at: string;
  urls: number;
  changed: number;
}

const sameState = (a: StoredState, b: StoredState) => STATE_FIELDS.every((f) => a[f] === b[f]);

const toPageState = (r: StoredState): PageState => ({
  status_code: r.status_code,
  fetch_error: r.fetch_error,
  redirect_target: r.redirect_target,
  title: r.title,
  meta_description: r.meta_description,
  h1: r.h1,
  canonical_url: r.canonical_url,
  indexable: r.indexable === null ? null : r.indexable === 1,
  indexability_reason: r.indexability_reason,
  word_count: r.word_count,
  content_hash: r.content_hash,
  inlinks: r.inlinks,
  outlinks: r.outlinks,
  depth: r.depth,
  extract: r.extracts === null ? null : (JSON.parse(r.extracts) as Record<string, ExtractValue>),
});

const toUrlState = (r: StoredUrlState): UrlStateRow => ({
  url: r.url,
  crawl_id: r.crawl_id,
  url_id: r.url_id,
  state: r.present ? toPageState(r) : null,
  content_cosine: r.content_cosine,
});

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
    prepared<[number, number, number], StoredUrlState>(
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
    statesAt: (siteId: number, crawlId: number): UrlStateRow[] =>
      latestAt().all(siteId, crawlId, siteId).map(toUrlState),

    /** One URL's rows, oldest first. */
    urlRows: (siteId: number, url: string): UrlStateRow[] =>
      prepared<[number, string], StoredUrlState>(
        'SELECT * FROM url_states WHERE site_id = ? AND url = ? ORDER BY crawl_id',
      )
        .all(siteId, url)
        .map(toUrlState),

    /**
     * Snapshots the site's pages as crawl `crawlId` left them: a row for each URL whose state differs from the
     * last snapshot's, a tombstone for each page that is gone. Runs in the caller's transaction.
     */
    take(siteId: number, crawlId: number): SnapshotRow {
      const last = prepared<[number], { crawl_id: number }>(
        'SELECT crawl_id FROM crawl_snapshots WHERE site_id = ? ORDER BY crawl_id DESC LIMIT 1',
      ).get(siteId);
      // Compared as stored: equal columns are an unchanged page, whatever decoding would make of them.
      const before = new Map<string, StoredUrlState>();
      if (last)
        for (const r of latestAt().all(siteId, last.crawl_id, siteId)) if (r.present) before.set(r.url, r);
      const pages = prepared<[number], StoredState & { id: number; url: string }>(
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
