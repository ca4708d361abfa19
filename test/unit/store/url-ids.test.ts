/**
 * URL ids, which are page ids too, are never handed out twice (migration 9): not after a crawl sweeps the URL
 * with the highest id, and not after upgrading a database written before the migration, whose data, indexes
 * and references must come through the table rebuild unchanged.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createStore, openDatabase, schemaVersion, type Db } from '../../../server/store/index.js';
import { MIGRATIONS } from '../../../server/store/migrations/index.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));

const NOW = '2026-01-01T00:00:00.000Z';
const BEFORE = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((m) => m.name === 'url-ids-never-reused'),
);

function addUrl(db: Db, siteId: number, path: string, internal = 1): number {
  const info = db
    .prepare(
      `INSERT INTO urls (site_id, url, internal, state, reason, depth, priority, sources, followable, first_seen_at)
       VALUES (?, ?, ?, 'done', NULL, 1, 1, 1, 1, ?)`,
    )
    .run(siteId, `https://garden.test${path}`, internal, NOW);
  return Number(info.lastInsertRowid);
}

function addPage(db: Db, id: number, siteId: number): void {
  db.prepare(
    `INSERT INTO pages (id, site_id, url, status_code, content_type, title, indexable, crawled_at)
     SELECT id, site_id, url, 200, 'text/html', 'Page ' || id, 1, ? FROM urls WHERE id = ? AND site_id = ?`,
  ).run(NOW, id, siteId);
}

const tableDump = (db: Db, table: string, columns = '*') =>
  db.prepare(`SELECT ${columns} FROM ${table} ORDER BY 1`).all();
/** A table's columns as a select list: later migrations may add columns, which the rebuild does not concern. */
const columnList = (db: Db, table: string) =>
  (db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name).join(', ');
const urlsSchema = (db: Db) =>
  db
    .prepare(
      `SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'urls' AND type IN ('index', 'trigger')
       ORDER BY name`,
    )
    .all();

