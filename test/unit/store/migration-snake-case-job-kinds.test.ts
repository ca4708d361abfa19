/**
 * Migration 14 on a database written before it: campaign action jobs stored as `campaign-<action>` become
 * `campaign_<action>`, so the API lists them under the registry's names and the campaign still finds its last
 * action; every other job and column is unchanged.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { JOB_KIND_NAMES } from '../../../server/schemas/jobs.js';
import { createStore, openDatabase, schemaVersion, type Db } from '../../../server/store/index.js';
import { MIGRATIONS } from '../../../server/store/migrations/index.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));

const NOW = '2026-01-01T00:00:00.000Z';
const BEFORE = MIGRATIONS.filter((m) => m.id < 14);

const OLD_KINDS = [
  'crawl',
  'embed',
  'similarity',
  'gsc_sync',
  'gsc_import',
  'campaign-expand',
  'campaign-refresh',
  'campaign-rebuild',
];

function addJob(db: Db, kind: string, campaignId: number | null): number {
  const params = kind.startsWith('campaign-') ? { action: kind.slice('campaign-'.length) } : {};
  return Number(
    db
      .prepare(
        `INSERT INTO jobs (kind, site_id, campaign_id, status, params, result, created_at)
         VALUES (?, 1, ?, 'succeeded', ?, '{"n":1}', ?)`,
      )
      .run(kind, campaignId, JSON.stringify(params), NOW).lastInsertRowid,
  );
}

const jobsDump = (db: Db) =>
  db.prepare('SELECT * FROM jobs ORDER BY id').all() as ({ kind: string } & Record<string, unknown>)[];

describe('migration 14 (snake_case job kinds)', () => {
  it('renames the campaign action kinds and leaves everything else as it was', () => {
    const file = join(dir, 'upgrade.db');
    const old = openDatabase(file, { migrations: BEFORE });
    assert.equal(schemaVersion(old), 13);
    old
      .prepare(
        `INSERT INTO sites (id, name, start_url, origin, settings, created_at, updated_at)
         VALUES (1, 's', 'https://garden.test/', 'https://garden.test', '{}', ?, ?)`,
      )
      .run(NOW, NOW);
    old
      .prepare(
        `INSERT INTO campaigns (id, hub_client_id, site_id, name, status, seed_topics, settings, created_at, updated_at)
       VALUES (1, 'northwind', 1, 'Spring', 'active', '[]', '{}', ?, ?)`,
      )
      .run(NOW, NOW);
    for (const kind of OLD_KINDS) addJob(old, kind, kind.startsWith('campaign-') ? 1 : null);
    const before = jobsDump(old);
    old.close();

    const db = openDatabase(file);
    assert.equal(schemaVersion(db), MIGRATIONS.at(-1)!.id);
    const after = jobsDump(db);
    assert.deepEqual(
      after.map((j) => j.kind),
      [
        'crawl',
        'embed',
        'similarity',
        'gsc_sync',
        'gsc_import',
        'campaign_expand',
        'campaign_refresh',
        'campaign_rebuild',
      ],
    );
    assert.ok(
      after.every((j) => (JOB_KIND_NAMES as string[]).includes(j.kind)),
      'every stored kind is one of the registry’s names',
    );
    // Columns later migrations add (`crawl_number`, 31) are theirs to test.
    const columns = Object.keys(before[0] ?? {});
    const rest = (j: Record<string, unknown>) =>
      Object.fromEntries(columns.map((c) => [c, c === 'kind' ? null : j[c]]));
    assert.deepEqual(after.map(rest), before.map(rest), 'nothing but the kind changed');
    const store = createStore(db, file);
    const last = store.jobs.ofCampaign(
      1,
      ['campaign_expand', 'campaign_refresh', 'campaign_rebuild'],
      'last',
    );
    assert.equal(last?.kind, 'campaign_rebuild');
    assert.deepEqual(last?.params, { action: 'rebuild' });
    db.close();
  });
});
