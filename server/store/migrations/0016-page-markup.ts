/**
 * A page's images and JSON-LD, for the audit's `image_missing_alt` and `structured_data_invalid`: a satellite of
 * `pages` like `page_content`, one row per HTML page answering 2xx that has an image or a JSON-LD block (no row
 * otherwise), replaced with the page and gone with it. Both columns are JSON, written whole by the crawl:
 * `images` is `[[src, alt], …]` (alt null when the attribute is missing), `json_ld` is
 * `[{ "text", "error", "truncated" }, …]` (docs/crawler.md says what is kept and where it is cut). A table of its
 * own keeps the `pages` rows, which every list and audit check scans, as small as they were. Pages crawled
 * before this migration have no row until they are crawled again.
 */
export default {
  id: 16,
  name: 'page-markup',
  sql: `
    CREATE TABLE page_markup (
      page_id  INTEGER PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
      images   TEXT NOT NULL,
      json_ld  TEXT NOT NULL
    );
  `,
};
