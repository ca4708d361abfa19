/**
 * `sitemap_entries` (migration 19): which sitemap file listed which URL. Entries are per URL, cleared per site
 * (another site's stay), go with their URL, and the repository prepares nothing until used, so a store over a
 * database an older migration left still opens.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createStore, openDatabase, type Db } from '../../../server/store/index.js';
import { MIGRATIONS } from '../../../server/store/migrations/index.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));

const NOW = '2026-01-01T00:00:00.000Z';

function addUrl(db: Db, siteId: number, url: string): number {
  const info = db
    .prepare(
      `INSERT INTO urls (site_id, url, internal, state, reason, depth, priority, sources, followable, first_seen_at)
       VALUES (?, ?, 1, 'done', NULL, 1, 1, 2, 1, ?)`,
    )
    .run(siteId, url, NOW);
  return Number(info.lastInsertRowid);
}

describe('sitemap entries', () => {
  it('are recorded once per sitemap, cleared per site, and go with their URL', () => {
    const db = openDatabase(join(dir, 'entries.db'));
    const store = createStore(db, 'entries.db');
    const site = (origin: string) =>
      store.sites.insert({ name: origin, start_url: `${origin}/`, origin, settings: {} }).id;
    const garden = site('https://garden.test');
    const shop = site('https://shop.test');
    const rose = addUrl(db, garden, 'https://garden.test/rose/');
    const fern = addUrl(db, garden, 'https://garden.test/fern/');
    const spade = addUrl(db, shop, 'https://shop.test/spade/');

    store.tx(() => {
      store.sitemapEntries.add(rose, 'https://garden.test/sitemap-b.xml');
      store.sitemapEntries.add(rose, 'https://garden.test/sitemap-a.xml');
      store.sitemapEntries.add(rose, 'https://garden.test/sitemap-a.xml');
      store.sitemapEntries.add(fern, 'https://garden.test/sitemap-a.xml');
      store.sitemapEntries.add(spade, 'https://shop.test/sitemap.xml');
    });
    assert.deepEqual(store.sitemapEntries.sitemapsOf(rose), [
      'https://garden.test/sitemap-a.xml',
      'https://garden.test/sitemap-b.xml',
    ]);

    db.prepare('DELETE FROM urls WHERE id = ?').run(fern);
    assert.deepEqual(store.sitemapEntries.sitemapsOf(fern), []);

    assert.equal(store.sitemapEntries.clearSite(garden), 2);
    assert.deepEqual(store.sitemapEntries.sitemapsOf(rose), []);
    assert.deepEqual(store.sitemapEntries.sitemapsOf(spade), ['https://shop.test/sitemap.xml']);
    db.close();
  });

  it('prepare nothing until used, so a store opens over a database before migration 19', () => {
    const before = MIGRATIONS.filter((m) => m.id < 19);
    const db = openDatabase(join(dir, 'old.db'), { migrations: before });
    assert.doesNotThrow(() => createStore(db, 'old.db'));
    db.close();
  });
});
