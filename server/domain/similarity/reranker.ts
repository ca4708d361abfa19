/**
 * The default reranker (interface contract, section 3): a passage-level score with the same local model. Each
 * passage of one page is matched with its most similar passage of the other; the score is the mean of the two
 * directions' average best matches, clamped to [0, 1]. Two pages that share one paragraph score low; two pages
 * that say the same things in other words score high.
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

export function passageReranker(a: Float32Array[], b: Float32Array[]): number {
  if (!a.length || !b.length) return 0;
  const score = (directional(a, b) + directional(b, a)) / 2;
  return Math.min(1, Math.max(0, score));
}

export const RERANKER_NAME = 'passage-maxsim@all-MiniLM-L6-v2';
