/**
 * The database and its WAL and shared-memory files are readable by their owner only (0600), whatever the folder's
 * mode: created so, and tightened when an older Siteloupe left them 0644. SQLite gives the WAL and SHM files the
 * database file's mode; this checks it does.
 */
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { openDatabase } from '../../../server/store/index.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));

const mode = (file: string) => statSync(file).mode & 0o777;
const sideFiles = (file: string) => [file, `${file}-wal`, `${file}-shm`];

describe('database file modes', { skip: process.platform === 'win32' }, () => {
  it('creates the database, WAL and SHM 0600 in a folder that is 0755 and a umask that would give 0644', () => {
    const folder = join(dir, 'shared');
    mkdirSync(folder, { mode: 0o755 });
    chmodSync(folder, 0o755);
    const umask = process.umask(0o022);
    try {
      const file = join(folder, 'siteloupe.db');
      const db = openDatabase(file);
      db.prepare(`INSERT INTO app_settings (key, value) VALUES ('probe', '1')`).run();
      for (const f of sideFiles(file)) {
        assert.ok(existsSync(f), f);
        assert.equal(mode(f).toString(8), '600', f);
      }
      db.close();
    } finally {
      process.umask(umask);
    }
  });

  it('tightens an existing database and its WAL and SHM that an older version left 0644', () => {
    const file = join(dir, 'old.db');
    // As Siteloupe before this opened it: SQLite's default mode under a 022 umask, with the WAL left open.
    const umask = process.umask(0o022);
    let old: Database.Database;
    try {
      old = new Database(file);
      old.pragma('journal_mode = WAL');
      old.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    } finally {
      process.umask(umask);
    }
    for (const f of sideFiles(file)) chmodSync(f, 0o644);
    const db = openDatabase(file);
    for (const f of sideFiles(file)) assert.equal(mode(f).toString(8), '600', f);
    db.close();
    old.close();
  });
});
