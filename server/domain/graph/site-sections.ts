/**
 * The site's own hierarchy, read from its links, for sites whose URLs say nothing (a manual in one flat folder):
 * each page's parent is, in order of trust,
 * 1. the page its "Up" link points to (DocBook's and many generators' header/footer "Up", "Parent", "↑");
 * 2. among the pages listing it in their content: a hub it links back to from its navigation (a breadcrumb),
 *    the narrowest list first; else a hub nearer the start page, the nearest first; else an article it links
 *    back to (a section page with its own table of contents), the narrowest first.
 * A site-wide index (linked from most pages' navigation, or listing most pages) is no section, except the start
 * page. Parents form a forest: a cycle (two pages naming each other) is cut at its page nearest the start page, and
 * the start page is always a root. On PostgreSQL's manual (1,169 pages, one folder) rule 1 gives 1,068 parents and
 * rule 2 the other 100 (the first page of each part or chapter, whose "Up" is stored as its "Prev").
 */
import { ANCHOR_EDGE_KINDS, EDGE_KINDS } from '../../schemas/crawl.js';
import { PARENT_SIGNALS, type ParentSignal } from '../../schemas/graph.js';
import { isNavigational, type PageType } from '../../schemas/pages.js';
import { isHtmlOk, type LinkIndex } from './link-index.js';

export interface SiteSections {
  /** Per page, its parent's index position, -1 for a root. */
  parent: Int32Array;
  /** Per page, the index in PARENT_SIGNALS of how its parent was found (`none` for a root). */
  signal: Uint8Array;
  /** Per page, whether some page names it as parent (it heads a section). */
  heads: Uint8Array;
  /** The start page (index position), -1 when the site has none. */
  home: number;
  counts: Record<ParentSignal, number>;
}

const CONTENT = EDGE_KINDS.indexOf('content');
/** Pages whose navigation must name an article for it to head a section: more than its two neighbours. */
const MIN_SECTION_NAV = 3;
/** Link positions a breadcrumb or a section's sidebar sits in (pagination's "next" is a sibling, not a parent). */
const NAV_MASK = ANCHOR_EDGE_KINDS.filter((k) => k !== 'content' && k !== 'pagination').reduce(
  (m, k) => m | (1 << EDGE_KINDS.indexOf(k)),
  0,
);

/**
 * Builds the forest. `upLinks` are [source, target] index positions of links whose anchor says "up";
 * `typeOf` gives a page's type (null when unknown).
 */
