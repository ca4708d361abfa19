/**
 * Migration 21 on a database written before it: credentials a start URL carried move into `site_credentials`,
 * and the start URL and the crawled URLs lose their userinfo (a URL whose plain spelling exists keeps its row).
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createStore, openDatabase, schemaVersion } from '../../../server/store/index.js';
import { MIGRATIONS } from '../../../server/store/migrations/index.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));
const NOW = '2026-01-01T00:00:00.000Z';

describe('migration 21 (site credentials)', () => {
  it('moves userinfo out of start URLs and URLs into the site', () => {
    const file = join(dir, 'upgrade.db');
    const old = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.id < 21) });
    assert.equal(schemaVersion(old), 20);
    const site = old.prepare(
      `INSERT INTO sites (id, name, start_url, origin, settings, created_at, updated_at)
       VALUES (?, ?, ?, ?, '{}', ?, ?)`,
    );
    site.run(1, 'staging', 'https://ana:p%40ss@staging.test/', 'https://staging.test', NOW, NOW);
    site.run(2, 'public', 'https://public.test/?q=a@b', 'https://public.test', NOW, NOW);
    const url = old.prepare(
      `INSERT INTO urls (id, site_id, url, internal, state, priority, first_seen_at)
       VALUES (?, ?, ?, 1, 'done', 0, ?)`,
    );
    url.run(1, 1, 'https://ana:p%40ss@staging.test/', NOW);
    url.run(2, 1, 'https://ana:p%40ss@staging.test/tents', NOW);
    url.run(3, 1, 'https://staging.test/tents', NOW); // also found through the sitemap, without userinfo
    url.run(4, 2, 'https://public.test/?q=a@b', NOW);
    old.close();

    // Through 21 only: migration 30 then moves the password out of the database (its own test).
    const db = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.id <= 21) });
    assert.equal(schemaVersion(db), 21);
    const store = createStore(db, file);
    assert.equal(store.sites.get(1)!.start_url, 'https://staging.test/');
    // The columns as migration 21 made them (the repository reads those of migration 30).
    const login = db.prepare('SELECT username, password FROM site_credentials WHERE site_id = ?');
    assert.deepEqual(login.get(1), { username: 'ana', password: 'p@ss' });
    assert.equal(store.sites.get(2)!.start_url, 'https://public.test/?q=a@b');
    assert.equal(login.get(2), undefined);
    const urls = db.prepare('SELECT id, url FROM urls ORDER BY id').all();
    assert.deepEqual(urls, [
      { id: 1, url: 'https://staging.test/' },
      { id: 2, url: 'https://ana:p%40ss@staging.test/tents' },
      { id: 3, url: 'https://staging.test/tents' },
      { id: 4, url: 'https://public.test/?q=a@b' },
    ]);
    // Deleting the site takes its credentials along.
    db.prepare('DELETE FROM sites WHERE id = 1').run();
    assert.equal(login.get(1), undefined);
    db.close();
  });
});
