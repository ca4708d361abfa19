/**
 * What axe-core found in each rendered page (#36 §2, the accessibility audit). `page_a11y_scans` says which pages
 * were checked, when, with which axe-core and whether with best practices, so "checked, nothing found" differs
 * from "never checked"; `page_a11y` holds one row a rule the page fails: its impact, how many elements fail and
 * up to ten of them (JSON, bounded by schemas/a11y-scan.ts). Each audit check reads one rule's rows: the
 * (rule, page_id) index makes that a range read. Both are satellites of `pages`, replaced when a crawl rewrites
 * the page (its markup may have changed) or the accessibility job checks it again, and gone with it.
 */
export default {
  id: 36,
  name: 'page-a11y',
  sql: `
    CREATE TABLE page_a11y_scans (
      page_id         INTEGER PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
      axe_version     TEXT NOT NULL,
      best_practices  INTEGER NOT NULL,
      ms              INTEGER NOT NULL,
      scanned_at      TEXT NOT NULL
    );
    CREATE TABLE page_a11y (
      page_id  INTEGER NOT NULL REFERENCES page_a11y_scans(page_id) ON DELETE CASCADE,
      rule     TEXT NOT NULL,
      impact   TEXT,
      count    INTEGER NOT NULL,
      nodes    TEXT NOT NULL,
      PRIMARY KEY (page_id, rule)
    ) WITHOUT ROWID;
    CREATE INDEX page_a11y_rule ON page_a11y(rule, page_id);
  `,
};
