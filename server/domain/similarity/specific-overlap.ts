/**
 * The default pair score: how much of two pages says the same specific things. Each passage of page A is matched
 * with its most similar passage of page B (as the plain passage reranker does), and the match counts in
 * proportion to how specific it is to B: divided by one plus the number of A's other candidate pages that match
 * the passage as well. A's candidates are its nearest pages, so on a site of one template they are pages of that
 * template: text every one of them has (the same headings, parameter tables and notes on every page of a
 * reference, a product page's shipping and returns blocks) counts for a fraction; a paragraph only B matches
 * counts fully. The sum is divided by A's passage count, so two pages that share one specific paragraph still
 * score low. The matches that counted most are kept as the pair's evidence.
 *
 * Rivals come from the candidate set and not from the whole site, so the cost is that of the plain passage score
 * (every candidate pair's passages compared once per direction) and memory stays flat however large the site.
 */
import { cosine } from '../embeddings/vectors.js';

/** Pages whose match is within this cosine of B's are as good a match: they share the credit. */
export const TIE_MARGIN = 0.02;
/** Matches kept as evidence, per direction and per pair. */
export const EVIDENCE = 3;

export interface PagePassages {
  id: number;
  passageIds: readonly number[];
  vectors: readonly Float32Array[];
}

export interface PassageMatch {
  /** A passage of the first page and its best match on the second. */
  from: number;
  to: number;
  cosine: number;
  /** 1 when no other candidate page matches `from` as well; 1/(1 + n) when n others do. */
  weight: number;
  /** This match's part of the directional score (weight × cosine / passages of the page). */
  share: number;
}

export interface Direction {
  /** In [0, 1]: the weighted mean best cosine of the page's passages in the partner. */
  score: number;
  evidence: PassageMatch[];
}

/** Each partner's directional score from `page`: one entry per partner, in order. */
export function directions(page: PagePassages, partners: readonly PagePassages[]): Direction[] {
  const n = page.vectors.length;
  if (!n) return partners.map(() => ({ score: 0, evidence: [] }));
  // best[j][i]: the best cosine of passage i in partner j, and which of j's passages it is.
  const best = partners.map(() => new Float32Array(n).fill(-1));
  const arg = partners.map(() => new Int32Array(n).fill(-1));
  partners.forEach((partner, j) => {
    for (let i = 0; i < n; i++) {
      const a = page.vectors[i]!;
      let b = -1;
      let at = -1;
      partner.vectors.forEach((v, k) => {
        const c = cosine(a, v);
        if (c > b) [b, at] = [c, k];
      });
      best[j]![i] = b;
      arg[j]![i] = at;
    }
  });
  return partners.map((partner, j) => {
    let score = 0;
    const matches: PassageMatch[] = [];
    for (let i = 0; i < n; i++) {
      const c = best[j]![i]!;
      if (arg[j]![i]! < 0 || c <= 0) continue;
      let rivals = 0;
      for (let k = 0; k < partners.length; k++) if (k !== j && best[k]![i]! >= c - TIE_MARGIN) rivals++;
      const weight = 1 / (1 + rivals);
      const share = (weight * c) / n;
      score += share;
      matches.push({
        from: page.passageIds[i]!,
        to: partner.passageIds[arg[j]![i]!]!,
        cosine: c,
        weight,
        share,
      });
    }
    return { score, evidence: matches.sort((x, y) => y.share - x.share).slice(0, EVIDENCE) };
  });
}

/**
 * The pair's raw score (the mean of its two directions) and its evidence, read from A to B: the reverse
 * direction's matches are turned round, each share halved as the mean halves it, the same two passages once.
 */
export function combine(ab: Direction, ba: Direction): { raw: number; evidence: PassageMatch[] } {
  const all = [
    ...ab.evidence.map((m) => ({ ...m, share: m.share / 2 })),
    ...ba.evidence.map((m) => ({ ...m, from: m.to, to: m.from, share: m.share / 2 })),
  ].sort((x, y) => y.share - x.share);
  const seen = new Set<string>();
  const evidence = all.filter((m) => {
    const k = `${m.from}:${m.to}`;
    return seen.has(k) ? false : (seen.add(k), true);
  });
  return { raw: (ab.score + ba.score) / 2, evidence: evidence.slice(0, EVIDENCE) };
}