describe('URL ids', () => {
  it('are not reused after a crawl sweeps the URL with the highest id', () => {
    const db = openDatabase(join(dir, 'sweep.db'));
    const store = createStore(db, 'sweep.db');
    const site = store.sites.insert({
      name: 'Garden',
      start_url: 'https://garden.test/',
      origin: 'https://garden.test',
      settings: {},
    });
    const home = addUrl(db, site.id, '/');
    const kept = addUrl(db, site.id, '/kept/');
    const gone = addUrl(db, site.id, '/gone/');
    addPage(db, gone, site.id);

    // A new crawl reaches every URL but the last one again; the sweep removes it with its page.
    store.urls.beginFresh(site.id, 0);
    store.urls.setState(home, 'done');
    store.urls.setState(kept, 'done');
    assert.deepEqual(store.urls.sweepStale(site.id), { urls: 1, pages: 1 });
    assert.equal(store.urls.byId(gone), undefined);

    const next = addUrl(db, site.id, '/new/');
    assert.ok(next > gone, `a new URL got id ${next}, the id of the swept page ${gone} must stay unused`);
    db.close();
  });

  it('migration 9 keeps rows, indexes and references, and starts the counter above every remembered id', () => {
    const file = join(dir, 'upgrade.db');
    const old = openDatabase(file, { migrations: BEFORE });
    assert.equal(schemaVersion(old), BEFORE.at(-1)!.id);
    old
      .prepare(
        `INSERT INTO sites (id, name, start_url, origin, created_at, updated_at)
         VALUES (1, 'Garden', 'https://garden.test/', 'https://garden.test', ?, ?)`,
      )
      .run(NOW, NOW);
    const ids = ['/', '/roses/', '/tulips/', '/soil/', '/compost/'].map((p) => addUrl(old, 1, p));
    const external = addUrl(old, 1, '/elsewhere/', 0);
    for (const id of ids) addPage(old, id, 1);
    old.prepare(`INSERT INTO page_content (page_id, main_text) VALUES (?, 'Roses need sun.')`).run(ids[1]);
    const link = old.prepare(
      `INSERT INTO links (site_id, source_id, target_id, edge_kind, anchor_text) VALUES (1, ?, ?, 'content', ?)`,
    );
    link.run(ids[0], ids[1], 'Roses');
    link.run(ids[1], ids[2], 'Tulips');
    link.run(ids[1], external, 'Elsewhere');
    old
      .prepare(
        `INSERT INTO gsc_rows (site_id, grain, url_id, query, date, clicks, impressions, ctr, position, origin,
           updated_at) VALUES (1, 'page', ?, NULL, NULL, 12, 300, 0.04, 7.5, 'import', ?)`,
      )
      .run(ids[1], NOW);
    old
      .prepare(
        `INSERT INTO campaigns (id, hub_client_id, name, site_id, status, created_at, updated_at)
         VALUES (1, 'hub', 'Spring', 1, 'active', ?, ?)`,
      )
      .run(NOW, NOW);
    // The target remembers a page that a crawl has since swept: the highest id there was.
    const swept = addUrl(old, 1, '/bulbs/');
    old
      .prepare(
        `INSERT INTO targets (campaign_id, kind, title, page_id, related_page_ids, status, source, created_at,
           updated_at) VALUES (1, 'merge', 'Merge bulbs', ?, ?, 'accepted', 'expand', ?, ?)`,
      )
      .run(ids[2], JSON.stringify([ids[2], swept]), NOW, NOW);
    old.prepare('DELETE FROM urls WHERE id = ?').run(swept);

    const tables = ['urls', 'pages', 'page_content', 'links', 'gsc_rows', 'targets'];
    const before = Object.fromEntries(tables.map((t) => [t, tableDump(old, t)]));
    const columns = Object.fromEntries(tables.map((t) => [t, columnList(old, t)]));
    const schemaBefore = urlsSchema(old);
    old.close();

    const db = openDatabase(file);
    assert.equal(schemaVersion(db), MIGRATIONS.at(-1)!.id);
    assert.equal(db.pragma('foreign_keys', { simple: true }), 1, 'foreign keys are back on');
    assert.deepEqual(db.pragma('foreign_key_check'), []);
    for (const t of tables) assert.deepEqual(tableDump(db, t, columns[t]), before[t], t);
    assert.deepEqual(urlsSchema(db), schemaBefore, 'the same indexes and triggers on urls');
    const tableSql = db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'urls'`).pluck().get() as string;
    assert.match(tableSql, /INTEGER PRIMARY KEY AUTOINCREMENT/);
    assert.equal(
      db.prepare(`SELECT COUNT(*) FROM sqlite_master WHERE name = 'urls_rebuilt'`).pluck().get(),
      0,
    );

    // References still point at urls and still cascade.
    assert.throws(
      () => db.prepare(`INSERT INTO pages (id, site_id, url, crawled_at) VALUES (999, 1, 'x', ?)`).run(NOW),
      /FOREIGN KEY/,
    );
    db.prepare('DELETE FROM urls WHERE id = ?').run(ids[1]);
    assert.equal(db.prepare('SELECT COUNT(*) FROM pages WHERE id = ?').pluck().get(ids[1]), 0);
    assert.equal(db.prepare('SELECT COUNT(*) FROM page_content').pluck().get(), 0);
    assert.equal(db.prepare('SELECT COUNT(*) FROM gsc_rows').pluck().get(), 0);
    assert.equal(db.prepare('SELECT COUNT(*) FROM links').pluck().get(), 0);

    // Neither the swept id the target remembers nor the id just deleted comes back.
    const next = addUrl(db, 1, '/dahlias/');
    assert.equal(next, swept + 1);
    db.prepare('DELETE FROM urls WHERE id = ?').run(next);
    assert.equal(addUrl(db, 1, '/lilies/'), next + 1);
    db.close();
  });
});
