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

/**
 * The share of the smaller page's own text that the other page has word for word: shingles found on any of
 * `others` (the pair's neighbouring pages, i.e. their template) are left out first. Two pages of one template
 * share their boilerplate with all their siblings and score low; a page and its rewrite share sentences no other
 * page has and score high, whatever their titles say.
 */
export function exclusiveTextShare(a: string, b: string, others: readonly string[]): number {
  const template = new Set<string>();
  for (const o of others) for (const s of shingles(o)) template.add(s);
  const own = (t: string) => new Set([...shingles(t)].filter((s) => !template.has(s)));
  const [sa, sb] = [own(a), own(b)];
  const smaller = Math.min(sa.size, sb.size);
  if (!smaller) return 0;
  let shared = 0;
  for (const s of sa) if (sb.has(s)) shared++;
  return shared / smaller;
}

export function shingleJaccard(a: string, b: string): number {
  const sa = shingles(a);
  const sb = shingles(b);
  if (sa.size === 0 && sb.size === 0) return 0;
  let inter = 0;
  for (const s of sa) if (sb.has(s)) inter++;
  return inter / (sa.size + sb.size - inter);
}

/** The exclusive text share at which two pages are rewrites of one text, whatever their titles. */
export const REWRITE_TEXT_SHARE = 0.65;

/** How far below the duplicate threshold an estimate may fall and still be measured exactly. */
export const EXACT_JACCARD_MARGIN = 0.1;
