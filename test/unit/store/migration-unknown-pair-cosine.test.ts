/**
 * Migration 13 on a database written before it: `similarity_pairs.cosine` becomes nullable, a stored cosine of 0
 * becomes NULL where a page of the pair has no embedding (the analysis wrote 0 for "unknown"), and every other
 * row, the indexes and the cascades come through the table rebuild unchanged.
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
const BEFORE = MIGRATIONS.filter((m) => m.id < 13);
const THROUGH = MIGRATIONS.filter((m) => m.id <= 13);

const count = (db: Db, sql: string, ...args: unknown[]) =>
  db
    .prepare(sql)
    .pluck()
    .get(...args) as number;
const pairsDump = (db: Db) => db.prepare('SELECT * FROM similarity_pairs ORDER BY id').all();
const indexes = (db: Db) =>
  db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'similarity_pairs' ORDER BY name`,
    )
    .all();

function addPage(db: Db, path: string, embedded: boolean): number {
  const id = Number(
    db
      .prepare(
        `INSERT INTO urls (site_id, url, internal, state, depth, priority, sources, followable, first_seen_at)
         VALUES (1, ?, 1, 'done', 1, 1, 1, 1, ?)`,
      )
      .run(`https://garden.test${path}`, NOW).lastInsertRowid,
  );
  db.prepare(
    `INSERT INTO pages (id, site_id, url, status_code, content_type, title, indexable, crawled_at)
     SELECT id, site_id, url, 200, 'text/html', ?, ?, ? FROM urls WHERE id = ?`,
  ).run(path, embedded ? 1 : 0, NOW, id);
  if (embedded) {
    db.prepare(
      `INSERT INTO page_embeddings (page_id, site_id, content_hash, model, passages, embedded_at)
       VALUES (?, 1, 'h', 'all-MiniLM-L6-v2', 1, ?)`,
    ).run(id, NOW);
  }
  return id;
}

describe('migration 13 (unknown pair cosine)', () => {
  it('makes the cosine nullable, turns a 0 beside an unembedded page into NULL, and keeps the rest', () => {
    const file = join(dir, 'upgrade.db');
    const old = openDatabase(file, { migrations: BEFORE });
    assert.equal(schemaVersion(old), 12);
    old
      .prepare(
        `INSERT INTO sites (id, name, start_url, origin, created_at, updated_at)
         VALUES (1, 'Garden', 'https://garden.test/', 'https://garden.test', ?, ?)`,
      )
      .run(NOW, NOW);
    const seeds = addPage(old, '/shop/seeds/', true);
    const roses = addPage(old, '/roses/', true);
    const tulips = addPage(old, '/tulips/', true);
    const red = addPage(old, '/shop/seeds/?color=red', false); // canonicalised, so never embedded
    const run = Number(
      old
        .prepare(
          `INSERT INTO similarity_runs (site_id, reranker, thresholds, analyzed_at) VALUES (1, 'passage', '{}', ?)`,
        )
        .run(NOW).lastInsertRowid,
    );
    old.prepare('INSERT INTO similarity_current (site_id, run_id) VALUES (1, ?)').run(run);
    const insert = old.prepare(
      `INSERT INTO similarity_pairs (run_id, site_id, page_a, page_b, cosine, reranker, jaccard, outcome,
         shared_queries) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?)`,
    );
    // page_a, page_b, cosine before → after.
    const rows: [number, number, number, number | null][] = [
      [seeds, roses, 0.83, 0.83], // both embedded: a real cosine
      [seeds, red, 0, null], // the hash duplicate the analysis could not embed: unknown
      [tulips, red, 0.41, 0.41], // computed while the page was still embedded: kept
      [roses, tulips, 0, 0], // both embedded now: whether 0 was unknown then cannot be told, so kept
    ];
    for (const [i, [a, b, cosine]] of rows.entries()) {
      insert.run(run, a, b, cosine, 1 - i / 10, i === 1 ? 1 : 0.3, i === 1 ? 'duplicate' : 'merge', i);
    }
    const before = pairsDump(old) as Record<string, unknown>[];
    const indexesBefore = indexes(old);
    old.close();

    const db = openDatabase(file, { migrations: THROUGH });
    assert.equal(schemaVersion(db), 13);
    assert.deepEqual(db.pragma('foreign_key_check'), []);
    const cosineColumn = (
      db.pragma('table_info(similarity_pairs)') as { name: string; notnull: number }[]
    ).find((c) => c.name === 'cosine');
    assert.equal(cosineColumn?.notnull, 0, 'cosine is nullable');
    assert.deepEqual(
      pairsDump(db),
      before.map((r, i) => ({ ...r, cosine: rows[i]![3] })),
      'ids, pages, scores and outcomes unchanged; only the unknown cosine is NULL',
    );
    assert.deepEqual(indexes(db), indexesBefore, 'the same indexes');
    assert.equal(count(db, `SELECT COUNT(*) FROM sqlite_master WHERE name LIKE '%_rebuilt'`), 0);

    // The repository (which writes the evidence column of migration 20) writes and reads NULL, and the references
    // still hold and cascade.
    db.close();
    const latest = openDatabase(file);
    const store = createStore(latest, file);
    store.similarity.insertPair(run, 1, {
      page_a: roses,
      page_b: red,
      cosine: null,
      reranker: 0.7,
      jaccard: 0.2,
      outcome: 'related',
      rule: 'below_merge',
      rule_detail: null,
      keep: null,
      links: { a_to_b: null, b_to_a: null },
      gsc_clicks: null,
      rank: 0.5,
      shared_queries: 0,
      evidence: [],
    });
    const listed = store.similarity.pairs({ siteId: 1 }, 'id', null, 10);
    assert.deepEqual(
      listed.map((p) => p.cosine),
      [0.83, null, 0.41, 0, null],
    );
    assert.throws(
      () =>
        latest
          .prepare(
            `INSERT INTO similarity_pairs (run_id, site_id, page_a, page_b, cosine, reranker, jaccard, outcome)
             VALUES (?, 1, ?, 9999, NULL, 0.9, 0.1, 'merge')`,
          )
          .run(run, seeds),
      /FOREIGN KEY/,
      'a pair with a page that does not exist is refused',
    );
    latest.prepare('DELETE FROM pages WHERE id = ?').run(red);
    assert.equal(count(latest, 'SELECT COUNT(*) FROM similarity_pairs'), 2, 'a page’s pairs go with it');
    latest.prepare('DELETE FROM similarity_runs WHERE id = ?').run(run);
    assert.equal(count(latest, 'SELECT COUNT(*) FROM similarity_pairs'), 0, 'a run’s pairs go with it');
    latest.close();
  });
});
