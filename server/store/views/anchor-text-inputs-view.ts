/**
 * What `anchor_text_non_descriptive` reads: internal links in the content (and asides) of HTML pages answering
 * 200 whose anchor text is short, with their target as crawled, in source order. Menus, headers and footers are
 * left out: "More" as a menu label is navigation, not a link sentence. Read in two steps over the partial index of
 * short content anchors (migration 34): the site's distinct short texts, judged in JavaScript, then the links of
 * the generic ones — so a site's millions of links never reach JavaScript one by one.
 */
import type { Db } from '../db.js';
import { statementCache } from '../statement-cache.js';

/**
 * The partial index `links_short_content_anchors` (migration 34) holds content links of at most this many
 * characters; the query repeats its terms exactly so SQLite reads that index alone.
 */
export const SHORT_ANCHOR_MAX = 40;

export interface AnchorTextInputRow {
  page_id: number;
  url: string;
  anchor_text: string;
  target_id: number;
  target_url: string;
  target_page_id: number | null;
  status_code: number | null;
  fetch_error: string | null;
}

/** Texts sought per query: an IN list this long stays well under SQLite's variable limit. */
const TEXTS_PER_QUERY = 200;
const SHORT = `l.site_id = ? AND l.edge_kind IN ('content', 'aside') AND length(l.anchor_text) <= ${SHORT_ANCHOR_MAX}`;

export function anchorTextInputsView(db: Db) {
  const prepared = statementCache(db);
  const distinctTexts = () =>
    prepared<[number, number], string>(
      `SELECT DISTINCT l.anchor_text FROM links l WHERE ${SHORT} AND length(l.anchor_text) <= ?`,
    );
  const withTexts = (n: number) =>
    prepared<(number | string)[], AnchorTextInputRow>(
      `SELECT s.id AS page_id, s.url, l.anchor_text, l.target_id, tu.url AS target_url, t.id AS target_page_id, t.status_code,
         t.fetch_error
       FROM links l JOIN pages s ON s.id = l.source_id
         JOIN urls tu ON tu.id = l.target_id AND tu.internal = 1 LEFT JOIN pages t ON t.id = tu.id
       WHERE ${SHORT} AND l.anchor_text IN (${Array(n).fill('?').join(', ')}) AND l.source_id != l.target_id
         AND s.status_code = 200 AND s.content_type IN ('text/html', 'application/xhtml+xml')`,
    );
  return {
    /** The site's distinct anchor texts of content links with at most `maxChars` characters. */
    shortTexts: (siteId: number, maxChars: number): string[] =>
      distinctTexts().pluck().all(siteId, maxChars) as string[],
    /** The content links whose text is one of `texts`, by page then target. */
    linksWithTexts(siteId: number, texts: readonly string[]): AnchorTextInputRow[] {
      const rows: AnchorTextInputRow[] = [];
      for (let i = 0; i < texts.length; i += TEXTS_PER_QUERY) {
        const chunk = texts.slice(i, i + TEXTS_PER_QUERY);
        // Rows are pushed one by one: a spread of 150,000 arguments overflows the stack (a blog's "Read more").
        for (const r of withTexts(chunk.length).iterate(siteId, ...chunk)) rows.push(r);
      }
      return rows.sort((a, b) => a.page_id - b.page_id || a.target_id - b.target_id);
    },
  };
}
