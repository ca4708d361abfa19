/**
 * Click depth as the crawl computes it (store/repos/crawl-depth-repo.ts), in memory: a breadth-first search from
 * the start page over followed links — nofollow links are not followed, and a redirect keeps the depth of the
 * URL that redirects — and the shortest click path to a page, read back from the search's parent links.
 */
import { REDIRECT_KIND, type LinkIndex } from './link-index.js';

export interface ClickDepths {
  /** Per page, -1 when unreachable. */
  depth: Int32Array;
  /** Per page, the position (in source order) of the link it was first reached by; -1 for starts and unreached. */
  via: Int32Array;
}

export interface DepthOptions {
  /** Kinds followed (bit = index in EDGE_KINDS). */
  mask: number;
  /** Every link from page `source` to page `target` is treated as removed. */
  without?: { source: number; target: number } | undefined;
  /** Stop once this page's depth is known. */
  until?: number | undefined;
}

export function clickDepths(g: LinkIndex, opts: DepthOptions): ClickDepths {
  const depth = new Int32Array(g.n).fill(-1);
  const via = new Int32Array(g.n).fill(-1);
  let current: number[] = [];
  for (const s of g.starts) {
    depth[s] = 0;
    current.push(s);
  }
  const cutSource = opts.without?.source ?? -1;
  const cutTarget = opts.without?.target ?? -1;
  for (let level = 0; current.length; level++) {
    const next: number[] = [];
    // `current` grows while it is read: redirect targets join the level they were reached at.
    for (let q = 0; q < current.length; q++) {
      const u = current[q]!;
      if (depth[u] !== level) continue;
      if (u === opts.until) return { depth, via };
      for (let e = g.outStart[u]!; e < g.outStart[u + 1]!; e++) {
        const k = g.kind[e]!;
        if (!((opts.mask >> k) & 1)) continue;
        const v = g.target[e]!;
        if (u === cutSource && v === cutTarget) continue;
        if (k === REDIRECT_KIND) {
          if (depth[v] === -1 || depth[v]! > level) {
            depth[v] = level;
            via[v] = e;
            current.push(v);
          }
        } else if (g.nofollow[e] === 0 && depth[v] === -1) {
          depth[v] = level + 1;
          via[v] = e;
          next.push(v);
        }
      }
    }
    current = next;
  }
  return { depth, via };
}

/** The link positions of the shortest path to `target`, start first; null when it is unreachable. */
export function shortestPath(g: LinkIndex, target: number, mask: number): number[] | null {
  const { depth, via } = clickDepths(g, { mask, until: target });
  if (depth[target] === -1) return null;
  const links: number[] = [];
  for (let at = target; via[at] !== -1; at = g.source[via[at]!]!) {
    links.push(via[at]!);
    if (links.length > g.n) throw new Error('the shortest-path links form a cycle');
  }
  return links.reverse();
}
