/**
 * Migration 31: a site's crawls are numbered 1, 2, 3 in the order they were started, whatever their outcome and
 * whatever other jobs (other sites', other kinds) took ids between them; other jobs have no number. A crawl
 * stored after it continues its site's count.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createStore, openDatabase } from '../../../server/store/index.js';
import { MIGRATIONS } from '../../../server/store/migrations/index.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));

const NOW = '2026-01-01T00:00:00.000Z';

describe('migration 31 (crawls numbered per site)', () => {
  it('numbers each site’s stored crawls in id order, and only crawls', () => {
    const file = join(dir, 'jobs.db');
    const old = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.id < 31) });
    const site = old.prepare(
      `INSERT INTO sites (name, start_url, origin, settings, created_at, updated_at) VALUES (?, ?, ?, '{}', ?, ?)`,
    );
    const a = Number(site.run('a', 'http://a.test/', 'http://a.test', NOW, NOW).lastInsertRowid);
    const b = Number(site.run('b', 'http://b.test/', 'http://b.test', NOW, NOW).lastInsertRowid);
    const job = old.prepare(
      `INSERT INTO jobs (kind, site_id, status, phase, done, message, params, created_at)
       VALUES (?, ?, ?, '', 0, '', '{}', ?)`,
    );
    const ids = [
      job.run('crawl', a, 'succeeded', NOW),
      job.run('embed', a, 'succeeded', NOW),
      job.run('crawl', b, 'succeeded', NOW),
      job.run('crawl', a, 'failed', NOW),
      job.run('audit', a, 'succeeded', NOW),
      job.run('crawl', a, 'cancelled', NOW),
    ].map((r) => Number(r.lastInsertRowid));
    old.close();

    const db = openDatabase(file);
    try {
      const numbers = db.prepare('SELECT crawl_number FROM jobs ORDER BY id').pluck().all();
      assert.deepEqual(numbers, [1, null, 1, 2, null, 3]);
      const store = createStore(db, file);
      const next = store.jobs.insert({
        kind: 'crawl',
        site_id: a,
        campaign_id: null,
        params: { mode: 'spider' },
      });
      assert.equal(next.kind === 'crawl' && next.crawl_number, 4, 'a new crawl continues the site’s count');
      const other = store.jobs.get(ids[2]!);
      assert.equal(other?.kind === 'crawl' && other.crawl_number, 1, 'read back as the API shows it');
    } finally {
      db.close();
    }
  });
});
