/**
 * Migration 30 on a database written before it: each site's password is handed to the secret store and leaves
 * the database, its bytes included (the table's old pages zeroed, the WAL truncated), and the URLs an older
 * crawl stored with it lose it too; the user name and whether a password is set stay. Without a secret store to take them, the migration refuses and loses nothing.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { DatabaseOpenError, createStore, openDatabase, schemaVersion } from '../../../server/store/index.js';
import { MIGRATIONS } from '../../../server/store/migrations/index.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));
const NOW = '2026-01-01T00:00:00.000Z';
const PASSWORD = 'Quokka-7f3a-staging-password';

/** Whether the database file or its WAL holds these bytes anywhere (free pages included). */
function onDisk(file: string, text: string): boolean {
  const needle = Buffer.from(text, 'utf8');
  return [file, `${file}-wal`].some((f) => existsSync(f) && readFileSync(f).includes(needle));
}

/** A database at migration 29 with two sites: one with a password, one with a user name only. */
function oldDatabase(name: string): string {
  const file = join(dir, name);
  const old = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.id < 30) });
  assert.equal(schemaVersion(old), 29);
  const site = old.prepare(
    `INSERT INTO sites (id, name, start_url, origin, settings, created_at, updated_at)
     VALUES (?, ?, ?, ?, '{}', ?, ?)`,
  );
  site.run(1, 'staging', 'https://staging.test/', 'https://staging.test', NOW, NOW);
  site.run(2, 'intranet', 'https://intranet.test/', 'https://intranet.test', NOW, NOW);
  const login = old.prepare('INSERT INTO site_credentials (site_id, username, password) VALUES (?, ?, ?)');
  login.run(1, 'ana', PASSWORD);
  login.run(2, 'bo', '');
  // A URL with userinfo migration 21 kept (its plain spelling existed), and the page crawled there.
  const url = old.prepare(
    `INSERT INTO urls (id, site_id, url, internal, state, priority, first_seen_at) VALUES (?, 1, ?, 1, 'done', 0, ?)`,
  );
  url.run(1, 'https://staging.test/tents', NOW);
  url.run(2, `https://ana:${PASSWORD}@staging.test/tents`, NOW);
  old
    .prepare(`INSERT INTO pages (id, site_id, url, crawled_at) VALUES (2, 1, ?, ?)`)
    .run(`https://ana:${PASSWORD}@staging.test/tents`, NOW);
  old.close();
  assert.ok(onDisk(file, PASSWORD), 'the old database holds the password');
  return file;
}

describe('migration 30 (site passwords out of the database)', () => {
  it('hands the passwords to the secret store and leaves none in the file or its WAL', () => {
    const file = oldDatabase('upgrade.db');
    const moved = new Map<number, string>();
    const db = openDatabase(file, {
      movePasswords: (p) => p.forEach((password, id) => moved.set(id, password)),
    });
    assert.equal(schemaVersion(db), MIGRATIONS.at(-1)!.id);
    assert.deepEqual([...moved], [[1, PASSWORD]]);
    const store = createStore(db, file);
    assert.deepEqual(store.siteCredentials.get(1), { username: 'ana', has_password: true });
    assert.deepEqual(store.siteCredentials.get(2), { username: 'bo', has_password: false });
    assert.deepEqual(store.siteCredentials.withPassword(), [1]);
    const columns = db.prepare(`SELECT name FROM pragma_table_info('site_credentials')`).pluck().all();
    assert.deepEqual(columns, ['site_id', 'username', 'has_password']);
    assert.deepEqual(db.prepare('SELECT url FROM urls ORDER BY id').pluck().all(), [
      'https://staging.test/tents',
      'https://ana@staging.test/tents',
    ]);
    assert.equal(
      db.prepare('SELECT url FROM pages WHERE id = 2').pluck().get(),
      'https://ana@staging.test/tents',
    );
    assert.equal(onDisk(file, PASSWORD), false, 'the password is gone from the bytes, not only the tables');
    db.prepare('DELETE FROM sites WHERE id = 1').run();
    assert.equal(store.siteCredentials.get(1), undefined, 'still cascades with its site');
    db.close();
    assert.equal(onDisk(file, PASSWORD), false);
  });

  it('refuses to run without a secret store to take the passwords, and keeps them', () => {
    const file = oldDatabase('no-store.db');
    assert.throws(
      () => openDatabase(file),
      (err: unknown) => err instanceof DatabaseOpenError && /secret store/.test(err.message),
    );
    const db = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.id < 30) });
    assert.equal(schemaVersion(db), 29);
    assert.equal(
      db.prepare('SELECT password FROM site_credentials WHERE site_id = 1').pluck().get(),
      PASSWORD,
    );
    db.close();
  });
});
