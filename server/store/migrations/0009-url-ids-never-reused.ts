/**
 * URL ids (which are also page ids) are never handed out twice. `urls.id` was a plain rowid, which SQLite
 * reuses: when the URL with the highest id goes (a re-crawl sweeping a page that vanished, a deleted site), the
 * next URL inserted gets that id. Campaign targets keep `page_id` and `related_page_ids` without a foreign key
 * on purpose (a vanished page is shown as stale, not forgotten), and API clients, links and exports keep page
 * ids too, so a reused id would silently show a different page. AUTOINCREMENT takes ids from a counter that
 * never goes back.
 *
 * SQLite can only add AUTOINCREMENT by rebuilding the table (its documented procedure): foreign keys are off
 * while this runs (see `foreignKeysOff`) so dropping the old table cascades nothing into pages, links or
 * Search Console rows, which reference `urls` by name and point at the new table once it takes that name; the
 * runner checks every foreign key before committing. Ids and rows are copied unchanged, and the frontier index
 * is recreated (the UNIQUE constraint brings its own). The counter starts above every id still in use, and above
 * every page id a target remembers, so an id that already went before this migration is not handed out again
 * either.
 */
export default {
  id: 9,
  name: 'url-ids-never-reused',
  foreignKeysOff: true,
  sql: `
    CREATE TABLE urls_rebuilt (
      id            INTEGER PRIMARY KEY AUTOINCREMENT,
      site_id       INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
      url           TEXT NOT NULL,
      internal      INTEGER NOT NULL,
      state         TEXT NOT NULL CHECK (state IN ('queued','fetching','done','skipped','stale')),
      reason        TEXT,                 -- why a URL was not fetched (skipped)
      depth         INTEGER,
      priority      INTEGER NOT NULL,     -- frontier order: depth, or a large number for sitemap-only URLs
      sources       INTEGER NOT NULL DEFAULT 0,   -- bit set, see sourceBit in schemas/crawl.ts
      followable    INTEGER NOT NULL DEFAULT 0,   -- reached through a link the crawler follows
      first_seen_at TEXT NOT NULL,
      UNIQUE (site_id, url)
    );
    INSERT INTO urls_rebuilt
      (id, site_id, url, internal, state, reason, depth, priority, sources, followable, first_seen_at)
      SELECT id, site_id, url, internal, state, reason, depth, priority, sources, followable, first_seen_at
      FROM urls;
    DROP TABLE urls;
    ALTER TABLE urls_rebuilt RENAME TO urls;
    CREATE INDEX urls_frontier ON urls(site_id, state, priority, id);

    DELETE FROM sqlite_sequence WHERE name = 'urls';
    INSERT INTO sqlite_sequence (name, seq) VALUES ('urls', MAX(
      COALESCE((SELECT MAX(id) FROM urls), 0),
      COALESCE((SELECT MAX(page_id) FROM targets), 0),
      COALESCE((SELECT MAX(CAST(j.value AS INTEGER)) FROM targets t, json_each(t.related_page_ids) j
                WHERE json_valid(t.related_page_ids)), 0)
    ));
  `,
};
