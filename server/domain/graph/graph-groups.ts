/**
 * The structure view's aggregated graph: pages grouped by URL directory (nested to `depth` levels) or by
 * similarity cluster, with each group's counts and the links between groups bundled into one weighted edge, so
 * a 100,000-page site is drawn as a few hundred boxes. Groups named in `expand` bring their own pages as nodes
 * (at most MAX_EXPANDED_NODES in all), and edges then end at those pages.
 */
import { MAX_EXPANDED_NODES, type GraphGroup, type GraphGroups } from '../../schemas/graph.js';
import { graphNodes, type NodeContext } from './graph-nodes.js';
import { ALL_KINDS_MASK, isError, isIndexable, isDeadEnd, isOrphan, type LinkIndex } from './link-index.js';
import { directoryAt, knownDirectories, pageDirectory, parentDirectory, urlPlace } from './url-directory.js';

/** Cells of the largest group-by-group count matrix (16 MB); more visible ends are counted in a map. */
const DENSE_CELLS = 1 << 22;

/** Groups and which group each page sits in directly. */
export interface Grouping {
  ids: string[];
  labels: string[];
  /** Parent group index, -1 for none. */
  parents: Int32Array;
  /** Per page, its group index. */
  pageGroup: Int32Array;
}

/** Group ids travel in a comma-separated query parameter: a comma in a directory name is kept encoded. */
const groupId = (prefix: string, label: string) => `${prefix}${label.replace(/,/g, '%2C')}`;

/** Each page's directory label, computed once per link index. */
const directoriesOf = new WeakMap<LinkIndex, string[]>();

function pageDirectories(g: LinkIndex, siteHost: string): string[] {
  let dirs = directoriesOf.get(g);
  if (!dirs) {
    const places = g.urls.map((u) => urlPlace(u, siteHost));
    const known = knownDirectories(places);
    dirs = places.map((p) => pageDirectory(p, known));
    directoriesOf.set(g, dirs);
  }
  return dirs;
}

export function groupByDirectory(g: LinkIndex, siteHost: string, depth: number): Grouping {
  const ids: string[] = [];
  const labels: string[] = [];
  const parents: number[] = [];
  const byLabel = new Map<string, number>();
  const groupOf = (label: string): number => {
    let at = byLabel.get(label);
    if (at === undefined) {
      const up = parentDirectory(label);
      const parent = up === null ? -1 : groupOf(up);
      at = ids.length;
      byLabel.set(label, at);
      ids.push(groupId('dir:', label));
      labels.push(label);
      parents.push(parent);
    }
    return at;
  };
  const pageGroup = new Int32Array(g.n);
  const dirs = pageDirectories(g, siteHost);
  // Most pages share their directory with the page before: look the group up once per run of them.
  let lastDir = '';
  let lastGroup = -1;
  for (let i = 0; i < g.n; i++) {
    if (dirs[i] !== lastDir || lastGroup < 0) {
      lastDir = dirs[i]!;
      lastGroup = groupOf(directoryAt(lastDir, depth));
    }
    pageGroup[i] = lastGroup;
  }
  return { ids, labels, parents: Int32Array.from(parents), pageGroup };
}

export function groupByCluster(
  g: LinkIndex,
  clusterOf: ReadonlyMap<number, number>,
  clusterLabels: ReadonlyMap<number, string>,
): Grouping {
  const ids: string[] = [];
  const labels: string[] = [];
  const byCluster = new Map<number, number>();
  const pageGroup = new Int32Array(g.n);
  for (let i = 0; i < g.n; i++) {
    const cluster = clusterOf.get(g.ids[i]!) ?? 0;
    let at = byCluster.get(cluster);
    if (at === undefined) {
      at = ids.length;
      byCluster.set(cluster, at);
      ids.push(cluster ? `cluster:${cluster}` : 'cluster:none');
      labels.push(cluster ? (clusterLabels.get(cluster) ?? `Cluster ${cluster}`) : 'No cluster');
    }
    pageGroup[i] = at;
  }
  return { ids, labels, parents: new Int32Array(ids.length).fill(-1), pageGroup };
}

