/**
 * What a node's colour and size mean in the structure and focus views: one mapping per page field the analyst
 * can colour by, for a page and for a group of pages (a group is coloured by the share of its pages that have
 * the problem, so a section full of errors stands out from one with a single broken page), with its legend.
 */
import type { GraphGroup, GraphPage } from '../api/graph-types.js';
import type { PageType } from '../api/types.js';
import { PAGE_TYPE_INFO, PAGE_TYPE_NAMES } from '../api/value-lists.js';

/** Calm, distinguishable colours (Tableau 10 minus the red kept for orphans and errors). */
export const CLUSTER_COLOURS = [
  '#4e79a7',
  '#f28e2b',
  '#59a14f',
  '#b07aa1',
  '#76b7b2',
  '#edc948',
  '#9c755f',
  '#ff9da7',
  '#86bcb6',
  '#a0cbe8',
];
export const NO_CLUSTER_COLOUR = '#9aa5b1';

export function clusterColour(clusterId: number | null): string {
  return clusterId === null ? NO_CLUSTER_COLOUR : CLUSTER_COLOURS[clusterId % CLUSTER_COLOURS.length]!;
}

export const COLOUR_MODES = [
  'status',
  'indexability',
  'depth',
  'page_type',
  'check',
  'cluster',
  'clicks',
] as const;
export type ColourMode = (typeof COLOUR_MODES)[number];

export const COLOUR_MODE_LABELS: Record<ColourMode, string> = {
  status: 'HTTP status',
  indexability: 'Indexability',
  depth: 'Crawl depth',
  page_type: 'Page type',
  check: 'An audit check',
  cluster: 'Similarity cluster',
  clicks: 'Search clicks',
};

export const SIZE_MODES = ['inlinks', 'pages'] as const;
export type SizeMode = (typeof SIZE_MODES)[number];

export interface LegendEntry {
  colour: string;
  label: string;
}

const GREY = '#9aa5b1';
const OK = '#59a14f';
const SOME = '#edc948';
const MANY = '#e15759';
const DEPTHS = ['#3b1f6e', '#3b528b', '#21918c', '#5ec962', '#b5de2b', '#f2d43d'];
const CLICKS = ['#d9e2ec', '#9fb3c8', '#627d98', '#334e68', '#102a43'];
const CLICK_BOUNDS = [0, 10, 100, 1000];
const CLICK_LABELS = ['0', '1–9', '10–99', '100–999', '1,000+'];
/** One colour per page type: the pages that lead elsewhere warm, those that say something cool, errors red. */
const PAGE_TYPE_COLOURS: Record<PageType, string> = {
  home: '#f28e2b',
  hub: '#edc948',
  index: '#9c755f',
  article: '#4e79a7',
  product: '#59a14f',
  search_results: '#ff9da7',
  error: MANY,
  changelog: '#76b7b2',
  form: '#b07aa1',
  other: '#bcccdc',
};

/** Whatever the mode needs beyond the node itself: the pages an audit check found. */
export interface ColourContext {
  mode: ColourMode;
  /** Pages the selected check found, by id. */
  checkPages: ReadonlySet<number>;
  /** The same pages counted per group id (directory groups are known from the URL). */
  checkByGroup: ReadonlyMap<string, number>;
  /** Whether a check is chosen and its pages loaded. */
  checkReady: boolean;
}

function statusColour(code: number | null): string {
  if (code === null) return '#7b2d26';
  if (code >= 500) return '#b07aa1';
  if (code >= 400) return MANY;
  if (code >= 300) return '#4e79a7';
  return OK;
}

const depthColour = (depth: number | null) =>
  depth === null ? GREY : DEPTHS[Math.min(depth, DEPTHS.length - 1)]!;

function clicksColour(clicks: number | null): string {
  if (clicks === null) return GREY;
  const bin = CLICK_BOUNDS.filter((b) => clicks >= b).length - (clicks > 0 ? 0 : 1);
  return CLICKS[Math.max(0, Math.min(bin, CLICKS.length - 1))]!;
}

/** A share of a group's pages with a problem: none, some (under a tenth) or many. */
function shareColour(count: number, total: number): string {
  if (total <= 0 || count <= 0) return OK;
  return count / total < 0.1 ? SOME : MANY;
}

export function pageColour(page: GraphPage, ctx: ColourContext): string {
  switch (ctx.mode) {
    case 'status':
      return statusColour(page.status_code);
    case 'indexability':
      return page.indexable === null ? GREY : page.indexable ? OK : '#f28e2b';
    case 'depth':
      return depthColour(page.depth);
    case 'check':
      return !ctx.checkReady ? GREY : ctx.checkPages.has(page.id) ? MANY : '#bcccdc';
    case 'cluster':
      return clusterColour(page.cluster_id);
    case 'clicks':
      return clicksColour(page.clicks);
    case 'page_type':
      return page.page_type === null ? GREY : PAGE_TYPE_COLOURS[page.page_type];
  }
}

