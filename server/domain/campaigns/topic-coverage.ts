/**
 * How well the site covers a topic (a seed topic or a search query): the idea check, plus one look at the best
 * matches' headings. A short topic such as "composting for beginners" scores below the covered bar against its
 * own article's passages, yet a page headed "Composting for Beginners" plainly covers it. A topic the site only
 * touches is best served by refreshing the page that touches it (named here), not by a new page.
 */
import type { IdeaCheckResult } from '../../schemas/embeddings.js';
import { cosine } from '../embeddings/vectors.js';
import type { SiteSignals } from './site-signals.js';

/** A seed topic without Search Console figures: the analyst asked for it, so it is worth half of full demand. */
export const SEED_DEMAND = 0.5;

/** A page whose heading says the topic this closely is about it, whatever the passage scores say. */
export const HEADING_MATCH = 0.9;

type MatchedPage = IdeaCheckResult['matches'][number]['page'];

export interface Coverage {
  check: IdeaCheckResult;
  /** The closest page heading to the topic, by embedding cosine. */
  heading: { page: MatchedPage; score: number } | null;
  covered: boolean;
  /** Not covered, but the idea check finds it partly covered: `page` touches it. */
  partly: { page: MatchedPage; score: number } | null;
}

export async function coverage(signals: SiteSignals, topic: string): Promise<Coverage> {
  const check = await signals.checkIdea(topic);
  let heading: Coverage['heading'] = null;
  const topicVector = await signals.embed(topic);
  for (const m of check.matches) {
    const text = (m.page.h1 ?? m.page.title ?? '').trim();
    if (!text) continue;
    const score = cosine(topicVector, await signals.embed(text));
    if (!heading || score > heading.score) heading = { page: m.page, score };
  }
  const covered = check.score >= signals.coveredScore || (heading !== null && heading.score >= HEADING_MATCH);
  const best = check.matches[0];
  const partly =
    !covered && check.verdict === 'partially_covered' && best ? { page: best.page, score: best.score } : null;
  return { check, heading, covered, partly };
}
