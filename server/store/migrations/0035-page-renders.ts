/**
 * What a rendered page's raw HTML said (#36 §1): when a crawl renders a page it also reads the HTML as fetched,
 * and keeps here what the two disagree on — the raw title, description, first h1, canonical, robots directives,
 * main-text word count and internal link count (the rendered values are the page's own columns), what JavaScript
 * changed, the internal links only the rendered DOM has (up to 20, with their count), the errors its scripts
 * reported while it loaded, and the scripts and stylesheets it asked for that robots.txt disallows.
 *
 * A satellite of `pages` like `page_facts`: one row a rendered page, replaced with the page, removed when the page
 * is crawled again without rendering, gone with it. Pages rendered before this migration have no row, and the
 * `js_*` checks say nothing of them until the next rendered crawl.
 */
export default {
  id: 35,
  name: 'page-renders',
  sql: `
    CREATE TABLE page_renders (
      page_id                    INTEGER PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
      raw_title                  TEXT,
      raw_description            TEXT,
      raw_h1                     TEXT,
      raw_canonical              TEXT,
      -- JSON arrays of directives as they apply (meta robots and X-Robots-Tag), normalised and sorted
      raw_robots                 TEXT NOT NULL,
      rendered_robots            TEXT NOT NULL,
      raw_word_count             INTEGER NOT NULL,
      raw_links                  INTEGER NOT NULL,
      rendered_links             INTEGER NOT NULL,
      -- JSON array of what JavaScript changed (schemas/page-render.ts JS_CHANGES)
      changed                    TEXT NOT NULL,
      links_only_rendered        TEXT NOT NULL,
      links_only_rendered_count  INTEGER NOT NULL,
      console_errors             TEXT NOT NULL,
      console_error_count        INTEGER NOT NULL,
      blocked_resources          TEXT NOT NULL,
      blocked_count              INTEGER NOT NULL
    );
  `,
};
