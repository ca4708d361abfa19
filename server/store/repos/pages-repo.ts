/**
 * Rows of `pages` and `page_content`. Writes are upserts that keep the row (never REPLACE, which would delete
 * it and cascade to everything that references the page).
 */
import { ANCHOR_KINDS_SQL } from '../../schemas/crawl.js';
import type { Db } from '../db.js';

export interface PageRow {
  id: number;
  site_id: number;
  url: string;
  status_code: number | null;
  fetch_error: string | null;
  content_type: string | null;
  encoding: string | null;
  depth: number | null;
  title: string | null;
  meta_description: string | null;
  h1: string | null;
  headings: string;
  canonical_url: string | null;
  canonical_state: string | null;
  meta_robots: string | null;
  x_robots_tag: string | null;
  indexable: number;
  indexability_reason: string | null;
  hreflang: string;
  structured_data_types: string;
  word_count: number;
  language: string | null;
  bytes: number | null;
  truncated: number;
  response_ms: number | null;
  content_hash: string | null;
  redirect_target: string | null;
  redirect_chain: string;
  rendered: number;
  inlinks: number;
  outlinks: number;
  crawled_at: string;
}

export type PageWrite = Omit<PageRow, 'inlinks' | 'outlinks' | 'redirect_chain'>;

const WRITE_COLUMNS = [
  'id',
  'site_id',
  'url',
  'status_code',
  'fetch_error',
  'content_type',
  'encoding',
  'depth',
  'title',
  'meta_description',
  'h1',
  'headings',
  'canonical_url',
  'canonical_state',
  'meta_robots',
  'x_robots_tag',
  'indexable',
  'indexability_reason',
  'hreflang',
  'structured_data_types',
  'word_count',
  'language',
  'bytes',
  'truncated',
  'response_ms',
  'content_hash',
  'redirect_target',
  'rendered',
  'crawled_at',
] as const;

export function pagesRepo(db: Db) {
  const upsert = db.prepare<PageWrite>(
    `INSERT INTO pages (${WRITE_COLUMNS.join(', ')}) VALUES (${WRITE_COLUMNS.map((c) => `@${c}`).join(', ')})
     ON CONFLICT(id) DO UPDATE SET ${WRITE_COLUMNS.filter((c) => c !== 'id')
       .map((c) => `${c} = excluded.${c}`)
       .join(', ')}, redirect_chain = '[]'`,
  );
  const upsertContent = db.prepare<[number, string, Buffer | null]>(
    `INSERT INTO page_content (page_id, main_text, minhash) VALUES (?, ?, ?)
     ON CONFLICT(page_id) DO UPDATE SET main_text = excluded.main_text, minhash = excluded.minhash`,
  );
  const deleteContent = db.prepare<[number]>('DELETE FROM page_content WHERE page_id = ?');
  const byId = db.prepare<[number], PageRow>('SELECT * FROM pages WHERE id = ?');
  const redirects = db.prepare<
    [number],
    Pick<PageRow, 'id' | 'url' | 'status_code' | 'redirect_target' | 'fetch_error'>
  >(
    `SELECT id, url, status_code, redirect_target, fetch_error FROM pages
     WHERE site_id = ? AND status_code BETWEEN 300 AND 399`,
  );
  const statusByUrl = db.prepare<[number, string], { status_code: number | null }>(
    'SELECT status_code FROM pages WHERE site_id = ? AND url = ?',
  );
  const setRedirectResult = db.prepare<[string, string | null, number]>(
    `UPDATE pages SET redirect_chain = ?, fetch_error = ? WHERE id = ?`,
  );
  const recountLinks = db.prepare<[number]>(
    `UPDATE pages SET
       outlinks = (SELECT COUNT(*) FROM links l WHERE l.source_id = pages.id AND l.target_id != pages.id
                   AND l.edge_kind IN ${ANCHOR_KINDS_SQL}),
       inlinks = (SELECT COUNT(DISTINCT l.source_id) FROM links l WHERE l.target_id = pages.id
                  AND l.source_id != pages.id
                  AND l.edge_kind IN ${ANCHOR_KINDS_SQL})
     WHERE site_id = ?`,
  );
  const mainText = db.prepare<[number], { main_text: string }>(
    'SELECT main_text FROM page_content WHERE page_id = ?',
  );

  return {
    upsert(page: PageWrite, mainText: string | null, minhash: Buffer | null): void {
      upsert.run(page);
      if (mainText === null) deleteContent.run(page.id);
      else upsertContent.run(page.id, mainText, minhash);
    },
    get: (id: number): PageRow | undefined => byId.get(id),
    mainText: (id: number): string | null => mainText.get(id)?.main_text ?? null,
    redirectsOf: (siteId: number) => redirects.all(siteId),
    statusOf: (siteId: number, url: string): number | null | undefined =>
      statusByUrl.get(siteId, url)?.status_code,
    /** A loop keeps `indexability_reason: redirect` (it has an HTTP status); `fetch_error` says what is wrong. */
    setRedirectResult: (id: number, chain: string, fetchError: string | null) =>
      setRedirectResult.run(chain, fetchError, id),
    recountLinks: (siteId: number) => recountLinks.run(siteId).changes,
  };
}
export type PagesRepo = ReturnType<typeof pagesRepo>;
