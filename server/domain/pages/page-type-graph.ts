/**
 * What the link graph says about a page's kind: the pages its content links to, and which of them are its parts
 * — below it by URL (`/guide/` → `/guide/install`; `jit.html` → `jit-reason.html`, read as hub-parts.ts reads
 * them), or deeper than it and linking back to it, as a manual's sections link "Up" to their chapter and a
 * product to its category through a breadcrumb. The second reading is the site's own structure where URLs say
 * nothing: the PostgreSQL manual is one flat folder (`high-availability.html` over `warm-standby.html`).
 */
import { EDGE_KINDS } from '../../schemas/crawl.js';
import { isHtmlOk, type LinkIndex } from '../graph/link-index.js';
import { below } from '../similarity/hub-parts.js';
import { pageNames, readUrlPath } from '../urls/url-path.js';

const CONTENT = EDGE_KINDS.indexOf('content');
/** Kinds a page links back up with: any anchor (a breadcrumb is navigation, an "Up" link may be anything). */
const ANCHOR_MASK = EDGE_KINDS.reduce(
  (mask, k, i) => (k === 'canonical' || k === 'redirect' || k === 'hreflang' ? mask : mask | (1 << i)),
  0,
);

export interface GraphFacts {
  targets: number;
  parts: number;
}

/**
 * Each page's facts by page id; a page with no content links has none (0 and 0). Links the template puts on
 * most pages (a footer the markup does not mark as one: "Report a bug", "Copyright") are the site's, not the
 * page's, and are left out: a target that at least half of the site's pages link to in their content.
 */
export function graphFacts(g: LinkIndex): Map<number, GraphFacts> {
  const names: (string[] | undefined)[] = new Array<string[] | undefined>(g.n);
  const nameOf = (i: number) => (names[i] ??= pageNames(readUrlPath(g.urls[i]!)).map((s) => s.toLowerCase()));
  const out = new Map<number, GraphFacts>();
  const seen = new Int32Array(g.n).fill(-1);
  const boilerplate = templateTargets(g, seen);
  seen.fill(-1);
  for (let i = 0; i < g.n; i++) {
    if (!isHtmlOk(g, i)) continue;
    let targets = 0;
    let parts = 0;
    for (let e = g.outStart[i]!; e < g.outStart[i + 1]!; e++) {
      const j = g.target[e]!;
      // Pages only: a link to a file (a download, the page's source) is no part of a table of contents.
      if (j === i || g.kind[e] !== CONTENT || seen[j] === i || !isHtmlOk(g, j) || boilerplate[j]) continue;
      seen[j] = i;
      targets++;
      if (below(nameOf(i), nameOf(j)) || (deeper(g, i, j) && linksTo(g, j, i))) parts++;
    }
    if (targets > 0) out.set(g.ids[i]!, { targets, parts });
  }
  return out;
}

/** Pages that at least half the site's pages (and at least ten) link to in their content. */
function templateTargets(g: LinkIndex, seen: Int32Array): Uint8Array {
  const sources = new Int32Array(g.n);
  let pages = 0;
  for (let i = 0; i < g.n; i++) {
    if (!isHtmlOk(g, i)) continue;
    pages++;
    for (let e = g.outStart[i]!; e < g.outStart[i + 1]!; e++) {
      const j = g.target[e]!;
      if (j === i || g.kind[e] !== CONTENT || seen[j] === i) continue;
      seen[j] = i;
      sources[j]!++;
    }
  }
  const min = Math.max(10, pages / 2);
  return Uint8Array.from(sources, (n) => (n >= min ? 1 : 0));
}

const deeper = (g: LinkIndex, i: number, j: number) => g.depth[i]! >= 0 && g.depth[j]! > g.depth[i]!;

function linksTo(g: LinkIndex, from: number, to: number): boolean {
  for (let e = g.outStart[from]!; e < g.outStart[from + 1]!; e++)
    if (g.target[e] === to && (ANCHOR_MASK >> g.kind[e]!) & 1) return true;
  return false;
}
