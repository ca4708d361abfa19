/**
 * The focus view: one page and its neighbourhood, up to `hops` links away following links inwards, outwards or
 * both. Pages are taken ring by ring; when a ring holds more than the room left under `limit`, its best-linked
 * pages are kept (a home page reached from every page would otherwise crowd out the rest) and the answer says it
 * was cut. Edges are the links the walk went along: from or to a page of an inner ring, between pages shown.
 */
import type { LinkIndex } from './link-index.js';

export interface Neighbourhood {
  /** Index positions with their ring (0 for the centre), ring by ring. */
  pages: { page: number; hops: number }[];
  /** Link positions (in source order) between shown pages, with at least one end inside the outer ring. */
  links: number[];
  truncated: boolean;
}

export function neighbourhood(
  g: LinkIndex,
  center: number,
  q: { hops: number; direction: 'in' | 'out' | 'both'; mask: number; limit: number },
): Neighbourhood {
  const hopsOf = new Int32Array(g.n).fill(-1);
  hopsOf[center] = 0;
  const pages = [{ page: center, hops: 0 }];
  const out = q.direction !== 'in';
  const inward = q.direction !== 'out';
  const follows = (e: number) => ((q.mask >> g.kind[e]!) & 1) === 1;
  let ring = [center];
  let truncated = false;
  for (let hop = 1; hop <= q.hops && ring.length && !truncated; hop++) {
    const found: number[] = [];
    const reach = (v: number) => {
      if (hopsOf[v] === -1) {
        hopsOf[v] = hop;
        found.push(v);
      }
    };
    for (const u of ring) {
      if (out) for (let e = g.outStart[u]!; e < g.outStart[u + 1]!; e++) if (follows(e)) reach(g.target[e]!);
      if (inward) {
        for (let k = g.inStart[u]!; k < g.inStart[u + 1]!; k++) {
          const e = g.inEdge[k]!;
          if (follows(e)) reach(g.source[e]!);
        }
      }
    }
    const room = q.limit - pages.length;
    if (found.length > room) {
      truncated = true;
      const degree = (i: number) => g.inStart[i + 1]! - g.inStart[i]!;
      found.sort((a, b) => degree(b) - degree(a) || a - b);
      for (const dropped of found.splice(Math.max(0, room))) hopsOf[dropped] = -1;
    }
    for (const v of found) pages.push({ page: v, hops: hop });
    ring = found;
  }

  const links: number[] = [];
  for (const { page: u, hops } of pages) {
    for (let e = g.outStart[u]!; e < g.outStart[u + 1]!; e++) {
      const v = g.target[e]!;
      const hv = hopsOf[v]!;
      if (hv === -1 || !follows(e)) continue;
      // A link the walk could go along: outwards from an inner ring, or inwards into one.
      if ((out && hops < q.hops) || (inward && hv < q.hops)) links.push(e);
    }
  }
  return { pages, links, truncated };
}
