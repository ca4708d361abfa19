/**
 * An approximate nearest-neighbour index (HNSW, hnswlib) over unit vectors, held in memory for one analysis.
 * Used where a missed neighbour only means a missed suggestion (similarity candidates), never for answers that
 * must be exact: an exact k-NN scan per page grows with the square of a site's pages.
 */
import { createRequire } from 'node:module';
import type { HierarchicalNSW as HnswType } from 'hnswlib-node';

// The package is CommonJS; its named export is read through require.
const { HierarchicalNSW } = createRequire(import.meta.url)('hnswlib-node') as {
  HierarchicalNSW: typeof HnswType;
};

export interface AnnIndex {
  /** The `k` nearest ids by inner product (cosine for unit vectors), best first, with their similarity. */
  search(vector: Float32Array, k: number): { id: number; similarity: number }[];
}

export function buildAnnIndex(
  items: { id: number; vector: Float32Array }[],
  opts: { m?: number; efConstruction?: number; ef?: number } = {},
): AnnIndex {
  const dim = items[0]?.vector.length ?? 1;
  const index = new HierarchicalNSW('ip', dim);
  index.initIndex({
    maxElements: Math.max(items.length, 1),
    m: opts.m ?? 16,
    efConstruction: opts.efConstruction ?? 100,
    randomSeed: 42,
  });
  for (const item of items) index.addPoint(Array.from(item.vector), item.id);
  index.setEf(opts.ef ?? 64);
  return {
    search(vector, k) {
      const n = Math.min(k, items.length);
      if (!n) return [];
      const found = index.searchKnn(Array.from(vector), n);
      // hnswlib's inner-product "distance" is 1 − dot.
      return found.neighbors.map((id, i) => ({ id, similarity: 1 - found.distances[i]! }));
    },
  };
}
