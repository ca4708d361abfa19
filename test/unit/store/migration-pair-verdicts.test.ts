/**
 * Migration 28 on a database written before it: pairs of earlier analyses get no rule and no page to keep, and a
 * `rank` of their outcome's tier plus their reranker score, so the default order (by rank) still lists
 * duplicates, then merges, then related pairs by score until the site is analysed again.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { openDatabase, schemaVersion } from '../../../server/store/index.js';
import { MIGRATIONS } from '../../../server/store/migrations/index.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));

const NOW = '2026-01-01T00:00:00.000Z';

describe('migration 28 (pair verdicts)', () => {
  it('ranks earlier pairs by outcome, then reranker, with no rule or page to keep', () => {
    const file = join(dir, 'upgrade.db');
    const old = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.id < 28) });
    assert.equal(schemaVersion(old), 27);
    old
      .prepare(
        `INSERT INTO sites (id, name, start_url, origin, created_at, updated_at)
         VALUES (1, 'Garden', 'https://garden.test/', 'https://garden.test', ?, ?)`,
      )
      .run(NOW, NOW);
    const page = (path: string) => {
      const id = Number(
        old
          .prepare(
            `INSERT INTO urls (site_id, url, internal, state, depth, priority, sources, followable, first_seen_at)
             VALUES (1, ?, 1, 'done', 1, 1, 1, 1, ?)`,
          )
          .run(`https://garden.test${path}`, NOW).lastInsertRowid,
      );
      old
        .prepare(
          `INSERT INTO pages (id, site_id, url, status_code, content_type, title, indexable, crawled_at)
           SELECT id, site_id, url, 200, 'text/html', ?, 1, ? FROM urls WHERE id = ?`,
        )
        .run(path, NOW, id);
      return id;
    };
    const [a, b, c, d] = ['/roses/', '/roses-copy/', '/tulips/', '/bulbs/'].map(page) as [
      number,
      number,
      number,
      number,
    ];
    const run = Number(
      old
        .prepare(
          `INSERT INTO similarity_runs (site_id, reranker, thresholds, analyzed_at) VALUES (1, 'passage', '{}', ?)`,
        )
        .run(NOW).lastInsertRowid,
    );
    const insert = old.prepare(
      `INSERT INTO similarity_pairs (run_id, site_id, page_a, page_b, cosine, reranker, jaccard, outcome,
         shared_queries) VALUES (?, 1, ?, ?, 0.9, ?, 0.5, ?, 0)`,
    );
    insert.run(run, a, b, 1, 'duplicate'); // a reranker of 1 stays under the next tier
    insert.run(run, a, c, 0.71, 'merge');
    insert.run(run, c, d, 0.98, 'related');
    insert.run(run, b, d, 0.4, 'related');
    old.close();

    const db = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.id <= 28) });
    assert.equal(schemaVersion(db), 28);
    const rows = db
      .prepare(
        `SELECT outcome, reranker, rank, rule, keep_page, links, gsc_clicks FROM similarity_pairs ORDER BY rank DESC`,
      )
      .all() as { outcome: string; reranker: number; rank: number; rule: null; keep_page: null }[];
    assert.deepEqual(
      rows.map((r) => [r.outcome, r.reranker]),
      [
        ['duplicate', 1],
        ['merge', 0.71],
        ['related', 0.98],
        ['related', 0.4],
      ],
      'duplicates, then merges, then related pairs by score',
    );
    assert.deepEqual(
      rows.map((r) => Math.round(r.rank * 1000) / 1000),
      [3.999, 2.71, 0.98, 0.4],
    );
    for (const r of rows) {
      assert.equal(r.rule, null, 'no rule until analysed again');
      assert.equal(r.keep_page, null, 'no page to keep until analysed again');
    }
    assert.deepEqual(
      (db.prepare('SELECT DISTINCT links, gsc_clicks FROM similarity_pairs').all() as object[])[0],
      { links: 0, gsc_clicks: null },
    );
    db.close();
  });
});
