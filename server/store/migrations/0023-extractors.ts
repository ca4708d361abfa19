/**
 * Custom extraction (#21). `extractors` holds a site's rules; `page_extracts` what each rule took from each page
 * at its last crawl (or `extract_apply` run), one row per page and rule, so the page list filters and sorts on a
 * rule in SQL. `first_text` / `first_num` are the first value as text and, when it reads as a number, as one:
 * the list sorts on `COALESCE(first_num, first_text)`, which SQLite orders numbers before text.
 *
 * `stale` marks a rule whose stored values are not its current definition's (added or changed since the site's
 * pages were extracted); a spider crawl clears it for the rules it ran, `extract_apply` for main-text rules.
 */
export default {
  id: 23,
  name: 'extractors',
  sql: `
    CREATE TABLE extractors (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      site_id     INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
      name        TEXT NOT NULL COLLATE NOCASE,
      kind        TEXT NOT NULL,
      selector    TEXT NOT NULL,
      take        TEXT NOT NULL,
      all_values  INTEGER NOT NULL,
      source      TEXT NOT NULL,
      stale       INTEGER NOT NULL DEFAULT 0,
      revision    INTEGER NOT NULL DEFAULT 1,
      created_at  TEXT NOT NULL,
      updated_at  TEXT NOT NULL,
      UNIQUE (site_id, name)
    );

    CREATE TABLE page_extracts (
      extractor_id  INTEGER NOT NULL REFERENCES extractors(id) ON DELETE CASCADE,
      page_id       INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      value_json    TEXT NOT NULL,
      first_text    TEXT,
      first_num     REAL,
      PRIMARY KEY (extractor_id, page_id)
    ) WITHOUT ROWID;
    CREATE INDEX page_extracts_page ON page_extracts(page_id);
    CREATE INDEX page_extracts_sort ON page_extracts(extractor_id, first_num, first_text);

    -- Crawl history: each snapshot row carries the page's extract values (JSON object by rule name).
    ALTER TABLE url_states ADD COLUMN extracts TEXT;
  `,
};
