/**
 * Where a pair stands in what an analyst acts on: the default order of a site's pairs. A manual of 1,200 pages has
 * ~1,800 `related` pairs and a few that should be one page; listed by reranker score, the few are buried under
 * sibling pages of a reference that all score 1.00 and already link each other. So:
 *
 * - tiers first: duplicates (3), merges (2), then duplicates and merges a canonical or noindex already settles (1),
 *   then related pairs (0);
 * - within a tier, a more specific overlap and pages that get more Search Console clicks come first;
 * - a related pair is for linking, so it counts only as far as the link is missing: fully when neither page links
 *   to the other, half for each direction linked from navigation only or missing one way, nothing when both pages
 *   already link from their text.
 */
import type { LinkPlace, PairLinks, PairRow } from '../../store/repos/similarity-repo.js';

export interface RankInput {
  outcome: PairRow['outcome'];
  reranker: number;
  jaccard: number;
  links: PairLinks;
  /** The two pages' Search Console clicks together; null without Search Console data. */
  clicks: number | null;
  /** A duplicate or merge whose copy is already canonicalised or noindex. */
  settled: boolean;
}

/** How much of a link each direction still lacks. */
const MISSING: Record<Exclude<LinkPlace, null> | 'none', number> = { none: 1, navigation: 0.5, text: 0 };
const missing = (p: LinkPlace) => MISSING[p ?? 'none'];

/** The share of a direction's link still to make, for both directions: 1 none, 0 both from text. */
export function linkGap(links: PairLinks): number {
  return (missing(links.a_to_b) + missing(links.b_to_a)) / 2;
}

/**
 * The pair's rank, in [0, 4): its tier plus its priority within the tier. `relatedFloor` is the reranker score at
 * which a pair is related (a related pair's overlap counts from there); `maxClicks` the most clicks of a pair of
 * the site, so traffic counts on a log scale relative to the site's busiest pair.
 */
export function pairRank(p: RankInput, ctx: { relatedFloor: number; maxClicks: number }): number {
  const tier = p.outcome === 'related' ? 0 : p.settled ? 1 : p.outcome === 'duplicate' ? 3 : 2;
  const overlap =
    p.outcome === 'related'
      ? Math.min(1, Math.max(0, (p.reranker - ctx.relatedFloor) / (1 - ctx.relatedFloor || 1)))
      : Math.max(p.reranker, p.jaccard);
  const traffic =
    p.clicks && ctx.maxClicks > 0 ? Math.log1p(p.clicks) / Math.log1p(Math.max(ctx.maxClicks, p.clicks)) : 0;
  const worth = 0.3 + 0.5 * overlap + 0.2 * traffic;
  const priority = p.outcome === 'related' ? linkGap(p.links) * worth : worth;
  return tier + Math.min(0.999, Math.max(0, priority));
}
