/**
 * `robots_files` (migration 18): one robots.txt per site and origin, replaced when read again, cut at 512 KiB,
 * cleared per site and gone with the site; a store over a database from before it still builds.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { MIGRATIONS } from '../../../server/store/migrations/index.js';
import { createStore, openDatabase } from '../../../server/store/index.js';
import { ROBOTS_BODY_MAX_CHARS } from '../../../server/store/repos/robots-files-repo.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));

const NOW = '2026-01-01T00:00:00.000Z';

describe('robots_files', () => {
  it('keeps the latest read of each origin, bounded, per site', () => {
    const file = join(dir, 'robots.db');
    const db = openDatabase(file);
    const store = createStore(db, file);
    for (const id of [1, 2])
      db.prepare(
        `INSERT INTO sites (id, name, start_url, origin, created_at, updated_at)
         VALUES (?, 'Garden', 'https://garden.test/', 'https://garden.test', ?, ?)`,
      ).run(id, NOW, NOW);

    store.robotsFiles.put(1, { url: 'https://garden.test/robots.txt', status: 503, body: '' });
    store.robotsFiles.put(1, {
      url: 'https://garden.test/robots.txt',
      status: 200,
      body: 'User-agent: *\nDisallow: /basket/\n',
    });
    store.robotsFiles.put(1, { url: 'https://shop.garden.test/robots.txt', status: null, body: '' });
    store.robotsFiles.put(2, {
      url: 'https://garden.test/robots.txt',
      status: 200,
      body: 'x'.repeat(ROBOTS_BODY_MAX_CHARS + 10),
    });

    const row = store.robotsFiles.get(1, 'https://garden.test')!;
    assert.equal(row.status, 200);
    assert.equal(row.body, 'User-agent: *\nDisallow: /basket/\n');
    assert.equal(store.robotsFiles.get(1, 'https://shop.garden.test')!.status, null);
    assert.equal(store.robotsFiles.get(2, 'https://garden.test')!.body.length, ROBOTS_BODY_MAX_CHARS);
    assert.equal(store.robotsFiles.get(1, 'http://garden.test'), null);

    store.robotsFiles.clear(1);
    assert.equal(store.robotsFiles.get(1, 'https://garden.test'), null);
    assert.ok(store.robotsFiles.get(2, 'https://garden.test'));

    db.prepare('DELETE FROM sites WHERE id = 2').run();
    assert.equal(store.robotsFiles.get(2, 'https://garden.test'), null);
    db.close();
  });

  it('builds a store over a database from before the table', () => {
    const file = join(dir, 'old.db');
    const db = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.id < 18) });
    assert.doesNotThrow(() => createStore(db, file));
    db.close();
  });
});