export function groupColour(group: GraphGroup, ctx: ColourContext): string {
  switch (ctx.mode) {
    case 'status':
      return shareColour(group.errors, group.total);
    case 'indexability':
      return shareColour(group.non_indexable, group.total);
    case 'depth':
      return depthColour(group.depth_min);
    case 'check': {
      const found = ctx.checkByGroup.get(group.id);
      return !ctx.checkReady || found === undefined ? GREY : shareColour(found, group.total);
    }
    case 'cluster': {
      const id = /^cluster:(\d+)$/.exec(group.id)?.[1];
      return id === undefined ? NO_CLUSTER_COLOUR : clusterColour(Number(id));
    }
    case 'clicks':
      return clicksColour(group.clicks);
    case 'page_type': {
      // A group of the page-type grouping is one type; any other holds pages of every type: expand it to see them.
      const type = /^type:(.+)$/.exec(group.id)?.[1] as PageType | undefined;
      return type && type in PAGE_TYPE_COLOURS ? PAGE_TYPE_COLOURS[type] : GREY;
    }
  }
}

export function legendOf(mode: ColourMode, grouped: boolean): LegendEntry[] {
  const shares = (what: string): LegendEntry[] => [
    { colour: OK, label: grouped ? `no ${what}` : `not ${what}` },
    ...(grouped ? [{ colour: SOME, label: `some ${what} (< 10%)` }] : []),
    { colour: MANY, label: grouped ? `many ${what} (≥ 10%)` : what },
  ];
  switch (mode) {
    case 'status':
      return grouped
        ? shares('errors')
        : [
            { colour: OK, label: '2xx' },
            { colour: '#4e79a7', label: '3xx redirect' },
            { colour: MANY, label: '4xx' },
            { colour: '#b07aa1', label: '5xx' },
            { colour: '#7b2d26', label: 'no answer' },
          ];
    case 'indexability':
      return grouped
        ? shares('non-indexable pages')
        : [
            { colour: OK, label: 'indexable' },
            { colour: '#f28e2b', label: 'not indexable' },
            { colour: GREY, label: 'unknown' },
          ];
    case 'depth':
      return [
        ...DEPTHS.map((colour, d) => ({
          colour,
          label: `${grouped ? 'shallowest ' : ''}depth ${d}${d === DEPTHS.length - 1 ? '+' : ''}`,
        })),
        { colour: GREY, label: 'not reached by links' },
      ];
    case 'check':
      return grouped
        ? [...shares('pages found'), { colour: GREY, label: 'not known for this group' }]
        : [
            { colour: MANY, label: 'found by the check' },
            { colour: '#bcccdc', label: 'not found' },
          ];
    case 'cluster':
      return [{ colour: NO_CLUSTER_COLOUR, label: 'no cluster' }];
    case 'clicks':
      return [
        ...CLICKS.map((colour, i) => ({ colour, label: `${CLICK_LABELS[i]} clicks` })),
        { colour: GREY, label: 'no Search Console data' },
      ];
    case 'page_type':
      return [
        ...PAGE_TYPE_NAMES.map((t) => ({ colour: PAGE_TYPE_COLOURS[t], label: PAGE_TYPE_INFO[t].label })),
        { colour: GREY, label: grouped ? 'a group (expand it to see its pages)' : 'not an HTML page' },
      ];
  }
}

/** Node diameter of a page: its inlinks, on a square-root scale so hubs do not swamp the view. */
export function pageSize(inlinks: number): number {
  return Math.min(60, 10 + Math.sqrt(inlinks) * 3);
}

/** Node diameter of a collapsed group: by its inlinks from outside or by its pages. */
export function groupSize(group: GraphGroup, mode: SizeMode): number {
  const n = mode === 'pages' ? group.total : group.inlinks;
  return Math.min(140, 28 + Math.sqrt(n) * 4);
}

/**
 * The directory group of a URL at `depth`, as the server names them (`dir:/guides/`, `dir:/` for pages right
 * under the root), among the groups drawn: a section's index written without its slash (`/products`) belongs to
 * `/products/` when that group exists. What lets an audit check's pages be counted per collapsed group.
 */
export function directoryGroupOf(url: string, depth: number, known: ReadonlySet<string>): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return 'dir:/';
  }
  // Percent-decoded as the server's groups are, an encoded slash kept in the name, a comma kept encoded.
  const segments = path
    .split('/')
    .slice(1)
    .map((seg) => {
      try {
        return decodeURIComponent(seg).replace(/\//g, '%2F').replace(/,/g, '%2C');
      } catch {
        return seg;
      }
    });
  const dirs = segments.slice(0, -1).filter(Boolean).slice(0, depth);
  const last = segments.at(-1);
  if (dirs.length < depth && last && known.has(`dir:/${[...dirs, last].join('/')}/`)) dirs.push(last);
  return dirs.length ? `dir:/${dirs.join('/')}/` : 'dir:/';
}

/** The group and every enclosing one (`dir:/a/b/` → `dir:/a/b/`, `dir:/a/`), whose totals include it. */
export function directoryAncestors(groupId: string): string[] {
  const parts = groupId.slice('dir:/'.length).split('/').filter(Boolean);
  if (!parts.length) return [groupId];
  return parts.map((_, i) => `dir:/${parts.slice(0, i + 1).join('/')}/`).reverse();
}
