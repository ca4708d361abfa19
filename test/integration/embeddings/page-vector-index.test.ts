/**
 * Page-vector search from memory against sqlite-vec on a real database: the same answers, and never an answer
 * from vectors the table no longer holds, whoever changed them.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { PageVectorIndex } from '../../../server/domain/embeddings/page-vector-index.js';
import { openDatabase } from '../../../server/store/index.js';
import { exactNearest, seedVectorDb, type VectorDb } from '../../helpers/vector-db.js';

let v: VectorDb;
const site1 = new Set<number>();

before(() => {
  v = seedVectorDb([3_000, 400]);
  for (const id of v.vectors.keys()) if (id <= 3_000) site1.add(id);
});
after(() => {
  v.store.db.close();
  rmSync(v.dir, { recursive: true, force: true });
});

const ids = (rows: { page_id: number }[]) => rows.map((r) => r.page_id);

describe('PageVectorIndex', () => {
  it('answers from memory exactly what sqlite-vec answers, scoped to the site', () => {
    const index = new PageVectorIndex(v.store);
    for (let q = 0; q < 25; q++) {
      const query = v.around(v.centers[q % v.centers.length]!, 0.1);
      const mem = index.nearest(query, 10, 1);
      assert.equal(index.lastPath, 'memory');
      const sql = v.store.embeddings.knnPages(query, 10, 1);
      assert.deepEqual(ids(mem), ids(sql));
      mem.forEach((r, i) => assert.ok(Math.abs(r.distance - sql[i]!.distance) < 1e-5));
      assert.deepEqual(
        ids(mem),
        exactNearest(v.vectors, query, 10, site1).map((h) => h.id),
      );
    }
  });

  it('leaves out a skipped page and still returns k', () => {
    const index = new PageVectorIndex(v.store);
    const query = v.vectors.get(42)!;
    const found = index.nearest(query, 5, 1, (id) => id === 42);
    assert.equal(found.length, 5);
    assert.ok(!ids(found).includes(42));
  });

  it('searches across sites through sqlite-vec', () => {
    const index = new PageVectorIndex(v.store);
    const query = v.vectors.get(3_100)!;
    const found = index.nearest(query, 3, null);
    assert.equal(index.lastPath, 'sqlite');
    assert.equal(found[0]!.page_id, 3_100);
  });

  it('drops its copy when this connection changes the vectors', () => {
    const index = new PageVectorIndex(v.store, { rebuildIntervalMs: 0 });
    const query = v.vectors.get(7)!;
    assert.equal(index.nearest(query, 1, 1)[0]!.page_id, 7);
    v.store.db.prepare('DELETE FROM page_embeddings WHERE page_id = 7').run();
    const after = index.nearest(query, 1, 1);
    assert.equal(index.lastPath, 'memory');
    assert.notEqual(after[0]!.page_id, 7);
  });

  it('reads sqlite-vec while a just-rebuilt copy goes stale again (a site being embedded)', () => {
    const index = new PageVectorIndex(v.store, { rebuildIntervalMs: 60_000 });
    const query = v.vectors.get(8)!;
    assert.equal(index.nearest(query, 1, 1)[0]!.page_id, 8);
    v.store.db.prepare('DELETE FROM page_embeddings WHERE page_id = 8').run();
    const found = index.nearest(query, 1, 1);
    assert.equal(index.lastPath, 'sqlite');
    assert.notEqual(found[0]!.page_id, 8);
  });

  it('sees vectors another connection changed (a crawl running in another process)', () => {
    const index = new PageVectorIndex(v.store, { rebuildIntervalMs: 0 });
    const query = v.vectors.get(9)!;
    assert.equal(index.nearest(query, 1, 1)[0]!.page_id, 9);
    const other = openDatabase(v.file);
    try {
      other.prepare('DELETE FROM page_embeddings WHERE page_id = 9').run();
    } finally {
      other.close();
    }
    assert.notEqual(index.nearest(query, 1, 1)[0]!.page_id, 9);
    assert.equal(index.lastPath, 'memory');
  });

  it('leaves a site larger than its memory budget to sqlite-vec, with the same answers', () => {
    const index = new PageVectorIndex(v.store, { budgetBytes: 1_000_000 });
    const query = v.around(v.centers[3]!, 0.1);
    const found = index.nearest(query, 10, 1);
    assert.equal(index.lastPath, 'sqlite');
    assert.deepEqual(ids(found), ids(v.store.embeddings.knnPages(query, 10, 1)));
  });
});
