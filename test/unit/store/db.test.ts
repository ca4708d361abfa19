import assert from 'node:assert/strict';
import { rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { DatabaseOpenError, openDatabase, schemaVersion } from '../../../server/store/index.js';
import { MIGRATIONS } from '../../../server/store/migrations/index.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));

describe('openDatabase', () => {
  it('creates a file, applies every bundled migration and records the schema version', () => {
    const file = join(dir, 'fresh.db');
    const db = openDatabase(file);
    assert.equal(schemaVersion(db), MIGRATIONS.at(-1)!.id);
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all();
    for (const t of ['sites', 'jobs', 'app_settings', 'schema_migrations']) assert.ok(tables.includes(t), t);
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
    assert.equal(db.pragma('foreign_keys', { simple: true }), 1);
    db.close();
    assert.ok(statSync(file).size > 0);
  });

  it('loads sqlite-vec on the connection', () => {
    const db = openDatabase(join(dir, 'vec.db'));
    const version = db.prepare('SELECT vec_version()').pluck().get() as string;
    assert.match(version, /^v\d+\.\d+/);
    db.exec('CREATE VIRTUAL TABLE v USING vec0(embedding float[3] distance_metric=cosine)');
    db.prepare('INSERT INTO v(rowid, embedding) VALUES (1, ?)').run(new Float32Array([1, 0, 0]));
    db.prepare('INSERT INTO v(rowid, embedding) VALUES (2, ?)').run(new Float32Array([0, 1, 0]));
    const nearest = db
      .prepare('SELECT rowid FROM v WHERE embedding MATCH ? AND k = 1')
      .pluck()
      .get(new Float32Array([0.9, 0.1, 0]));
    assert.equal(nearest, 1);
    db.close();
  });

  it('reopening an up-to-date database applies nothing and keeps the data', () => {
    const file = join(dir, 'reopen.db');
    const db = openDatabase(file);
    db.prepare(`INSERT INTO app_settings (key, value) VALUES ('x', '1')`).run();
    db.close();
    const again = openDatabase(file);
    assert.equal(again.prepare(`SELECT value FROM app_settings WHERE key = 'x'`).pluck().get(), '1');
    assert.equal(again.prepare('SELECT COUNT(*) FROM schema_migrations').pluck().get(), MIGRATIONS.length);
    again.close();
  });

  it('refuses a file that is not a database, naming it, and leaves it untouched', () => {
    const file = join(dir, 'corrupt.db');
    const junk = 'this is not sqlite '.repeat(400);
    writeFileSync(file, junk);
    assert.throws(
      () => openDatabase(file),
      (err: unknown) =>
        err instanceof DatabaseOpenError && err.reason === 'corrupt' && err.message.includes(file),
    );
    assert.equal(statSync(file).size, junk.length);
  });

  it('refuses a database written by a newer schema', () => {
    const file = join(dir, 'newer.db');
    openDatabase(file).close();
    const future = [...MIGRATIONS, { id: 999, name: 'future', sql: 'CREATE TABLE future (id INTEGER)' }];
    openDatabase(file, { migrations: future }).close();
    assert.throws(
      () => openDatabase(file),
      (err: unknown) =>
        err instanceof DatabaseOpenError &&
        err.reason === 'newer-schema' &&
        /999/.test(err.message) &&
        err.message.includes(file),
    );
  });

  it('refuses a database whose applied migrations differ from the bundled list', () => {
    const file = join(dir, 'mismatch.db');
    const other = [{ id: 1, name: 'something-else', sql: 'CREATE TABLE other (id INTEGER)' }];
    openDatabase(file, { migrations: other }).close();
    assert.throws(
      () => openDatabase(file),
      (err: unknown) => err instanceof DatabaseOpenError && err.reason === 'migration-mismatch',
    );
  });

  it('applies a new migration on top of existing data in one transaction', () => {
    const file = join(dir, 'upgrade.db');
    openDatabase(file).close();
    const broken = [
      ...MIGRATIONS,
      {
        id: MIGRATIONS.length + 1,
        name: 'broken',
        sql: 'CREATE TABLE ok (id INTEGER); SELECT nope FROM missing;',
      },
    ];
    assert.throws(() => openDatabase(file, { migrations: broken }));
    const db = openDatabase(file);
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE name = 'ok'`).all();
    assert.equal(tables.length, 0, 'a failed migration leaves nothing behind');
    db.close();
  });

  it('rolls back a migration run with foreign keys off that leaves a reference broken', () => {
    const file = join(dir, 'rebuild.db');
    openDatabase(file).close();
    const dangling = [
      ...MIGRATIONS,
      {
        id: MIGRATIONS.length + 1,
        name: 'dangling',
        foreignKeysOff: true,
        sql: `INSERT INTO urls (site_id, url, internal, state, priority, first_seen_at)
              VALUES (42, 'https://nowhere.test/', 1, 'queued', 0, '2026-01-01T00:00:00Z')`,
      },
    ];
    assert.throws(
      () => openDatabase(file, { migrations: dangling }),
      (err: unknown) =>
        err instanceof DatabaseOpenError && /dangling.*broken reference.*urls/.test(err.message),
    );
    const db = openDatabase(file);
    assert.equal(db.prepare('SELECT COUNT(*) FROM urls').pluck().get(), 0);
    assert.equal(schemaVersion(db), MIGRATIONS.at(-1)!.id);
    db.close();
  });
});
