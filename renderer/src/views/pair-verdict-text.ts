/**
 * What a similarity pair's figures and verdict mean, in words: the outcome, the rule that decided it, the page to
 * keep, the links between the two pages, and each score. Pure, so it is unit-tested without a browser; the views
 * only lay it out. The rule and keep labels are records over the server's types, so a rule the server adds is a
 * type error here, never a pair shown without its reason.
 */
import type { AnalysisState, KeepReason, Outcome, Pair, PairRule } from '../api/types.js';
import { fmtCount, fmtDate, fmtInt, fmtScore } from '../format.js';

/** What each outcome asks of the analyst. */
export const OUTCOME_MEANING: Record<Outcome, string> = {
  duplicate: 'The same text at two URLs: keep one, redirect or canonicalise the other.',
  merge: 'One subject written twice: merge the other page into the page to keep.',
  related: 'Two pages a reader of one would want to find from the other: link them.',
};

export const RULE_LABEL: Record<PairRule, string> = {
  same_text: 'Identical text',
  near_same_text: 'Nearly identical text',
  mostly_same_text: 'One page’s text is mostly on the other',
  same_title: 'Titles name one subject',
  same_queries: 'Found for the same searches',
  shared_text: 'Text only these two pages share',
  score_only: 'Passage score alone',
  hub_and_part: 'A hub and its part',
  other_objects: 'Sibling pages of a reference',
  parallel_places: 'Parallel pages in two parts of the site',
  other_subjects: 'Titles name other subjects',
  below_merge: 'Overlap worth a link',
};

export const KEEP_LABEL: Record<KeepReason, string> = {
  canonical: 'the canonical target',
  indexable: 'the indexable one',
  hub: 'the hub',
  inlinks: 'more internal links',
  clicks: 'more Search Console clicks',
  higher: 'higher in the site',
  first: 'crawled first',
};

/** The scores in a sentence each, for the legend and the cells' tooltips. */
export const SCORE_MEANING = {
  reranker:
    'Reranker: how much of the two pages says the same specific things, 0–1; text many other pages share (a template) counts for little. At 0.60 a pair is worth a link, at 0.80 it may be one page.',
  cosine: 'Cosine: how alike the two pages are as a whole, by their embeddings (−1 to 1).',
  jaccard:
    'Jaccard: the share of word sequences the two main texts have in common, 0–1; at 0.90 they are duplicates.',
} as const;

/** Which side of the pair is the page to keep: `A`, `B`, or null for a related pair. */
export function keepSide(pair: Pick<Pair, 'keep' | 'page_a'>): 'A' | 'B' | null {
  if (!pair.keep) return null;
  return pair.keep.page_id === pair.page_a.id ? 'A' : 'B';
}

/** "Keep A: the hub", for the table's cell. */
export function keepShort(pair: Pick<Pair, 'keep' | 'page_a'>): string {
  const side = keepSide(pair);
  return side && pair.keep ? `Keep ${side}: ${KEEP_LABEL[pair.keep.reason]}` : '—';
}

type Links = Pair['links'];
const direction = (place: Links['a_to_b']) =>
  place === 'text' ? 'in its text' : place === 'navigation' ? 'in its navigation only' : null;

/** Where the pair's pages already link each other, in words. */
export function linksText(links: Links): string {
  const [ab, ba] = [direction(links.a_to_b), direction(links.b_to_a)];
  if (!ab && !ba) return 'Not linked either way';
  if (ab && ba && links.a_to_b === links.b_to_a) return `Linked both ways ${ab.replace('its', 'their')}`;
  return [
    ab ? `A links to B ${ab}` : 'A does not link to B',
    ba ? `B links to A ${ba}` : 'B does not link to A',
  ].join('; ');
}

/** The link cell of a related pair: what is still missing. */
export function linksShort(links: Links): string {
  const missing = [links.a_to_b === 'text' ? null : 'A→B', links.b_to_a === 'text' ? null : 'B→A'].filter(
    Boolean,
  );
  if (!links.a_to_b && !links.b_to_a) return 'none yet';
  if (!missing.length) return 'linked';
  return `${missing.join(', ')} missing`;
}

/** The pair's Search Console clicks, or a dash without Search Console data. */
export const clicksText = (clicks: number | null) => (clicks === null ? '—' : fmtInt(clicks));

/** One line under a pair's pages: outcome meaning, then the scores. */
export function scoresLine(pair: Pick<Pair, 'reranker' | 'cosine' | 'jaccard' | 'shared_queries'>): string {
  return [
    `reranker ${fmtScore(pair.reranker)}`,
    `cosine ${fmtScore(pair.cosine)}`,
    `Jaccard ${fmtScore(pair.jaccard)}`,
    pair.shared_queries > 0
      ? fmtCount(pair.shared_queries, 'shared search query', 'shared search queries')
      : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The verdict in words: the rule and its figures; a pair of an older analysis says to run it again. */
export function verdictText(pair: Pick<Pair, 'rule' | 'rule_detail'>): { label: string; detail: string } {
  if (!pair.rule)
    return {
      label: 'Analysed before verdicts were kept',
      detail: 'Run the analysis again to see the rule that decided this pair and the page to keep.',
    };
  return { label: RULE_LABEL[pair.rule], detail: pair.rule_detail ?? '' };
}

/** The stale notice: what happened and what happens next, with when. */
export function staleText(state: AnalysisState): string {
  const when = `Analysed ${fmtDate(state.analyzed_at)}; crawled again ${fmtDate(state.last_crawl_at)}.`;
  return `${state.reason ?? 'The site was crawled again after this analysis.'} ${when}`;
}
