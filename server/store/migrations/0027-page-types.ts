/**
 * Every HTML page has a type an analyst recognises (`home`, `hub`, `index`, `article`, …; `PAGE_TYPES` in
 * schemas/pages.ts), decided when a crawl finalises from what the page's markup says, its stored fields and the
 * link graph (domain/pages/page-type.ts), and stored with the signals that decided it, which analysts are shown.
 * The audit, the idea check and semantic search read the type, and the Pages list filters and sorts by it, hence
 * the index.
 *
 * What the markup says is counted by the crawl's one parsing pass (domain/crawl/page-signals.ts) and kept in
 * `page_signals`, a satellite of `pages` like `page_markup` (one JSON object a page, replaced with the page and
 * gone with it), so a later classification, or the next version of the rules, reads them without crawling again.
 * Pages crawled before this migration have no signals row; they are classified from their stored fields when
 * services start (domain/pages/page-types-service.ts), and their evidence says the markup was not read.
 */
export default {
  id: 27,
  name: 'page-types',
  sql: `
    ALTER TABLE pages ADD COLUMN page_type TEXT;
    ALTER TABLE pages ADD COLUMN page_type_evidence TEXT;
    CREATE INDEX pages_site_type ON pages(site_id, page_type);
    CREATE TABLE page_signals (
      page_id  INTEGER PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
      signals  TEXT NOT NULL
    );
  `,
};
