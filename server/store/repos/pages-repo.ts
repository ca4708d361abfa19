/**
 * Rows of `pages` and its satellites `page_content` (main text, MinHash) and `page_markup` (images, JSON-LD).
 * Writes are upserts that keep the row (never REPLACE, which would delete it and cascade to everything that
 * references the page).
 *
 * A read returns the scalar columns only (`PageRow`): lists, exports and lookups never need the JSON columns, so
 * they are neither read nor parsed there. The one read that shows them parses them with `parsePageJson`.
 */
import { statementCache } from '../statement-cache.js';
import type { Page, PageType, PageTypeEvidence } from '../../schemas/pages.js';
import type { Db } from '../db.js';
import { ANCHOR_KINDS_SQL, marks } from '../sql.js';
import { pageFactsRepo } from './page-facts-repo.js';
import { pageSignalsRepo } from './page-signals-repo.js';

/** A page's scalar columns. */
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
  canonical_url: string | null;
  canonical_state: Page['canonical_state'];
  meta_robots: string | null;
  x_robots_tag: string | null;
  indexable: number;
  indexability_reason: Page['indexability_reason'];
  word_count: number;
  language: string | null;
  bytes: number | null;
  truncated: number;
  response_ms: number | null;
  content_hash: string | null;
  redirect_target: string | null;
  rendered: number;
  inlinks: number;
  outlinks: number;
  crawled_at: string;
  /** Set when the crawl finalises (domain/pages/page-type.ts); null for what is not an HTML page. */
  page_type: PageType | null;
}

/** A page's JSON columns, parsed. */
export type PageJson = Pick<Page, 'headings' | 'hreflang' | 'structured_data_types' | 'redirect_chain'>;
type PageJsonColumn = keyof PageJson;

/**
 * What a crawl writes. The JSON columns come as text: the extraction worker thread serialises them, so the
 * crawl's main thread only binds strings. `redirect_chain` is written after the crawl (`setRedirectResult`).
 */
export type PageWrite = Omit<PageRow, 'inlinks' | 'outlinks' | 'page_type'> &
  Record<Exclude<PageJsonColumn, 'redirect_chain'>, string>;

/** Every column of `PageRow`: the object literal fails to compile when one is missing or unknown. */
const ROW_COLUMNS: Record<keyof PageRow, true> = {
  id: true,
  site_id: true,
  url: true,
  status_code: true,
  fetch_error: true,
  content_type: true,
  encoding: true,
  depth: true,
  title: true,
  meta_description: true,
  h1: true,
  canonical_url: true,
  canonical_state: true,
  meta_robots: true,
  x_robots_tag: true,
  indexable: true,
  indexability_reason: true,
  word_count: true,
  language: true,
  bytes: true,
  truncated: true,
  response_ms: true,
  content_hash: true,
  redirect_target: true,
  rendered: true,
  inlinks: true,
  outlinks: true,
  crawled_at: true,
  page_type: true,
};

/** The select list of a `PageRow` from `pages` under `alias` (`p.id, p.site_id, …`). */
export const pageColumns = (alias: string): string =>
  Object.keys(ROW_COLUMNS)
    .map((c) => `${alias}.${c}`)
    .join(', ');

/** The JSON columns of a page as stored, parsed. */
export const parsePageJson = (row: Record<PageJsonColumn, string>): PageJson => ({
  // Stored with their line in the main text (search finds a passage's section by it), which is no client's.
  headings: (JSON.parse(row.headings) as (PageJson['headings'][number] & { line?: number })[]).map(
    ({ line: _line, ...h }) => h,
  ),
  hreflang: JSON.parse(row.hreflang) as PageJson['hreflang'],
  structured_data_types: JSON.parse(row.structured_data_types) as string[],
  redirect_chain: JSON.parse(row.redirect_chain) as PageJson['redirect_chain'],
});

/** An `<img>` of a page (docs/crawler.md, "Extraction"; domain/crawl/image-collector.ts). */
export interface PageImage {
  /** Absolute http(s) URL, resolved against the document's base, otherwise as the page wrote it. */
  src: string;
  /** The alt text, whitespace collapsed; "" for `alt=""`; null when the attribute is missing. */
  alt: string | null;
}

/** A `<script type="application/ld+json">` body (domain/crawl/structured-data.ts). */
export interface JsonLdBlock {
  /** The body, trimmed; cut to the crawl's limits when longer (then `truncated`). */
  text: string;
  /** Why the whole body is not JSON (the parser's message, shortened); null when it parses. */
  error: string | null;
  /** The text was cut: the error is still the whole body's, but the stored text cannot be re-validated. */
  truncated: boolean;
}

/** A page's `page_markup` row as the crawl writes it: JSON text, serialised off the main thread. */
export interface PageMarkupWrite {
  images: string;
  json_ld: string;
}

