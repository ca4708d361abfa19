/**
 * Site ids are never handed out twice (migration 10): not after the site with the highest id is deleted, and not
 * after upgrading a database written before the migration, whose rows in every table that hangs off `sites`,
 * and those tables' indexes, triggers and cascades, must come through the rebuild unchanged.
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
  MIGRATIONS.findIndex((m) => m.name === 'site-ids-never-reused'),
);

/** Tables holding a site's data, each dumped whole before and after the upgrade. */
const TABLES = [
  'sites',
  'jobs',
  'urls',
  'pages',
  'page_content',
  'links',
  'page_embeddings',
  'passages',
  'vector_generations',
  'similarity_runs',
  'similarity_current',
  'similarity_pairs',
  'similarity_clusters',
  'similarity_cluster_pages',
  'gsc_rows',
  'campaigns',
  'targets',
];

const tableDump = (db: Db, table: string) => db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all();
/** Every schema object but the sites table itself (whose definition the migration changes) and the sequence. */
const otherSchema = (db: Db) =>
  db
    .prepare(
      `SELECT type, name, tbl_name, sql FROM sqlite_master
       WHERE name NOT IN ('sites', 'sqlite_sequence') ORDER BY type, name`,
    )
    .all();
const count = (db: Db, table: string, siteId: number) =>
  db.prepare(`SELECT COUNT(*) FROM ${table} WHERE site_id = ?`).pluck().get(siteId) as number;

function addSite(db: Db, id: number, host: string): void {
  db.prepare(
    `INSERT INTO sites (id, name, start_url, origin, settings, created_at, updated_at)
     VALUES (?, ?, ?, ?, '{"max_pages":500}', ?, ?)`,
  ).run(id, host, `https://${host}/`, `https://${host}`, NOW, NOW);
}

/** A crawled, embedded, analysed site with Search Console rows, a campaign and a job: one row in every table. */
function fillSite(db: Db, siteId: number, host: string): void {
  const url = db.prepare(
    `INSERT INTO urls (site_id, url, internal, state, reason, depth, priority, sources, followable, first_seen_at)
     VALUES (?, ?, 1, 'done', NULL, ?, ?, 1, 1, ?)`,
  );
  const ids = ['/', '/roses/'].map((p, depth) =>
    Number(url.run(siteId, `https://${host}${p}`, depth, depth, NOW).lastInsertRowid),
  );
  for (const id of ids) {
    db.prepare(
      `INSERT INTO pages (id, site_id, url, status_code, content_type, title, indexable, crawled_at)
       SELECT id, site_id, url, 200, 'text/html', 'Page ' || id, 1, ? FROM urls WHERE id = ?`,
    ).run(NOW, id);
    db.prepare(`INSERT INTO page_content (page_id, main_text) VALUES (?, 'Roses need sun.')`).run(id);
    db.prepare(
      `INSERT INTO page_embeddings (page_id, site_id, content_hash, model, passages, embedded_at)
       VALUES (?, ?, 'h', 'minilm', 1, ?)`,
    ).run(id, siteId, NOW);
    db.prepare(`INSERT INTO passages (page_id, site_id, ord, text) VALUES (?, ?, 0, 'Roses need sun.')`).run(
      id,
      siteId,
    );
  }
  const [a, b] = ids as [number, number];
  db.prepare(
    `INSERT INTO links (site_id, source_id, target_id, edge_kind, anchor_text) VALUES (?, ?, ?, 'content', 'Roses')`,
  ).run(siteId, a, b);
  const run = Number(
    db
      .prepare(
        `INSERT INTO similarity_runs (site_id, reranker, thresholds, analyzed_at) VALUES (?, 'none', '{}', ?)`,
      )
      .run(siteId, NOW).lastInsertRowid,
  );
  db.prepare('INSERT INTO similarity_current (site_id, run_id) VALUES (?, ?)').run(siteId, run);
  db.prepare(
    `INSERT INTO similarity_pairs (run_id, site_id, page_a, page_b, cosine, reranker, jaccard, outcome)
     VALUES (?, ?, ?, ?, 0.97, 0.9, 0.8, 'duplicate')`,
  ).run(run, siteId, a, b);
  const cluster = Number(
    db
      .prepare(
        `INSERT INTO similarity_clusters (run_id, site_id, label, representative_page, mean_reranker, size)
         VALUES (?, ?, 'Roses', ?, 0.9, 2)`,
      )
      .run(run, siteId, a).lastInsertRowid,
  );
  db.prepare('INSERT INTO similarity_cluster_pages (cluster_id, page_id, score) VALUES (?, ?, 1)').run(
    cluster,
    b,
  );
  db.prepare(
    `INSERT INTO gsc_rows (site_id, grain, url_id, query, date, clicks, impressions, ctr, position, origin,
       updated_at) VALUES (?, 'page', ?, NULL, NULL, 12, 300, 0.04, 7.5, 'import', ?)`,
  ).run(siteId, b, NOW);
  const campaign = Number(
    db
      .prepare(
        `INSERT INTO campaigns (hub_client_id, name, site_id, status, created_at, updated_at)
         VALUES ('hub', 'Spring', ?, 'active', ?, ?)`,
      )
      .run(siteId, NOW, NOW).lastInsertRowid,
  );
  db.prepare(
    `INSERT INTO targets (campaign_id, kind, title, page_id, status, source, created_at, updated_at)
     VALUES (?, 'refresh', 'Refresh roses', ?, 'accepted', 'expand', ?, ?)`,
  ).run(campaign, b, NOW, NOW);
  db.prepare(
    `INSERT INTO jobs (kind, site_id, campaign_id, status, created_at) VALUES ('crawl', ?, NULL, 'succeeded', ?)`,
  ).run(siteId, NOW);
}

