/**
 * Campaign and target ids are never handed out twice (migration 12): not after the campaign or target with the
 * highest id is deleted, and not after upgrading a database written before the migration, whose campaigns and
 * targets, their indexes and cascades must come through the rebuild unchanged, and whose jobs still remember a
 * campaign deleted before the upgrade.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createStore, openDatabase, schemaVersion, type Db } from '../../../server/store/index.js';
import { MIGRATIONS } from '../../../server/store/migrations/index.js';
import type { TargetInsert } from '../../../server/store/repos/targets-repo.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));

const NOW = '2026-01-01T00:00:00.000Z';
const BEFORE = MIGRATIONS.filter((m) => m.id < 12);
const THROUGH = MIGRATIONS.filter((m) => m.id <= 12);

const tableDump = (db: Db, table: string) => db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all();
const schemaOf = (db: Db, names: string[]) =>
  db
    .prepare(
      `SELECT type, name, tbl_name, sql FROM sqlite_master WHERE tbl_name IN (${names.map(() => '?').join(',')})
       ORDER BY type, name`,
    )
    .all(...names) as { type: string; name: string; tbl_name: string; sql: string }[];
const count = (db: Db, sql: string, ...args: unknown[]) =>
  db
    .prepare(sql)
    .pluck()
    .get(...args) as number;

function addSite(db: Db, id: number): void {
  db.prepare(
    `INSERT INTO sites (id, name, start_url, origin, created_at, updated_at)
     VALUES (?, 'Garden', 'https://garden.test/', 'https://garden.test', ?, ?)`,
  ).run(id, NOW, NOW);
}

function addCampaign(db: Db, siteId: number, name: string): number {
  return Number(
    db
      .prepare(
        `INSERT INTO campaigns (hub_client_id, name, site_id, status, seed_topics, settings, created_at, updated_at)
         VALUES ('northwind', ?, ?, 'active', '["leaf mould"]', '{"max_new":5}', ?, ?)`,
      )
      .run(name, siteId, NOW, NOW).lastInsertRowid,
  );
}

function addTarget(db: Db, campaignId: number, title: string): number {
  return Number(
    db
      .prepare(
        `INSERT INTO targets (campaign_id, kind, title, query, page_id, related_page_ids, status, score, rationale,
           evidence, notes, source, subject, subject_vector, created_at, updated_at)
         VALUES (?, 'new_content', ?, lower(?), NULL, '[]', 'rejected', 0.5, 'why', '{}', 'n', 'expand', lower(?),
           ?, ?, ?)`,
      )
      .run(campaignId, title, title, title, Buffer.from(new Float32Array([1, 0]).buffer), NOW, NOW)
      .lastInsertRowid,
  );
}

function addActionJob(db: Db, siteId: number, campaignId: number): void {
  db.prepare(
    `INSERT INTO jobs (kind, site_id, campaign_id, status, created_at)
     VALUES ('campaign-refresh', ?, ?, 'succeeded', ?)`,
  ).run(siteId, campaignId, NOW);
}

const target = (campaign_id: number, title: string): TargetInsert => ({
  campaign_id,
  kind: 'new_content',
  title,
  query: null,
  page_id: null,
  related_page_ids: [],
  status: 'proposed',
  score: null,
  rationale: '',
  evidence: null,
  notes: '',
  source: 'manual',
  subject: null,
  subject_vector: null,
});

describe('campaign and target ids', () => {
  it('are not reused after the campaign or target with the highest id is deleted', () => {
    const db = openDatabase(join(dir, 'fresh.db'));
    const store = createStore(db, 'fresh.db');
    addSite(db, 1);
    const campaign = (name: string) =>
      store.campaigns.insert({
        hub_client_id: 'northwind',
        name,
        site_id: 1,
        description: '',
        status: 'draft',
        seed_topics: [],
        persona_context: null,
        settings: {},
      }).id;
    const kept = campaign('Spring');
    const gone = campaign('Autumn');
    const first = store.targets.insert(target(kept, 'Winter pruning')).id;
    const last = store.targets.insert(target(kept, 'Leaf mould')).id;
    assert.equal(store.targets.delete(last), true);
    assert.equal(store.targets.delete(last), false, 'a second delete finds nothing');
    assert.ok(store.targets.insert(target(kept, 'Bulbs')).id > last);
    assert.equal(store.campaigns.delete(gone), true);
    assert.ok(campaign('Winter') > gone);
    assert.equal(store.targets.get(first)?.title, 'Winter pruning', 'other rows stay');
    db.close();
  });

  it('migration 12 keeps campaigns and targets, their indexes and cascades, and starts above remembered ids', () => {
    const file = join(dir, 'upgrade.db');
    const old = openDatabase(file, { migrations: BEFORE });
    assert.equal(schemaVersion(old), 11);
    addSite(old, 1);
    const spring = addCampaign(old, 1, 'Spring');
    const autumn = addCampaign(old, 1, 'Autumn');
    const gone = addCampaign(old, 1, 'Deleted before the upgrade');
    for (const [c, titles] of [
      [spring, ['Growing avocados indoors', 'Leaf mould']],
      [autumn, ['Bulbs']],
      [gone, ['Winter pruning']],
    ] as const) {
      for (const title of titles) addTarget(old, c, title);
    }
    addActionJob(old, 1, gone);
    old.prepare('DELETE FROM campaigns WHERE id = ?').run(gone);
    const highestTarget = count(old, 'SELECT MAX(id) FROM targets WHERE campaign_id = ?', autumn);
    assert.equal(highestTarget, count(old, 'SELECT MAX(id) FROM targets'));
    const before = Object.fromEntries(['campaigns', 'targets', 'jobs'].map((t) => [t, tableDump(old, t)]));
    const schemaBefore = schemaOf(old, ['campaigns', 'targets']);
    old.close();

    const db = openDatabase(file, { migrations: THROUGH });
    assert.equal(schemaVersion(db), 12);
    assert.equal(db.pragma('foreign_keys', { simple: true }), 1, 'foreign keys are back on');
    assert.deepEqual(db.pragma('foreign_key_check'), []);
    for (const t of ['campaigns', 'targets', 'jobs']) assert.deepEqual(tableDump(db, t), before[t], t);
    const schemaAfter = schemaOf(db, ['campaigns', 'targets']);
    assert.deepEqual(
      schemaAfter.filter((o) => o.type === 'index'),
      schemaBefore.filter((o) => o.type === 'index'),
      'the same indexes',
    );
    for (const table of ['campaigns', 'targets']) {
      assert.match(schemaAfter.find((o) => o.name === table)!.sql, /id\s+INTEGER PRIMARY KEY AUTOINCREMENT/);
    }
    assert.equal(count(db, `SELECT COUNT(*) FROM sqlite_master WHERE name LIKE '%_rebuilt'`), 0);

    // References still hold and cascade: site → campaigns → targets.
    assert.throws(
      () => addTarget(db, 999, 'Orphan'),
      /FOREIGN KEY/,
      'a target of a campaign that does not exist is refused',
    );
    const store = createStore(db, file);
    assert.equal(store.campaigns.delete(autumn), true);
    assert.equal(count(db, 'SELECT COUNT(*) FROM targets WHERE campaign_id = ?', autumn), 0);
    assert.equal(count(db, 'SELECT COUNT(*) FROM targets WHERE campaign_id = ?', spring), 2);

    // Neither the campaign a job remembers nor the one just deleted comes back; nor does a deleted target's id.
    assert.equal(addCampaign(db, 1, 'New'), gone + 1);
    assert.equal(addTarget(db, spring, 'New topic'), highestTarget + 1, 'autumn’s target had the highest id');
    db.prepare('DELETE FROM sites WHERE id = 1').run();
    assert.equal(count(db, 'SELECT COUNT(*) FROM campaigns'), 0);
    assert.equal(count(db, 'SELECT COUNT(*) FROM targets'), 0, 'deleting the site still cascades');
    db.close();
  });
});
