/**
 * What `anchor_text_non_descriptive` reads: internal links in the content (and asides) of HTML pages answering
 * 200 whose anchor text is short, with their target as crawled, in source order. Menus, headers and footers are
 * left out: "More" as a menu label is navigation, not a link sentence. Streamed with `iterate`; the length test
 * keeps what reaches JavaScript to the few short texts.
 */
import type { Db } from '../db.js';
import { statementCache } from '../statement-cache.js';

export interface AnchorTextInputRow {
  page_id: number;
  url: string;
  anchor_text: string;
  target_url: string;
  target_page_id: number | null;
  status_code: number | null;
  fetch_error: string | null;
}

export function anchorTextInputsView(db: Db) {
  const prepared = statementCache(db);
  const shortAnchors = () =>
    prepared<[number, number], AnchorTextInputRow>(
      `SELECT s.id AS page_id, s.url, l.anchor_text, tu.url AS target_url, t.id AS target_page_id, t.status_code,
         t.fetch_error
       FROM links l JOIN pages s ON s.id = l.source_id
         JOIN urls tu ON tu.id = l.target_id AND tu.internal = 1 LEFT JOIN pages t ON t.id = tu.id
       WHERE l.site_id = ? AND l.edge_kind IN ('content', 'aside') AND l.anchor_text IS NOT NULL
         AND length(l.anchor_text) <= ? AND l.source_id != l.target_id
         AND s.status_code = 200 AND s.content_type IN ('text/html', 'application/xhtml+xml')
       ORDER BY l.source_id, l.target_id`,
    );
  return {
    /** Links whose anchor text has at most `maxChars` characters. */
    shortAnchors: (siteId: number, maxChars: number) => shortAnchors().iterate(siteId, maxChars),
  };
}
