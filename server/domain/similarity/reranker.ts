/**
 * The passage reranker's scale (interface contract, section 3). The plain passage score matches each passage of
 * one page with its most similar passage of the other and averages both directions; the default score
 * (specific-overlap.ts) weights each match by how specific it is to the pair, and is mapped here to [0, 1] so
 * the outcome thresholds keep their published meaning.
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

/**
 * The plain score's old mapping (raw 0.75 and above is 1), kept for bench/reranker-calibration.ts, which
 * measures the plain passage score on the fixture blog.
 */
export const PARAPHRASE_CEILING = 0.75;

/**
 * Where the specificity-weighted score (specific-overlap.ts) crosses the published outcome thresholds, so the
 * default settings keep their meaning (`related` ≥ 0.6, `merge` ≥ 0.8): piecewise linear through these points.
 * Calibrated on pairs judged by reading both pages on three real sites (bench/semantic-eval.ts,
 * docs/benchmarks.md "Semantic verdicts"): raw 0.15 is where a pair becomes worth a link (precision ≥ 0.83 on
 * every site), raw 0.64 where same-subject rewrites begin (90 % of planted rewrites score above it), raw 0.8
 * and above is a rewrite of the same text.
 */
const ANCHORS: readonly [raw: number, score: number][] = [
  [0, 0],
  [0.15, 0.6],
  [0.64, 0.8],
  [0.8, 1],
];

export function mapRaw(raw: number): number {
  if (raw <= 0) return 0;
  for (let i = 1; i < ANCHORS.length; i++) {
    const [x1, y1] = ANCHORS[i]!;
    if (raw <= x1) {
      const [x0, y0] = ANCHORS[i - 1]!;
      return y0 + ((raw - x0) / (x1 - x0)) * (y1 - y0);
    }
  }
  return 1;
}

export const RERANKER_NAME = 'passage-specific/1@all-MiniLM-L6-v2';