/**
 * Serialises a page's images and JSON-LD for `page_markup`, or null when it has neither (no row). Images are
 * stored as `[src, alt]` pairs, a tenth smaller than objects with names; JSON-LD blocks as objects.
 */
export function pageMarkupWrite(
  images: readonly PageImage[],
  jsonLd: readonly JsonLdBlock[],
): PageMarkupWrite | null {
  if (images.length === 0 && jsonLd.length === 0) return null;
  return { images: JSON.stringify(images.map((i) => [i.src, i.alt])), json_ld: JSON.stringify(jsonLd) };
}

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
  // Prepared on first use, as every statement on a table a later migration added: tests build a store over a
  // database an older migration left, which has no page_markup.
  const statements = statementCache(db);
  const upsertMarkup = () =>
    statements<[number, string, string], never>(
      `INSERT INTO page_markup (page_id, images, json_ld) VALUES (?, ?, ?)
     ON CONFLICT(page_id) DO UPDATE SET images = excluded.images, json_ld = excluded.json_ld`,
    );
  const deleteMarkup = () => statements<[number], never>('DELETE FROM page_markup WHERE page_id = ?');
  const signals = pageSignalsRepo(db);
  const facts = pageFactsRepo(db);
  // Lazy since migration 27 added `page_type` to the columns.
  const byId = () => statements<[number], PageRow>(`SELECT ${pageColumns('p')} FROM pages p WHERE p.id = ?`);
  const setType = () =>
    statements<[string | null, string | null, number], never>(
      'UPDATE pages SET page_type = ?, page_type_evidence = ? WHERE id = ?',
    );
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
  const mainTexts = db.prepare<[number, number, number], { page_id: number; main_text: string }>(
    `SELECT c.page_id, c.main_text FROM page_content c JOIN pages p ON p.id = c.page_id
     WHERE p.site_id = ? AND c.page_id > ? ORDER BY c.page_id LIMIT ?`,
  );

  return {
    upsert(
      page: PageWrite,
      mainText: string | null,
      minhash: Buffer | null,
      markup: PageMarkupWrite | null,
      /** What the markup says about the page's type (JSON of `PageSignals`); null for what is not HTML. */
      pageSignals: string | null = null,
      /** What the audit's second round reads of the page (JSON of `PageFacts`); null for what is not HTML. */
      pageFacts: string | null = null,
    ): void {
      upsert.run(page);
      if (mainText === null) deleteContent.run(page.id);
      else upsertContent.run(page.id, mainText, minhash);
      if (markup === null) deleteMarkup().run(page.id);
      else upsertMarkup().run(page.id, markup.images, markup.json_ld);
      signals.write(page.id, pageSignals);
      facts.write(page.id, pageFacts);
    },
    /** A page's facts for the audit (`page_facts`), null for a page crawled before them or not HTML. */
    facts: (id: number) => facts.get(id),
    get: (id: number): PageRow | undefined => byId().get(id),
    /** Ids of the pages of these types, of one site or (null) of every site. */
    idsOfTypes(siteId: number | null, types: readonly PageType[]): Set<number> {
      if (types.length === 0) return new Set();
      const where = siteId === null ? '' : 'site_id = ? AND';
      const args = siteId === null ? [...types] : [siteId, ...types];
      return new Set(
        statements<(string | number)[], number>(
          `SELECT id FROM pages WHERE ${where} page_type IN (${marks(types.length)})`,
        )
          .pluck()
          .all(...args),
      );
    },
    /** Stores the classification of a site's pages (the caller holds the transaction). */
    setTypes(rows: Iterable<{ id: number; type: PageType | null; evidence: PageTypeEvidence | null }>): void {
      const st = setType();
      for (const r of rows) st.run(r.type, r.evidence === null ? null : JSON.stringify(r.evidence), r.id);
    },
    mainText: (id: number): string | null => mainText.get(id)?.main_text ?? null,
    /** A site's stored main texts by page id, a batch at a time (re-applying main-text rules). */
    mainTextsAfter: (siteId: number, afterId: number, limit: number) => mainTexts.all(siteId, afterId, limit),
    redirectsOf: (siteId: number) => redirects.all(siteId),
    statusOf: (siteId: number, url: string): number | null | undefined =>
      statusByUrl.get(siteId, url)?.status_code,
    /** A loop keeps `indexability_reason: redirect` (it has an HTTP status); `fetch_error` says what is wrong. */
    setRedirectResult: (id: number, chain: PageJson['redirect_chain'], fetchError: string | null) =>
      setRedirectResult.run(JSON.stringify(chain), fetchError, id),
    recountLinks: (siteId: number) => recountLinks.run(siteId).changes,
  };
}
export type PagesRepo = ReturnType<typeof pagesRepo>;
