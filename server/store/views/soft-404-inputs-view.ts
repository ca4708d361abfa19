/**
 * What `soft_404` reads (domain/audit/soft-404.ts): the indexable pages whose own words say they are an error
 * or empty, the pages whose text is exactly one of the site's real error pages' (a missing URL that renders the
 * not-found template with 200), and those real error pages themselves, to embed and compare with the page
 * vectors when the site has them.
 */
import type { Db } from '../db.js';
import type { NewFinding } from '../repos/audit-repo.js';
import { statementCache } from '../statement-cache.js';
import { HTML, INDEXABLE } from './audit-sql-fragments.js';

/**
 * The site's real error pages: HTML answering 404 or 410 (401 and 403 say "not for you", not "gone") with a
 * text of the length of an error page (the page types' `ERROR_MAX_WORDS`): a site that answers 404 with a copy
 * of a real page (a single-page app's `404.html` copied from its `index.html`, the start page's text) has no
 * error text to compare with.
 */
const ERROR_PAGE = `p.status_code IN (404, 410) AND ${HTML} AND p.content_hash IS NOT NULL AND p.word_count <= 500
  AND p.content_hash IS NOT (SELECT sp.content_hash FROM sites s JOIN urls su ON su.site_id = s.id
    AND su.url = s.start_url JOIN pages sp ON sp.id = su.id WHERE s.id = p.site_id)`;
const fact = (path: string) => `json_extract(f.facts, '$.${path}')`;

export interface ErrorPageRow {
  id: number;
  url: string;
  title: string | null;
  h1: string | null;
  headings: { level: number; text: string }[];
  main_text: string;
  /** How many of the site's error URLs have this text. */
  urls: number;
}

/** The evidence of `soft_404` (schemas/audit-terms.ts), as the SQL rules write it. */
export interface Soft404Evidence {
  rule: string;
  words: string | null;
  word_count: number;
  error_page: { url: string; page_id: number; similarity: number } | null;
}

export function soft404InputsView(db: Db) {
  const prepared = statementCache(db);
  // The page types' error rules (title or h1 reading "not found"; nothing at all), the body's own words, or
  // the very text of one of the site's error pages.
  const byWords = () =>
    prepared<[{ site: number }], { url_id: number; url: string; page_id: number; evidence: string }>(
      `WITH e AS MATERIALIZED (SELECT p.content_hash, MIN(p.id) AS id FROM pages p
         WHERE p.site_id = @site AND ${ERROR_PAGE} GROUP BY p.content_hash)
       SELECT p.id AS url_id, p.url, p.id AS page_id, json_object(
         'rule', CASE WHEN p.page_type = 'error' THEN COALESCE(json_extract(p.page_type_evidence, '$.rule'), 'error')
           WHEN ${fact('content.empty_wording')} IS NOT NULL THEN 'empty_wording'
           ELSE 'same_as_error_page' END,
         'words', CASE WHEN p.page_type = 'error' THEN json_extract(p.page_type_evidence, '$.title')
           ELSE ${fact('content.empty_wording')} END,
         'word_count', p.word_count,
         'error_page', CASE WHEN e.id IS NULL THEN NULL
           ELSE json_object('url', (SELECT url FROM pages WHERE id = e.id), 'page_id', e.id, 'similarity', 1) END
       ) AS evidence
       FROM pages p LEFT JOIN page_facts f ON f.page_id = p.id LEFT JOIN e ON e.content_hash = p.content_hash
       WHERE p.site_id = @site AND ${INDEXABLE}
         AND (p.page_type = 'error' OR ${fact('content.empty_wording')} IS NOT NULL OR e.id IS NOT NULL)
       ORDER BY p.id`,
    );
  // One page per distinct error text, the most common first: a site's 404 template is usually one text.
  const errorPages = () =>
    prepared<[number, number], Omit<ErrorPageRow, 'headings'> & { headings: string }>(
      `SELECT p.id, p.url, p.title, p.h1, p.headings, c.main_text, g.urls
       FROM (SELECT MIN(p.id) AS id, COUNT(*) AS urls FROM pages p WHERE p.site_id = ? AND ${ERROR_PAGE}
             GROUP BY p.content_hash) g
       JOIN pages p ON p.id = g.id JOIN page_content c ON c.page_id = p.id
       ORDER BY g.urls DESC, p.id LIMIT ?`,
    );

  const indexable = () =>
    prepared<[{ site: number; ids: string }], { id: number; url: string; word_count: number }>(
      `SELECT p.id, p.url, COALESCE(p.word_count, 0) AS word_count FROM json_each(@ids) j JOIN pages p ON p.id = j.value
       WHERE p.site_id = @site AND ${INDEXABLE} ORDER BY p.id`,
    );

  return {
    /** Of `ids`, the site's pages that are indexable HTML answering 200 now. */
    indexablePages: (siteId: number, ids: number[]) =>
      ids.length ? indexable().all({ site: siteId, ids: JSON.stringify(ids) }) : [],
    byWords: (siteId: number): NewFinding<Soft404Evidence>[] =>
      byWords()
        .all({ site: siteId })
        .map((r) => ({ ...r, evidence: JSON.parse(r.evidence) as Soft404Evidence })),
    errorPages: (siteId: number, limit: number): ErrorPageRow[] =>
      errorPages()
        .all(siteId, limit)
        .map((r) => ({ ...r, headings: JSON.parse(r.headings) as ErrorPageRow['headings'] })),
  };
}
export type Soft404InputsView = ReturnType<typeof soft404InputsView>;
