/**
 * Clusters of pages that should be one page: Louvain communities (graphology) over duplicate and merge pairs,
 * weighted by reranker score, each labelled by the title words its pages share and represented by the page to
 * keep, with why (page-to-keep.ts: the canonical target, the indexable page, the hub, then inlinks and clicks).
 */
import { createRequire } from 'node:module';
import { UndirectedGraph } from 'graphology';
import type { KeepReason } from '../../schemas/similarity.js';
import type { KeepRow } from '../../store/repos/similarity-repo.js';
import { TITLE_STOP_WORDS } from './title-stop-words.js';
import type louvainType from 'graphology-communities-louvain';

// The package is CommonJS whose types declare an ES default export; requiring it gets the function itself.
const louvain = createRequire(import.meta.url)(
  'graphology-communities-louvain',
) as typeof louvainType.default;

export interface ClusterInput {
  pairs: { page_a: number; page_b: number; reranker: number }[];
  titles: Map<number, string | null>;
  /** The page to keep of a cluster's members, and why. */
  keep: (members: number[]) => KeepRow;
}

export interface ClusterOutput {
  pages: [number, number][]; // page id, score (mean reranker to the cluster's other pages)
  label: string;
  representative_page: number;
  representative_reason: KeepReason;
  representative_detail: string;
  mean_reranker: number;
}

function label(titles: string[]): string {
  const words = titles.map(
    (t) =>
      new Set(
        t
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u)
          .filter((w) => w.length > 2 && !TITLE_STOP_WORDS.has(w)),
      ),
  );
  const counts = new Map<string, number>();
  for (const set of words) for (const w of set) counts.set(w, (counts.get(w) ?? 0) + 1);
  const shared = [...counts.entries()]
    .filter(([, n]) => n >= Math.max(2, Math.ceil(words.length / 2)))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 4)
    .map(([w]) => w);
  return shared.length ? shared.join(' ') : (titles[0] ?? 'untitled');
}

export function buildClusters(input: ClusterInput): ClusterOutput[] {
  const graph = new UndirectedGraph();
  for (const p of input.pairs) {
    for (const id of [p.page_a, p.page_b]) if (!graph.hasNode(id)) graph.addNode(id);
    graph.mergeEdge(p.page_a, p.page_b, { weight: Math.max(p.reranker, 0.01) });
  }
  if (graph.order === 0) return [];
  const communities = louvain(graph, { getEdgeWeight: 'weight', rng: mulberry(42) });
  const groups = new Map<number, number[]>();
  for (const [node, community] of Object.entries(communities)) {
    const list = groups.get(community) ?? [];
    list.push(Number(node));
    groups.set(community, list);
  }
  const out: ClusterOutput[] = [];
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const inCluster = new Set(members);
    const scores = new Map<number, number[]>();
    for (const p of input.pairs) {
      if (!inCluster.has(p.page_a) || !inCluster.has(p.page_b)) continue;
      scores.set(p.page_a, [...(scores.get(p.page_a) ?? []), p.reranker]);
      scores.set(p.page_b, [...(scores.get(p.page_b) ?? []), p.reranker]);
    }
    const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
    const all = [...scores.values()].flat();
    const keep = input.keep([...members].sort((a, b) => a - b));
    out.push({
      pages: members.sort((a, b) => a - b).map((id) => [id, mean(scores.get(id) ?? [])]),
      label: label(members.map((id) => input.titles.get(id) ?? '').filter(Boolean)),
      representative_page: keep.page_id,
      representative_reason: keep.reason,
      representative_detail: keep.detail,
      mean_reranker: mean(all),
    });
  }
  return out.sort((a, b) => b.pages.length - a.pages.length || a.representative_page - b.representative_page);
}

/** Louvain visits nodes in random order; a seeded generator makes the clusters the same on unchanged data. */
function mulberry(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
