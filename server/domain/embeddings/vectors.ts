/** Vector arithmetic for page embeddings (all vectors are L2-normalised, so a dot product is a cosine). */

export function normalize(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  const norm = Math.sqrt(sum) || 1;
  for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}

/** Weighted mean of vectors, normalised: a page vector from its title and passages. */
export function weightedMean(vectors: { vector: Float32Array; weight: number }[], dim: number): Float32Array {
  const out = new Float32Array(dim);
  for (const { vector, weight } of vectors) for (let i = 0; i < dim; i++) out[i]! += vector[i]! * weight;
  return normalize(out);
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}

/** sqlite-vec's cosine distance back to a similarity in [-1, 1]. */
export const similarityFromDistance = (distance: number): number => Math.max(-1, Math.min(1, 1 - distance));

export const rows = (flat: Float32Array, dim: number): Float32Array[] =>
  Array.from({ length: flat.length / dim }, (_, i) => flat.subarray(i * dim, (i + 1) * dim));