export function siteSections(
  g: LinkIndex,
  upLinks: ReadonlyArray<readonly [number, number]>,
  typeOf: (page: number) => PageType | null,
): SiteSections {
  const n = g.n;
  const parent = new Int32Array(n).fill(-1);
  const signal = new Uint8Array(n).fill(PARENT_SIGNALS.indexOf('none'));
  for (const [s, t] of upLinks) {
    if (s === t || parent[s] !== -1 || !isHtmlOk(g, t)) continue;
    parent[s] = t;
    signal[s] = PARENT_SIGNALS.indexOf('up_link');
  }

  // Distinct pages each page lists in its content: the narrowest list naming a page is its nearest parent.
  const listed = new Int32Array(n);
  const seen = new Int32Array(n).fill(-1);
  for (let s = 0; s < n; s++)
    for (let e = g.outStart[s]!; e < g.outStart[s + 1]!; e++) {
      const t = g.target[e]!;
      if (g.kind[e] === CONTENT && t !== s && seen[t] !== s) {
        seen[t] = s;
        listed[s]!++;
      }
    }

  // A page every page's navigation links to (the start page, a site-wide index) lists everything and is
  // everyone's "mutual" parent: only the narrower lists count as a breadcrumb's. Without this, PostgreSQL's
  // chapter pages, whose "Up" is stored as their "Prev" (one row per link and kind), hung under the start page.
  const navIn = new Int32Array(n);
  let htmlPages = 0;
  for (let s = 0; s < n; s++) {
    if (isHtmlOk(g, s)) htmlPages++;
    for (let e = g.outStart[s]!; e < g.outStart[s + 1]!; e++) {
      const t = g.target[e]!;
      if (t !== s && (NAV_MASK >> g.kind[e]!) & 1 && seen[t] !== -2 - s) {
        seen[t] = -2 - s;
        navIn[t]!++;
      }
    }
  }
  // 80%: a breadcrumb's ancestor holding half the site (Python's standard library, 55% of its docs) is a section.
  // So is a page whose content lists most of the site (a full table of contents beside the start page).
  const sitewide = (c: number) => navIn[c]! > htmlPages * 0.8 || listed[c]! > htmlPages * 0.8;
  const home = g.starts.length ? g.starts[0]! : -1;

  const navTargets = new Int32Array(n).fill(-1);
  for (let p = 0; p < n; p++) {
    if (parent[p] !== -1 || !isHtmlOk(g, p)) continue;
    for (let e = g.outStart[p]!; e < g.outStart[p + 1]!; e++)
      if ((NAV_MASK >> g.kind[e]!) & 1) navTargets[g.target[e]!] = p;
    let best = -1;
    let bestRank = 0;
    /** The narrowest article listing the page that it links back to. */
    let article = -1;
    for (let k = g.inStart[p]!; k < g.inStart[p + 1]!; k++) {
      const e = g.inEdge[k]!;
      const c = g.source[e]!;
      if (c === p || g.kind[e] !== CONTENT) continue;
      // A site-wide index other than the start page (Python's module index, its full contents) lists every
      // page as it lists every other: never a section.
      const hub = isNavigational(typeOf(c)) && (c === home || !sitewide(c));
      // An article is a breadcrumb's target only when the navigation of a few pages names it (a section's pages
      // all do); the page before or after this one is named by two (Python's C API pages hung under their
      // neighbours until this).
      const mutual = navTargets[c] === p && !sitewide(c) && (hub || navIn[c]! >= MIN_SECTION_NAV);
      if (mutual && !hub && (article === -1 || listed[c]! < listed[article]!)) article = c;
      // Without a link back, only a hub nearer the start page: an article citing the page is not its parent.
      if (!mutual && !(hub && g.depth[c]! !== -1 && (g.depth[p] === -1 || g.depth[c]! < g.depth[p]!)))
        continue;
      // A hub beats an article (a "previous" link back to an article that cites the page is no breadcrumb: it
      // put Python's C API manual under the page before it), a link back beats none; then, for a breadcrumb the
      // shorter list (the nearest section), for a hub without a link back the one nearer the start page (a table
      // of contents of the whole site places the page better than a section that merely mentions it); then the
      // lower position.
      const rank = (hub ? 2 : 0) + (mutual ? 1 : 0);
      const better = () =>
        mutual
          ? listed[c]! < listed[best]!
          : g.depth[c]! < g.depth[best]! || (g.depth[c] === g.depth[best] && listed[c]! < listed[best]!);
      if (best === -1 || rank > bestRank || (rank === bestRank && better())) {
        best = c;
        bestRank = rank;
      }
    }
    // A hub without a link back that also lists the article the page links back to holds them both: the
    // article is the nearer section (PostgreSQL's chapter page, typed an article, under its part).
    if (bestRank === 2 && article !== -1 && listsInContent(g, best, article)) {
      best = article;
      bestRank = 1;
    }
    if (best !== -1) {
      parent[p] = best;
      signal[p] = PARENT_SIGNALS.indexOf(bestRank % 2 ? 'breadcrumb' : 'contents');
    }
  }

  if (home !== -1) {
    parent[home] = -1;
    signal[home] = PARENT_SIGNALS.indexOf('none');
  }
  breakCycles(g, parent, signal);

  const heads = new Uint8Array(n);
  const counts = Object.fromEntries(PARENT_SIGNALS.map((s) => [s, 0])) as Record<ParentSignal, number>;
  for (let p = 0; p < n; p++) {
    if (parent[p] !== -1) heads[parent[p]!] = 1;
    counts[PARENT_SIGNALS[signal[p]!]!]++;
  }
  return { parent, signal, heads, home, counts };
}

function listsInContent(g: LinkIndex, source: number, target: number): boolean {
  for (let e = g.outStart[source]!; e < g.outStart[source + 1]!; e++)
    if (g.target[e] === target && g.kind[e] === CONTENT) return true;
  return false;
}

/** Cuts each cycle of parents at its page nearest the start page (then the lowest position). */
function breakCycles(g: LinkIndex, parent: Int32Array, signal: Uint8Array): void {
  const state = new Int32Array(g.n).fill(-1); // -1 unvisited, -2 done, else the walk that is on it
  const near = (a: number, b: number) => {
    const da = g.depth[a] === -1 ? Number.MAX_SAFE_INTEGER : g.depth[a]!;
    const db = g.depth[b] === -1 ? Number.MAX_SAFE_INTEGER : g.depth[b]!;
    return da - db || a - b;
  };
  for (let start = 0; start < g.n; start++) {
    let at = start;
    while (at !== -1 && state[at] === -1) {
      state[at] = start;
      at = parent[at]!;
    }
    if (at !== -1 && state[at] === start) {
      let cut = at;
      for (let c = parent[at]!; c !== at; c = parent[c]!) if (near(c, cut) < 0) cut = c;
      parent[cut] = -1;
      signal[cut] = PARENT_SIGNALS.indexOf('none');
    }
    for (at = start; at !== -1 && state[at] === start; at = parent[at]!) state[at] = -2;
  }
}

/** The page's ancestors from its root down to the page itself. */
export function sectionChain(sections: SiteSections, page: number, into: number[] = []): number[] {
  into.length = 0;
  for (let at = page; at !== -1; at = sections.parent[at]!) into.push(at);
  return into.reverse();
}
