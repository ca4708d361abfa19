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

/** How much of one page's text another has word for word (shingle-jaccard.ts, `textOverlap`). */
export interface TextOverlap {
  /** The share of the smaller page's word 5-shingles that the other page has. */
  whole: number;
  /**
   * The same share of its own text: shingles found on any of the pair's neighbouring pages (their template, the
   * boilerplate sibling pages share) left out of both pages first. The smaller page is the one with less text of
   * its own.
   */
  own: number;
  /** Which page has less text (of its own, for `own`; the two agree but for pages of nearly one length). */
  smaller: 'a' | 'b';
}

/**
 * How much of the smaller page's text the other has word for word, whole and without the text its neighbours
 * (`others`, its template siblings) also have. Two pages of one template share their boilerplate with all their
 * siblings: `whole` can be high while `own` is low. A page and its rewrite share sentences no other page has:
 * both are high, whatever their titles say.
 */
export function textOverlap(a: string, b: string, others: readonly string[]): TextOverlap {
  const [wa, wb] = [shingles(a), shingles(b)];
  const shared = (x: Set<string>, y: Set<string>) => {
    let n = 0;
    for (const s of x) if (y.has(s)) n++;
    return n;
  };
  const small = Math.min(wa.size, wb.size);
  const whole = small ? shared(wa, wb) / small : 0;
  const template = new Set<string>();
  for (const o of others) for (const s of shingles(o)) template.add(s);
  const own = (set: Set<string>) => new Set([...set].filter((s) => !template.has(s)));
  const [sa, sb] = [own(wa), own(wb)];
  const ownSmall = Math.min(sa.size, sb.size);
  return {
    whole,
    own: ownSmall ? shared(sa, sb) / ownSmall : 0,
    smaller: sa.size < sb.size || (sa.size === sb.size && wa.size <= wb.size) ? 'a' : 'b',
  };
}

/** The share of the smaller page's own text that the other page has word for word (`textOverlap`'s `own`). */
export function exclusiveTextShare(a: string, b: string, others: readonly string[]): number {
  return textOverlap(a, b, others).own;
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