describe('site ids', () => {
  it('are not reused after the site with the highest id is deleted', () => {
    const db = openDatabase(join(dir, 'fresh.db'));
    const store = createStore(db, 'fresh.db');
    const site = (host: string) =>
      store.sites.insert({
        name: host,
        start_url: `https://${host}/`,
        origin: `https://${host}`,
        settings: {},
      });
    site('garden.test');
    const gone = site('shop.garden.test');
    store.sites.delete(gone.id);
    assert.ok(site('blog.garden.test').id > gone.id);
    db.close();
  });

  it('migration 10 keeps every table that hangs off sites, and starts above every remembered site id', () => {
    const file = join(dir, 'upgrade.db');
    const old = openDatabase(file, { migrations: BEFORE });
    assert.equal(schemaVersion(old), 9);
    addSite(old, 1, 'garden.test');
    addSite(old, 2, 'shop.garden.test');
    addSite(old, 3, 'blog.garden.test');
    fillSite(old, 1, 'garden.test');
    fillSite(old, 2, 'shop.garden.test');
    fillSite(old, 3, 'blog.garden.test');
    // Site 3 was deleted before the upgrade; its vector counter outlives it (the table has no foreign key).
    old.prepare('DELETE FROM sites WHERE id = 3').run();
    assert.equal(count(old, 'urls', 3), 0);
    assert.equal(
      old.prepare('SELECT COUNT(*) FROM vector_generations WHERE site_id = 3').pluck().get(),
      1,
      'the deleted site keeps its vector counter',
    );
    const before = Object.fromEntries(TABLES.map((t) => [t, tableDump(old, t)]));
    const schemaBefore = otherSchema(old);
    old.close();

    // Through migration 10 only: later migrations rebuild other tables, whose schema this compares.
    const db = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.id <= 10) });
    assert.equal(schemaVersion(db), 10);
    assert.equal(db.pragma('foreign_keys', { simple: true }), 1, 'foreign keys are back on');
    assert.deepEqual(db.pragma('foreign_key_check'), []);
    for (const t of TABLES) assert.deepEqual(tableDump(db, t), before[t], t);
    assert.deepEqual(
      otherSchema(db),
      schemaBefore,
      'the other tables, their indexes and triggers are unchanged',
    );
    const tableSql = db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'sites'`).pluck().get() as string;
    assert.match(tableSql, /id\s+INTEGER PRIMARY KEY AUTOINCREMENT/);
    assert.equal(
      db.prepare(`SELECT COUNT(*) FROM sqlite_master WHERE name = 'sites_rebuilt'`).pluck().get(),
      0,
    );

    // References still point at sites: a row for a site that does not exist is refused.
    assert.throws(
      () =>
        db
          .prepare(`INSERT INTO jobs (kind, site_id, status, created_at) VALUES ('crawl', 99, 'queued', ?)`)
          .run(NOW),
      /FOREIGN KEY/,
    );
    // Deleting a site still cascades through everything it owns, and the triggers still fire.
    const generation = () =>
      db.prepare('SELECT generation FROM vector_generations WHERE site_id = 2').pluck().get() as number;
    const generationBefore = generation();
    db.prepare('DELETE FROM sites WHERE id = 2').run();
    for (const t of ['jobs', 'urls', 'pages', 'links', 'page_embeddings', 'similarity_runs', 'gsc_rows'])
      assert.equal(count(db, t, 2), 0, `${t} of the deleted site`);
    for (const t of ['similarity_current', 'campaigns']) assert.equal(count(db, t, 2), 0, t);
    assert.equal(generation(), generationBefore + 2, 'each deleted embedding moved the vector counter');
    assert.equal(db.prepare('SELECT COUNT(*) FROM targets').pluck().get(), 1, 'only site 1’s target is left');
    assert.equal(count(db, 'urls', 1), 2, 'the other site is untouched');

    // Neither the id deleted before the upgrade (3) nor the one just deleted (2) comes back.
    const store = createStore(db, file);
    const next = store.sites.insert({
      name: 'new',
      start_url: 'https://new.test/',
      origin: 'https://new.test',
      settings: {},
    });
    assert.equal(next.id, 4);
    store.sites.delete(next.id);
    assert.equal(
      store.sites.insert({
        name: 'n2',
        start_url: 'https://n2.test/',
        origin: 'https://n2.test',
        settings: {},
      }).id,
      5,
    );
    db.close();
  });
});
