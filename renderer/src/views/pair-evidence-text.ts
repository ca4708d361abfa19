/**
 * Why two pages were paired, in words and figures: the pair's passage matches in the order they counted, each
 * with how specific it is to the pair (text that many candidate pages match as well is a site template's, and
 * counted for little), and, when a pair has no matches, the reason its fields allow. Pure, so it is unit-tested
 * without a browser; the view only lays it out.
 */
import type { Pair } from '../api/types.js';
import { fmtCount, fmtScore, fmtShare } from '../format.js';

type Evidence = Pair['evidence'][number];

/**
 * A match that this many other candidate pages match as well is template text: a heading, a notice or a block
 * the site repeats, not something the two pages say in particular (it counted a third or less).
 */
export const TEMPLATE_RIVALS = 2;
/** At or above this Jaccard the two main texts are the same: the pair is a duplicate by its text alone. */
const IDENTICAL_JACCARD = 0.9995;

export interface EvidenceMatch {
  key: string;
  a: Evidence['passage_a'];
  b: Evidence['passage_b'];
  cosine: string;
  /** The match's part of the pair's passage score, in [0, 1]: the width of its bar. */
  share: number;
  /** `share` as a percentage, e.g. "19%". */
  shareText: string;
  /** Other candidate pages that match A's passage as well (the weight is 1/(1 + rivals)). */
  rivals: number;
  template: boolean;
  /** How specific the match is, in words: "only this pair", "1 other page matches it as well", … */
  specificity: string;
}

/** The rival pages a weight stands for; weights are stored to four decimals, so the count is rounded. */
export function rivalsOf(weight: number): number {
  if (!(weight > 0)) return Number.POSITIVE_INFINITY;
  return Math.max(0, Math.round(1 / Math.min(weight, 1) - 1));
}

function specificity(rivals: number): string {
  if (rivals === 0) return 'only this pair';
  if (!Number.isFinite(rivals)) return 'many other pages match it as well';
  return `${fmtCount(rivals, 'other page')} ${rivals === 1 ? 'matches' : 'match'} it as well`;
}

/** The matches that counted most first (the server sends them so; the order is the point, so it is kept here). */
export function evidenceMatches(evidence: readonly Evidence[]): EvidenceMatch[] {
  return [...evidence]
    .sort((x, y) => y.share - x.share || y.cosine - x.cosine)
    .map((e) => {
      const rivals = rivalsOf(e.weight);
      const share = Math.min(1, Math.max(0, e.share));
      return {
        key: `${e.passage_a.id}:${e.passage_b.id}`,
        a: e.passage_a,
        b: e.passage_b,
        cosine: fmtScore(e.cosine),
        share,
        shareText: fmtShare(share),
        rivals,
        template: rivals >= TEMPLATE_RIVALS,
        specificity: specificity(rivals),
      };
    });
}

/** What a match's figures mean, for its tooltip. */
export function matchTitle(m: EvidenceMatch): string {
  const weight = Number.isFinite(m.rivals) ? `1/${m.rivals + 1}` : 'little';
  return (
    `Cosine ${m.cosine} between the two passages; ${m.specificity}, so it counts ${m.rivals ? weight : 'fully'}. ` +
    `It makes ${m.shareText} of a full passage score (the score before it is mapped to the reranker’s scale).`
  );
}

/** The closed section's one line: how many matches, and how many of them are template text. */
export function evidenceSummary(pair: Pick<Pair, 'evidence' | 'outcome' | 'jaccard' | 'cosine'>): string {
  const note = emptyEvidenceNote(pair);
  if (note) return note.title;
  const matches = evidenceMatches(pair.evidence);
  const template = matches.filter((m) => m.template).length;
  const total = fmtShare(matches.reduce((sum, m) => sum + m.share, 0));
  return [
    fmtCount(matches.length, 'passage match', 'passage matches'),
    template ? `${template} of them template text` : null,
    `${total} of a full score together`,
  ]
    .filter(Boolean)
    .join(' · ');
}

export interface EmptyEvidenceNote {
  kind: 'identical' | 'near-identical' | 'stale';
  title: string;
  detail: string;
}

/**
 * Why a pair shows no passages, from what its fields tell: duplicates are found by their text, before any
 * passage is compared; any other pair was scored when evidence was not kept (or by a cross-encoder, which reads
 * whole texts), or its passages were re-embedded since. Null when there is evidence to show.
 */
export function emptyEvidenceNote(
  pair: Pick<Pair, 'evidence' | 'outcome' | 'jaccard' | 'cosine'>,
): EmptyEvidenceNote | null {
  if (pair.evidence.length) return null;
  if (pair.outcome === 'duplicate' && pair.jaccard >= IDENTICAL_JACCARD)
    return {
      kind: 'identical',
      title: 'Found by identical text',
      detail: 'The two pages have the same main text (Jaccard 1.00), so no passages needed comparing.',
    };
  if (pair.outcome === 'duplicate')
    return {
      kind: 'near-identical',
      title: 'Found by nearly identical text',
      detail:
        `Their main texts overlap with Jaccard ${fmtScore(pair.jaccard)}, enough to call them duplicates. ` +
        (pair.cosine === null
          ? 'One of them is not indexable, so it has no passages to compare.'
          : 'No passage matches were kept: run the analysis again to see them.'),
    };
  return {
    kind: 'stale',
    title: 'Scored before evidence was kept: run the analysis again',
    detail:
      'The next analysis keeps the passages that counted most. A cross-encoder, when one is set, reads whole ' +
      'texts and keeps none.',
  };
}
