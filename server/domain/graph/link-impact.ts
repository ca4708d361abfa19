/**
 * What a link is worth to the site's structure: the pages whose click depth grows, or that can no longer be
 * reached at all, if every link from one page to another were removed. Two searches over the followed links, one
 * with the link and one without, compared page by page.
 */
import { ALL_KINDS_MASK, type LinkIndex } from './link-index.js';
import { clickDepths } from './graph-paths.js';

export interface DepthLoss {
  page: number;
  before: number;
  /** -1: unreachable without the link. */
  after: number;
}

/** Whether page `source` links to page `target` at all (any kind). */
export function linksTo(g: LinkIndex, source: number, target: number): boolean {
  for (let e = g.outStart[source]!; e < g.outStart[source + 1]!; e++) if (g.target[e] === target) return true;
  return false;
}

/** Losers first: unreachable, then by how many clicks are lost, then the shallower page, then index order. */
export function linkImpact(g: LinkIndex, source: number, target: number): DepthLoss[] {
  const before = clickDepths(g, { mask: ALL_KINDS_MASK }).depth;
  const after = clickDepths(g, { mask: ALL_KINDS_MASK, without: { source, target } }).depth;
  const losses: DepthLoss[] = [];
  for (let i = 0; i < g.n; i++) {
    const b = before[i]!;
    const a = after[i]!;
    if (b === -1 || a === b) continue;
    if (a === -1 || a > b) losses.push({ page: i, before: b, after: a });
  }
  const loss = (l: DepthLoss) => (l.after === -1 ? Number.POSITIVE_INFINITY : l.after - l.before);
  return losses.sort((x, y) => loss(y) - loss(x) || x.before - y.before || x.page - y.page);
}
