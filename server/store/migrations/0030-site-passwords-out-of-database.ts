/**
 * Site passwords leave the database. Migration 21 kept a site's Basic-auth password in `site_credentials` in
 * plain text, in a file other local users could read (it was created 0644), copied into every backup of it. The
 * password now lives in the data dir's secret store beside the Search Console key (a 0600 file the domain owns,
 * `server/domain/sites/site-passwords.ts`); the table keeps the user name and whether a password is set, which
 * is all a listing shows. The store never writes files outside the database, so the passwords are handed to the
 * secret store by whoever opened the database (`OpenOptions.movePasswords`) before the column is dropped; the
 * hand-over is idempotent, so a crash before this commits only repeats it.
 *
 * `scrub`: the old table's pages are zeroed as they are freed (secure_delete) and the WAL is checkpointed and
 * truncated after, so the passwords leave the files, not only the table.
 */
import type { MigrationContext } from './migration-context.js';
import type Database from 'better-sqlite3';

export default {
  id: 30,
  name: 'site-passwords-out-of-database',
  scrub: true,
  sql: '',
  run(db: Database.Database, ctx: MigrationContext) {
    const rows = db
      .prepare(
        `SELECT site_id, username, password FROM site_credentials WHERE password <> '' ORDER BY site_id`,
      )
      .all() as { site_id: number; username: string; password: string }[];
    if (rows.length) {
      if (!ctx.movePasswords) {
        throw new Error(
          `migration 30 moves ${rows.length} site password(s) to the data dir's secret store, but the database was opened without one`,
        );
      }
      ctx.movePasswords(new Map(rows.map((r) => [r.site_id, r.password])));
    }
    db.exec(`
      CREATE TABLE site_credentials_rebuilt (
        site_id       INTEGER PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
        username      TEXT NOT NULL,
        has_password  INTEGER NOT NULL CHECK (has_password IN (0, 1))
      );
      INSERT INTO site_credentials_rebuilt (site_id, username, has_password)
        SELECT site_id, username, password <> '' FROM site_credentials;
      DROP TABLE site_credentials;
      ALTER TABLE site_credentials_rebuilt RENAME TO site_credentials;
    `);
    for (const r of rows) scrubUrlPasswords(db, r.username, r.password);
  },
};

/**
 * URLs stored before migration 21 may still spell a site's `user:password@` (pages' `url`, a `urls` row whose
 * plain spelling existed, canonical and redirect targets, findings, history): the password goes from every text
 * column of every ordinary table. The user name stays, so a row does not come to equal its plain spelling (a
 * row that would equal another spelling with the user name only is left as it is, by `OR IGNORE`). Virtual tables
 * and their shadow tables are left to their owners. It reads every text column once per password: a one-off
 * scan of a database that had passwords.
 */
function scrubUrlPasswords(db: Database.Database, username: string, password: string): void {
  // The userinfo as WHATWG URLs spell it, which is how the crawl stored every URL.
  const url = new URL('http://host.invalid/');
  url.username = username;
  url.password = password;
  const withPassword = `//${url.username}:${url.password}@`;
  const without = `//${url.username}@`;
  const virtual = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL%'`)
    .pluck()
    .all() as string[];
  const tables = (
    db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 7) <> 'sqlite_'`)
      .pluck()
      .all() as string[]
  ).filter((name) => !virtual.some((v) => name === v || name.startsWith(`${v}_`)));
  const quote = (id: string) => `"${id.replace(/"/g, '""')}"`;
  for (const table of tables) {
    const columns = (
      db.prepare(`SELECT name, type FROM pragma_table_info(?)`).all(table) as { name: string; type: string }[]
    ).filter((c) => c.type === '' || /TEXT|CHAR|CLOB/i.test(c.type));
    for (const { name } of columns) {
      db.prepare(
        `UPDATE OR IGNORE ${quote(table)} SET ${quote(name)} = replace(${quote(name)}, ?, ?)
         WHERE instr(${quote(name)}, ?) > 0`,
      ).run(withPassword, without, withPassword);
    }
  }
}
