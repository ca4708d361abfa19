import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildAnnIndex } from '../../../server/adapters/ann-index.js';

let seed = 3;
const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 2 - 1;
const unit = (v: Float32Array) => {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};

describe('buildAnnIndex', () => {
  it('finds the nearest vectors by cosine with their similarity', () => {
    const centers = Array.from({ length: 20 }, () => unit(Float32Array.from({ length: 32 }, rand)));
    const items = Array.from({ length: 2000 }, (_, i) => ({
      id: i + 1,
      vector: unit(Float32Array.from(centers[i % 20]!, (x) => x + rand() * 0.05)),
    }));
    const index = buildAnnIndex(items);
    let agree = 0;
    for (let q = 0; q < 50; q++) {
      const query = items[q * 37]!.vector;
      const exact = items
        .map((it) => ({ id: it.id, d: it.vector.reduce((s, x, i) => s + x * query[i]!, 0) }))
        .sort((a, b) => b.d - a.d)
        .slice(0, 10);
      const found = index.search(query, 10);
      assert.equal(found[0]!.id, items[q * 37]!.id, 'a vector is its own nearest neighbour');
      assert.ok(Math.abs(found[0]!.similarity - 1) < 1e-4);
      agree += found.filter((f) => exact.some((e) => e.id === f.id)).length;
    }
    assert.ok(agree / 500 >= 0.95, `recall@10 ${agree / 500}`);
  });

  it('answers an empty index and k above its size', () => {
    assert.deepEqual(buildAnnIndex([]).search(new Float32Array(4), 5), []);
    const one = buildAnnIndex([{ id: 7, vector: new Float32Array([1, 0, 0, 0]) }]);
    assert.deepEqual(
      one.search(new Float32Array([1, 0, 0, 0]), 5).map((r) => r.id),
      [7],
    );
  });
});
