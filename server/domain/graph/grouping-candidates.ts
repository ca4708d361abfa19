/**
 * The groupings a site allows, built from the store for the structure view: by directory, by section (the
 * site's own hierarchy, kept per link index since it costs a scan of the site's links), by page type, and by
 * similarity cluster once an analysis has run.
 */
import type { GroupBy, ParentSignal } from '../../schemas/graph.js';
import type { PageType } from '../../schemas/pages.js';
import type { Store } from '../../store/index.js';
import { groupByCluster, groupByDirectory } from './graph-groups.js';
import { AUTO_ORDER, type GroupingCandidate } from './grouping-choice.js';
import type { LinkIndex } from './link-index.js';
import { groupByPageType, groupBySection } from './site-groupings.js';
import { siteSections, type SiteSections } from './site-sections.js';

/**
 * Anchor texts (trimmed, lower-cased) of a link to the page one level up: DocBook's header and footer "Up"
 * (PostgreSQL's manual), "Parent Directory" of server listings, arrows of generated manuals.
 */
export const UP_ANCHORS = [
  'up',
  'up one level',
  'up a level',
  'go up',
  'parent',
  'parent page',
  'parent directory',
  'parent section',
  '↑',
  '⇑',
  '▲',
];

const BASIS: Record<ParentSignal, string> = {
  up_link: 'the site’s Up links',
  breadcrumb: 'the site’s breadcrumbs and tables of contents',
  contents: 'the site’s hub pages and what they list',
  none: 'no hierarchy the site draws',
};

interface SiteTree {
  sections: SiteSections;
  /** Head pages' titles by index position. */
  titles: Map<number, string>;
}
const treeOf = new WeakMap<LinkIndex, SiteTree>();

function pageTypes(store: Store, g: LinkIndex, siteId: number): (PageType | null)[] {
  const types: (PageType | null)[] = new Array<PageType | null>(g.n).fill(null);
  for (const r of store.graph.pageTypes(siteId)) {
    const at = g.indexOf(r.id);
    if (at >= 0) types[at] = r.page_type;
  }
  return types;
}

function siteTree(store: Store, g: LinkIndex, siteId: number, types: (PageType | null)[]): SiteTree {
  let tree = treeOf.get(g);
  if (!tree) {
    const up: [number, number][] = [];
    for (const l of store.graph.linksByAnchor(siteId, UP_ANCHORS)) {
      const s = g.indexOf(l.source_id);
      const t = g.indexOf(l.target_id);
      if (s >= 0 && t >= 0) up.push([s, t]);
    }
    const sections = siteSections(g, up, (p) => types[p] ?? null);
    const heads: number[] = [];
    for (let p = 0; p < g.n; p++) if (sections.heads[p] || p === sections.home) heads.push(p);
    const byId = new Map(store.linkIndex.details(heads.map((p) => g.ids[p]!)).map((r) => [r.id, r.title]));
    const named = withoutSiteName(heads.map((p) => byId.get(g.ids[p]!)?.trim() ?? ''));
    const titles = new Map(heads.map((p, k) => [p, named[k] || new URL(g.urls[p]!).pathname]));
    tree = { sections, titles };
    treeOf.set(g, tree);
  }
  return tree;
}

/** Separators between a page's own title and the site's name. */
const SITE_NAME = /\s+[—–|·:-]{1,2}\s+(?!.*\s[—–|·:-]{1,2}\s)(.+)$/;
/** A site's name is short: only a title's end is searched, so a hostile title of many separators stays cheap. */
const SITE_NAME_TAIL = 200;

/**
 * Titles without the site's name when most of them end with the same one (" — Python 3.11.2 documentation"):
 * in a box label it repeats on every box and hides what differs.
 */
export function withoutSiteName(titles: readonly string[]): string[] {
  const suffixes = new Map<string, number>();
  for (const t of titles) {
    const m = SITE_NAME.exec(t.slice(-SITE_NAME_TAIL));
    if (m) suffixes.set(m[0], (suffixes.get(m[0]) ?? 0) + 1);
  }
  const [common, count] = [...suffixes].reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
  if (count < 3 || count < titles.length / 2) return [...titles];
  return titles.map((t) => (t.endsWith(common) && t.length > common.length ? t.slice(0, -common.length) : t));
}

/** What most parents were found by, in words. */
function sectionBasis(counts: Record<ParentSignal, number>): string {
  const found = (['up_link', 'breadcrumb', 'contents'] as const).filter((s) => counts[s] > 0);
  if (!found.length) return BASIS.none;
  return BASIS[found.reduce((a, b) => (counts[b] > counts[a] ? b : a))];
}

/** The candidates in `auto`'s order of preference, or only the one asked for. */
export function groupingCandidates(
  store: Store,
  g: LinkIndex,
  o: { siteId: number; host: string; depth: number; only: GroupBy | null },
): GroupingCandidate[] {
  let types: (PageType | null)[] | undefined;
  const typesOf = () => (types ??= pageTypes(store, g, o.siteId));
  const out: GroupingCandidate[] = [];
  for (const by of o.only ? [o.only] : AUTO_ORDER) {
    if (by === 'directory') {
      out.push({ by, basis: 'URL paths', grouping: groupByDirectory(g, o.host, o.depth), parents: null });
    } else if (by === 'section') {
      const { sections, titles } = siteTree(store, g, o.siteId, typesOf());
      out.push({
        by,
        basis: sectionBasis(sections.counts),
        grouping: groupBySection(g, sections, o.depth, (p) => titles.get(p) ?? g.urls[p]!),
        parents: { ...sections.counts },
      });
    } else if (by === 'page_type') {
      const t = typesOf();
      out.push({ by, basis: 'page types', grouping: groupByPageType(g, (p) => t[p] ?? null), parents: null });
    } else {
      const clusterOf = store.similarity.clusterOfPages(o.siteId);
      // Without an analysis every page is in "No cluster": not worth weighing for `auto`.
      if (!clusterOf.size && !o.only) continue;
      const labels = new Map(
        store.similarity.clusters(o.siteId, 0, 0, Number.MAX_SAFE_INTEGER).map((c) => [c.id, c.label]),
      );
      out.push({
        by,
        basis: 'the latest similarity analysis',
        grouping: groupByCluster(g, clusterOf, labels),
        parents: null,
      });
    }
  }
  return out;
}
