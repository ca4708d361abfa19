/**
 * What the audit checks decided in code read: page URLs (URL rules), hreflang declarations with what each
 * alternate answered (return links, codes), the MinHash signatures of indexable pages (near duplicates), and
 * the JSON-LD blocks of HTML pages (structured data), and the linked URLs robots.txt blocked with the pages
 * linking to them (`blocked_by_robots`, whose rule is read from `robots_files` in code).
 * Each is read in id order, in slices, so a 100,000-page site is never held as one array of rows.
 */
import { statementCache } from '../statement-cache.js';
import type { Db } from '../db.js';
import type { JsonLdBlock } from '../repos/pages-repo.js';
import { ANCHOR_KINDS_SQL } from '../sql.js';
import { linkedFrom } from './audit-sql.js';

const HTML_200 = `p.status_code = 200 AND p.content_type IN ('text/html', 'application/xhtml+xml')`;

export interface UrlInputRow {
  id: number;
  url: string;
  indexable: number;
  html_200: number;
}

export interface HreflangInputRow {
  id: number;
  url: string;
  hreflang: { lang: string; url: string }[];
}

/** A URL an hreflang names, as the crawl saw it (null fields: not crawled). */
export interface AlternateRow {
  url: string;
  page_id: number | null;
  status_code: number | null;
  indexable: number | null;
  indexability_reason: string | null;
  hreflang: { lang: string; url: string }[] | null;
}

export interface MinhashInputRow {
  id: number;
  url: string;
  content_hash: string | null;
  minhash: Buffer;
}

/** A page's JSON-LD blocks as the crawl stored them. */
export interface JsonLdInputRow {
  id: number;
  url: string;
  json_ld: JsonLdBlock[];
}

/** An internal URL robots.txt kept the crawl from that a page links to, with up to 20 of those pages. */
export interface RobotsBlockedInputRow {
  id: number;
  url: string;
  linked_from: { url: string; page_id: number | null; anchor_text: string | null }[];
}

const SLICE = 5000;
/** JSON-LD is up to 256 KB a page (typically a few KB): fewer pages a slice. */
const JSON_LD_SLICE = 500;

/** Statements are prepared on first use (see audit-repo.ts: stores are built over older databases in tests). */
export function auditInputsView(db: Db) {
  const prepared = statementCache(db);
  const urls = () =>
    prepared<[number, number, number], UrlInputRow>(
      `SELECT p.id, p.url, (${HTML_200} AND p.indexable = 1) AS indexable, (${HTML_200}) AS html_200
     FROM pages p WHERE p.site_id = ? AND p.id > ? ORDER BY p.id LIMIT ?`,
    );
  const hreflang = () =>
    prepared<[number, number, number], Omit<HreflangInputRow, 'hreflang'> & { hreflang: string }>(
      `SELECT p.id, p.url, p.hreflang FROM pages p
     WHERE p.site_id = ? AND p.id > ? AND ${HTML_200} AND p.hreflang != '[]' ORDER BY p.id LIMIT ?`,
    );
  const alternate = () =>
    prepared<[number, string], Omit<AlternateRow, 'hreflang'> & { hreflang: string | null }>(
      `SELECT u.url, p.id AS page_id, p.status_code, (${HTML_200} AND p.indexable = 1) AS indexable,
       p.indexability_reason, p.hreflang
     FROM urls u LEFT JOIN pages p ON p.id = u.id WHERE u.site_id = ? AND u.url = ?`,
    );
  const minhashes = () =>
    prepared<[number, number, number], MinhashInputRow>(
      `SELECT p.id, p.url, p.content_hash, c.minhash FROM pages p JOIN page_content c ON c.page_id = p.id
     WHERE p.site_id = ? AND p.id > ? AND ${HTML_200} AND p.indexable = 1 AND c.minhash IS NOT NULL
       AND p.word_count > 0
     ORDER BY p.id LIMIT ?`,
    );

  const jsonLd = () =>
    prepared<[number, number, number], Omit<JsonLdInputRow, 'json_ld'> & { json_ld: string }>(
      `SELECT p.id, p.url, m.json_ld FROM pages p JOIN page_markup m ON m.page_id = p.id
     WHERE p.site_id = ? AND p.id > ? AND ${HTML_200} AND m.json_ld != '[]' ORDER BY p.id LIMIT ?`,
    );

  const robotsBlocked = () =>
    prepared<[number, number, number], Omit<RobotsBlockedInputRow, 'linked_from'> & { linked_from: string }>(
      `SELECT u.id, u.url, ${linkedFrom('u.id')} AS linked_from FROM urls u
     WHERE u.site_id = ? AND u.id > ? AND u.internal = 1 AND u.state = 'skipped' AND u.reason = 'blocked_by_robots'
       AND EXISTS (SELECT 1 FROM links li WHERE li.target_id = u.id AND li.edge_kind IN ${ANCHOR_KINDS_SQL})
     ORDER BY u.id LIMIT ?`,
    );

  function* sliced<R extends { id: number }>(read: (afterId: number) => R[], size = SLICE): Generator<R> {
    for (let after = 0; ;) {
      const rows = read(after);
      yield* rows;
      if (rows.length < size) return;
      after = rows.at(-1)!.id;
    }
  }

  return {
    urls: (siteId: number) => sliced((after) => urls().all(siteId, after, SLICE)),
    hreflang: (siteId: number) =>
      sliced((after) =>
        hreflang()
          .all(siteId, after, SLICE)
          .map((r) => ({ ...r, hreflang: JSON.parse(r.hreflang) })),
      ) as Generator<HreflangInputRow>,
    /** The URL as crawled, or null when the site does not know it. */
    alternate(siteId: number, url: string): AlternateRow | null {
      const r = alternate().get(siteId, url);
      if (!r) return null;
      return { ...r, hreflang: r.hreflang === null ? null : JSON.parse(r.hreflang) };
    },
    minhashes: (siteId: number) => sliced((after) => minhashes().all(siteId, after, SLICE)),
    jsonLd: (siteId: number) =>
      sliced(
        (after) =>
          jsonLd()
            .all(siteId, after, JSON_LD_SLICE)
            .map((r): JsonLdInputRow => ({ ...r, json_ld: JSON.parse(r.json_ld) as JsonLdBlock[] })),
        JSON_LD_SLICE,
      ),
    robotsBlocked: (siteId: number) =>
      sliced((after) =>
        robotsBlocked()
          .all(siteId, after, SLICE)
          .map((r): RobotsBlockedInputRow => ({ ...r, linked_from: JSON.parse(r.linked_from) })),
      ),
  };
}
export type AuditInputsView = ReturnType<typeof auditInputsView>;
