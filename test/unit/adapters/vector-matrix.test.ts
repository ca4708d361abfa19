/** The SIMD matrix scan against plain JavaScript arithmetic, and the committed WebAssembly against its source. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { selectTop, VectorMatrix } from '../../../server/adapters/vector-scan/vector-matrix.js';
// @ts-expect-error — a plain ES module script without types.
import { committedKernel, compileKernel } from '../../../scripts/build-wasm.js';
import { exactNearest, normalize, seededRandom } from '../../helpers/vector-db.js';

const rand = seededRandom(7);
const unit = (dim: number) => normalize(Float32Array.from({ length: dim }, rand));

describe('VectorMatrix', () => {
  it('returns exactly the top k by inner product, with the same scores as plain arithmetic', () => {
    const dim = 384;
    const m = new VectorMatrix(dim, 2_000);
    const vectors = new Map<number, Float32Array>();
    for (let i = 0; i < 2_000; i++) {
      const v = unit(dim);
      vectors.set(i * 3 + 1, v);
      m.add(i * 3 + 1, v);
    }
    for (let q = 0; q < 20; q++) {
      const query = unit(dim);
      const got = m.topK(query, 10);
      const want = exactNearest(vectors, query, 10);
      assert.deepEqual(
        got.map((h) => h.id),
        want.map((h) => h.id),
      );
      got.forEach((h, i) => assert.ok(Math.abs(h.score - want[i]!.score) < 1e-5));
    }
  });

  it('skips ids it is told to skip and never returns more than it holds', () => {
    const m = new VectorMatrix(16, 5);
    const vs = [1, 2, 3].map(() => unit(16));
    vs.forEach((v, i) => m.add(i + 10, v));
    const hits = m.topK(vs[0]!, 10, (id) => id === 10);
    assert.deepEqual(hits.map((h) => h.id).sort(), [11, 12]);
    assert.equal(m.size, 3);
    assert.deepEqual(new VectorMatrix(16, 1).topK(unit(16), 3), []);
  });

  it('refuses shapes it cannot scan', () => {
    assert.throws(() => new VectorMatrix(10, 1), /multiple of 16/);
    const m = new VectorMatrix(16, 1);
    assert.throws(() => m.add(1, new Float32Array(8)), /8 values/);
    m.add(1, unit(16));
    assert.throws(() => m.add(2, unit(16)), /full/);
    assert.throws(() => m.topK(new Float32Array(3), 1), /3 values/);
  });

  it('selects the top of a score array and breaks ties by id', () => {
    const scores = Float32Array.from([0.5, 0.9, 0.5, 0.1, 0.9]);
    const ids = Int32Array.from([5, 4, 3, 2, 1]);
    assert.deepEqual(
      selectTop(scores, ids, 3).map((h) => h.id),
      [1, 4, 3],
    );
  });

  it('ships the WebAssembly its .wat source compiles to', async () => {
    assert.equal(
      committedKernel('dot-scan'),
      await compileKernel('dot-scan'),
      'run node scripts/build-wasm.js',
    );
  });
});
