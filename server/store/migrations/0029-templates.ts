/**
 * Pages of one layout share their faults, and the audit counts such a fault as one fix (docs/audit.md, "Fixes").
 *
 * - `page_skeletons`: each HTML page's layout skeleton as the crawl read it (domain/crawl/layout-skeleton.ts): its
 *   shingles (ascending little-endian uint32s), the chain of wrappers down to its content element, the
 *   `generator` meta; and the template the crawl's finalise step put it in. A satellite of `pages` like
 *   `page_markup`, replaced with the page and gone with it. Pages crawled before this migration have no row, so no
 *   template, until they are crawled again.
 * - `templates`: a site's templates as the last finalised crawl found them, numbered from 1 by size. A layout
 *   (`parent_id` null) is a cluster of skeletons; a variant (`parent_id` its layout) is a kind of page inside it,
 *   told apart by its content element (`div.refentry` and `div.sect1` in one DocBook manual). `title_pattern` is
 *   the affix most of its titles share (`… — Python 3.11.2 documentation`), null when they share none.
 * - `audit_counts.fixes`, `audit_template_fixes` and `audit_findings.template_id`: each check's fixes, the
 *   templates that carry a check on at least 90 % of their pages, and the one whose fix covers each finding (null
 *   for a finding that is a fix of its own), kept with the run (a later crawl renumbers the templates), so an old
 *   run still says what it said. Runs before this migration have no fixes (null): they count one per URL.
 */
export default {
  id: 29,
  name: 'templates',
  sql: `
    CREATE TABLE page_skeletons (
      page_id      INTEGER PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
      shingles     BLOB NOT NULL,
      chain        TEXT NOT NULL,
      generator    TEXT,
      template_id  INTEGER
    );

    CREATE TABLE templates (
      site_id          INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
      id               INTEGER NOT NULL,
      parent_id        INTEGER,
      label            TEXT NOT NULL,
      title_pattern    TEXT,
      pages            INTEGER NOT NULL,
      example_page_id  INTEGER,
      PRIMARY KEY (site_id, id)
    ) WITHOUT ROWID;

    ALTER TABLE audit_counts ADD COLUMN fixes INTEGER;
    ALTER TABLE audit_findings ADD COLUMN template_id INTEGER;

    CREATE TABLE audit_template_fixes (
      run_id       INTEGER NOT NULL REFERENCES audit_runs(id) ON DELETE CASCADE,
      check_id     TEXT NOT NULL,
      template_id  INTEGER NOT NULL,
      label        TEXT NOT NULL,
      pages        INTEGER NOT NULL,
      urls         INTEGER NOT NULL,
      example_url  TEXT NOT NULL,
      PRIMARY KEY (run_id, check_id, template_id)
    ) WITHOUT ROWID;
  `,
};
