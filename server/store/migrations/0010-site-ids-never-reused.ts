/**
 * Site ids are never handed out twice. `sites.id` was a plain rowid, which SQLite reuses: after the site with
 * the highest id is deleted, the next site created gets that id. The UI keeps a site id in its URL hash and in
 * localStorage, and API clients keep them too, so a reused id would silently open a different site.
 * AUTOINCREMENT takes ids from a counter that never goes back.
 *
 * The table is rebuilt as migration 9 rebuilt `urls` (SQLite's documented procedure): foreign keys are off while
 * it runs (`foreignKeysOff`), so dropping the old table cascades nothing into the jobs, URLs, pages, links,
 * embeddings, similarity runs, Search Console rows and campaigns that reference `sites` by name and point at the
 * new table once it takes that name; the runner checks every foreign key before committing. `sites` has no index
 * or trigger of its own to recreate. The counter starts above every site id still in use and above every id a
 * table without a foreign key still remembers (`vector_generations` keeps a row for a deleted site), so an id
 * that already went before this migration is not handed out again either, as far as the database can tell.
 */
export default {
  id: 10,
  name: 'site-ids-never-reused',
  foreignKeysOff: true,
  sql: `
    CREATE TABLE sites_rebuilt (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      name        TEXT NOT NULL,
      start_url   TEXT NOT NULL,
      origin      TEXT NOT NULL,
      settings    TEXT NOT NULL DEFAULT '{}',   -- only the keys a user set; defaults merge on read
      created_at  TEXT NOT NULL,
      updated_at  TEXT NOT NULL
    );
    INSERT INTO sites_rebuilt (id, name, start_url, origin, settings, created_at, updated_at)
      SELECT id, name, start_url, origin, settings, created_at, updated_at FROM sites;
    DROP TABLE sites;
    ALTER TABLE sites_rebuilt RENAME TO sites;

    DELETE FROM sqlite_sequence WHERE name = 'sites';
    INSERT INTO sqlite_sequence (name, seq) VALUES ('sites', MAX(
      COALESCE((SELECT MAX(id) FROM sites), 0),
      COALESCE((SELECT MAX(site_id) FROM vector_generations), 0),
      COALESCE((SELECT MAX(site_id) FROM jobs), 0)
    ));
  `,
};