/** Most levels a group has above it (depth is at most 5). */
const MAX_CHAIN = 6;

/** Each group and its ancestors, nearest first, `MAX_CHAIN` slots a group padded with -1. */
function chains(grouping: Grouping): Int32Array {
  const G = grouping.ids.length;
  const out = new Int32Array(G * MAX_CHAIN).fill(-1);
  for (let gi = 0; gi < G; gi++) {
    let k = 0;
    for (let at = gi; at !== -1 && k < MAX_CHAIN; at = grouping.parents[at]!) out[gi * MAX_CHAIN + k++] = at;
  }
  return out;
}

/** Whether group `a` is `gi` or one of its ancestors. */
function within(chain: Int32Array, gi: number, a: number): boolean {
  for (let k = gi * MAX_CHAIN; k < gi * MAX_CHAIN + MAX_CHAIN && chain[k] !== -1; k++)
    if (chain[k] === a) return true;
  return false;
}

export function aggregateGroups(
  ctx: NodeContext,
  grouping: Grouping,
  q: { by: GraphGroups['by']; depth: number; expand?: string[] | undefined },
  clicks: ReadonlyMap<number, number> | null,
): Omit<GraphGroups, 'choice'> {
  const { index: g, mask } = ctx;
  const G = grouping.ids.length;
  const pageGroup = grouping.pageGroup;
  const chain = chains(grouping);
  // No nesting (depth 1, clusters): a page's group is its only one, and the loops below skip the chains.
  const flat = grouping.parents.every((p) => p === -1);
  const size = new Int32Array(G);
  const total = new Int32Array(G);
  const depthMin = new Int32Array(G).fill(-1);
  const inlinks = new Int32Array(G);
  const orphans = new Int32Array(G);
  const deadEnds = new Int32Array(G);
  const errors = new Int32Array(G);
  const nonIndexable = new Int32Array(G);
  const groupClicks = new Float64Array(G);
  for (let i = 0; i < g.n; i++) {
    const own = pageGroup[i]!;
    size[own]!++;
    const orphan = isOrphan(g, i, mask);
    const deadEnd = isDeadEnd(g, i, mask);
    const error = isError(g, i);
    const indexable = isIndexable(g, i);
    const depth = g.depth[i]!;
    const pageClicks = clicks?.get(g.ids[i]!) ?? 0;
    for (let k = own * MAX_CHAIN; k < own * MAX_CHAIN + MAX_CHAIN && chain[k] !== -1; k++) {
      const gi = chain[k]!;
      total[gi]!++;
      if (depth !== -1 && (depthMin[gi] === -1 || depth < depthMin[gi]!)) depthMin[gi] = depth;
      if (orphan) orphans[gi]!++;
      if (deadEnd) deadEnds[gi]!++;
      if (error) errors[gi]!++;
      if (!indexable) nonIndexable[gi]!++;
      groupClicks[gi]! += pageClicks;
    }
  }

  // Expanded groups' pages, shallowest first, up to the cap; the rest stay inside their group's box.
  const groupIndex = new Map(grouping.ids.map((id, gi) => [id, gi]));
  const expandedGroups = [...new Set(q.expand ?? [])]
    .map((id) => groupIndex.get(id))
    .filter((gi): gi is number => gi !== undefined);
  const members = new Map<number, number[]>(expandedGroups.map((gi) => [gi, []]));
  for (let i = 0; i < g.n; i++) members.get(grouping.pageGroup[i]!)?.push(i);
  const depthKey = (i: number) => (g.depth[i] === -1 ? Number.MAX_SAFE_INTEGER : g.depth[i]!);
  const shown: number[] = [];
  let truncated = false;
  for (const gi of expandedGroups) {
    const pages = members.get(gi)!.sort((a, b) => depthKey(a) - depthKey(b) || a - b);
    const room = MAX_EXPANDED_NODES - shown.length;
    if (pages.length > room) truncated = true;
    shown.push(...pages.slice(0, Math.max(0, room)));
  }
  // Visible end of each page: its own node when shown, else its group's box.
  const visible = new Int32Array(g.n);
  for (let i = 0; i < g.n; i++) visible[i] = grouping.pageGroup[i]!;
  shown.forEach((i, k) => (visible[i] = G + k));
  const V = G + shown.length;
  // Counted in a flat matrix when it is small enough (the usual case: some hundred boxes), else in a map.
  const dense = V * V <= DENSE_CELLS ? new Int32Array(V * V) : null;
  const bundles = new Map<number, number>();

  // Distinct page-to-page links (any number of kinds between two pages count once).
  const every = (mask & ALL_KINDS_MASK) === ALL_KINDS_MASK;
  const seen = new Int32Array(g.n).fill(-1);
  // Links between two groups, counted by pair when groups nest (their chains are walked once per pair after).
  const groupPairs = !flat && G * G <= DENSE_CELLS ? new Int32Array(G * G) : null;
  const groupPairMap = new Map<number, number>();
  for (let s = 0; s < g.n; s++) {
    const gs = pageGroup[s]!;
    const vs = visible[s]!;
    for (let e = g.outStart[s]!; e < g.outStart[s + 1]!; e++) {
      const t = g.target[e]!;
      if (t === s || seen[t] === s || (!every && !((mask >> g.kind[e]!) & 1))) continue;
      seen[t] = s;
      const gt = pageGroup[t]!;
      if (gt !== gs) {
        if (flat) inlinks[gt]!++;
        else if (groupPairs) groupPairs[gs * G + gt]!++;
        else groupPairMap.set(gs * G + gt, (groupPairMap.get(gs * G + gt) ?? 0) + 1);
      }
      const vt = visible[t]!;
      if (vs === vt) continue;
      const key = vs * V + vt;
      if (dense) dense[key]!++;
      else bundles.set(key, (bundles.get(key) ?? 0) + 1);
    }
  }
  if (dense) for (let key = 0; key < dense.length; key++) if (dense[key]) bundles.set(key, dense[key]!);
  // Links into a nested group from outside it: walk up from the target's group until a group that holds the source.
  if (!flat) {
    if (groupPairs)
      for (let key = 0; key < groupPairs.length; key++)
        if (groupPairs[key]) groupPairMap.set(key, groupPairs[key]!);
    for (const [key, links] of groupPairMap) {
      const gs = Math.floor(key / G);
      const gt = key % G;
      for (let k = gt * MAX_CHAIN; k < gt * MAX_CHAIN + MAX_CHAIN && chain[k] !== -1; k++) {
        if (within(chain, gs, chain[k]!)) break;
        inlinks[chain[k]!]! += links;
      }
    }
  }
  const endName = (v: number) => (v < G ? grouping.ids[v]! : `page:${g.ids[shown[v - G]!]!}`);
  const edges = [...bundles].map(([key, links]) => ({
    source: endName(Math.floor(key / V)),
    target: endName(key % V),
    links,
  }));
  // Plain code-unit order: localeCompare costs a microsecond a call, too much for tens of thousands of edges.
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  edges.sort((x, y) => y.links - x.links || order(x.source, y.source) || order(x.target, y.target));

  const groups: GraphGroup[] = grouping.ids.map((id, gi) => ({
    id,
    label: grouping.labels[gi]!,
    parent: grouping.parents[gi] === -1 ? null : grouping.ids[grouping.parents[gi]!]!,
    size: size[gi]!,
    total: total[gi]!,
    depth_min: depthMin[gi] === -1 ? null : depthMin[gi]!,
    inlinks: inlinks[gi]!,
    orphans: orphans[gi]!,
    dead_ends: deadEnds[gi]!,
    errors: errors[gi]!,
    non_indexable: nonIndexable[gi]!,
    clicks: clicks ? groupClicks[gi]! : null,
    expandable: size[gi]! > 0,
  }));
  groups.sort((x, y) => order(x.label, y.label) || order(x.id, y.id));
  const nodes = graphNodes(ctx, shown, (i) => grouping.ids[grouping.pageGroup[i]!]!).sort(
    (x, y) => x.id - y.id,
  );
  return { by: q.by, depth: q.depth, groups, nodes, edges, truncated };
}
