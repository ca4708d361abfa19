/**
 * Each embedded page's nearest other pages by cosine. Small sites get the exact answer (a SIMD scan of the page
 * vectors, ~10× faster than asking sqlite-vec once per page); from ANN_MIN_PAGES on an in-memory HNSW index keeps
 * the work near-linear (an exact scan per page grows with the square), for uses where a missed neighbour only means
 * a missed suggestion (similarity candidates, the audit's off-topic outliers).
 */
import { buildAnnIndex } from '../../adapters/ann-index.js';
import { VectorMatrix } from '../../adapters/vector-scan/vector-matrix.js';

/** From this many embedded pages on, neighbours come from an approximate (HNSW) index. */
export const ANN_MIN_PAGES = 5000;

export interface PageVector {
  id: number;
  vector: Float32Array;
}

export function* nearestPages(
  vectors: readonly PageVector[],
  k: number,
): Generator<{ id: number; nearest: { id: number; similarity: number }[] }> {
  if (vectors.length < ANN_MIN_PAGES) {
    const matrix = new VectorMatrix(vectors[0]?.vector.length ?? 384, vectors.length);
    for (const { id, vector } of vectors) matrix.add(id, vector);
    for (const { id, vector } of vectors) {
      const hits = matrix.topK(vector, k, (other) => other === id);
      yield { id, nearest: hits.map((h) => ({ id: h.id, similarity: h.score })) };
    }
    return;
  }
  const index = buildAnnIndex(vectors as PageVector[]);
  for (const { id, vector } of vectors) {
    // k + 1: the page itself is usually its own nearest, and is left out.
    yield { id, nearest: index.search(vector, k + 1).filter((n) => n.id !== id) };
  }
}
