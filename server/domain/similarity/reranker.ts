/**
 * The default reranker (interface contract, section 3): a passage-level score with the same local model. Each
 * passage of one page is matched with its most similar passage of the other; the raw score is the mean of the
 * two directions' average best matches, then mapped to [0, 1]. Two pages that share one paragraph score low; two
 * pages that say the same things in other words score high.
 */
import { cosine } from '../embeddings/vectors.js';

function directional(from: Float32Array[], to: Float32Array[]): number {
  let sum = 0;
  for (const a of from) {
    let best = -1;
    for (const b of to) best = Math.max(best, cosine(a, b));
    sum += best;
  }
  return sum / from.length;
}

/** The mean of the two directions' average best passage cosine, before mapping. */
export function rawPassageScore(a: Float32Array[], b: Float32Array[]): number {
  if (!a.length || !b.length) return 0;
  return (directional(a, b) + directional(b, a)) / 2;
}

export function passageReranker(a: Float32Array[], b: Float32Array[]): number {
  return mapRaw(rawPassageScore(a, b));
}

/**
 * MiniLM's cosines between passages that say the same thing in other words sit around 0.6–0.8, rarely higher,
 * so raw scores are rescaled by their paraphrase ceiling: raw 0.75 and above is 1. Measured on real crawls and
 * embeddings of the fixture blog (`bench/reranker-calibration.ts`, docs/benchmarks.md): the same topic written
 * twice has raw p25 0.61 / median 0.67 (→ 0.81 / 0.90: merge), another topic of the same category median 0.36,
 * p95 0.50 (→ 0.48 / 0.66: at most related), another category median 0.22, p95 0.39 (→ 0.30 / 0.52: no pair).
 */
export const PARAPHRASE_CEILING = 0.75;

export function mapRaw(raw: number): number {
  return Math.min(1, Math.max(0, raw / PARAPHRASE_CEILING));
}

export const RERANKER_NAME = `passage-maxsim/${PARAPHRASE_CEILING}@all-MiniLM-L6-v2`;
