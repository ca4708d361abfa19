/**
 * What the second round of audit checks (#35) reads of each HTML page that the page's columns do not hold: the
 * security headers of its response, the state of its `<head>` (what ended it early, what landed in the body, how
 * many titles, descriptions and canonicals), its viewport, charset and doctype, its social tags, its links to
 * other origins and over plain HTTP, its forms, its images' dimensions and its pagination links.
 *
 * `page_facts` is a satellite of `pages` like `page_signals` (one JSON object a page, written with the page by the
 * crawl's one parsing pass, replaced with it and gone with it), so adding a fact is a change of the collector, not
 * of the schema. Pages crawled before this migration have no row: the checks that read it stay silent for them
 * until the next crawl rather than guess.
 */
export default {
  id: 32,
  name: 'page-facts',
  sql: `
    CREATE TABLE page_facts (
      page_id  INTEGER PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
      facts    TEXT NOT NULL
    );
  `,
};
