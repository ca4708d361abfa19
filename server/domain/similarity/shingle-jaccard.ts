/**
 * The exact Jaccard similarity of two texts' word 5-shingles, the quantity MinHash signatures estimate. A
 * 128-permutation estimate has a standard error of about 0.02 near 0.9, so a pair whose text is 94% the same can
 * read 0.89; candidates whose estimate comes near the duplicate threshold are measured exactly instead.
 */
import { words } from '../crawl/main-text.js';

const SHINGLE = 5;

function shingles(text: string): Set<string> {
  const w = words(text);
  const width = w.length < SHINGLE ? 1 : SHINGLE;
  const out = new Set<string>();
  for (let i = 0; i + width <= w.length; i++) out.add(w.slice(i, i + width).join(' '));
  return out;
}

export function shingleJaccard(a: string, b: string): number {
  const sa = shingles(a);
  const sb = shingles(b);
  if (sa.size === 0 && sb.size === 0) return 0;
  let inter = 0;
  for (const s of sa) if (sb.has(s)) inter++;
  return inter / (sa.size + sb.size - inter);
}

/** How far below the duplicate threshold an estimate may fall and still be measured exactly. */
export const EXACT_JACCARD_MARGIN = 0.1;
