/**
 * The link graph for visualisation: edges between a site's internal URLs, a page at a time, with each page
 * carrying the nodes its edges touch (so a client can draw as it loads) and, on the first page, the orphans.
 */
import type { Store } from '../../store/index.js';
import type { GraphNodeRow } from '../../store/views/graph-view.js';
import type { CursorKey } from '../../schemas/common.js';
import { EDGE_KINDS, sourceBit, type EdgeKind } from '../../schemas/crawl.js';
import type { LinkGraph } from '../../schemas/graph.js';
import { NotFoundError } from '../errors.js';
import { afterKey, idPage } from '../sort-cursor.js';

/** Sources that make a URL a known page even with no inbound link. */
const KNOWN_BITS = sourceBit('sitemap') | sourceBit('gsc') | sourceBit('list');

const toNode = (r: GraphNodeRow, clusters: Map<number, number>) => ({
  id: r.id,
  url: r.url,
  title: r.title,
  status_code: r.status_code,
  depth: r.depth,
  inlinks: r.inlinks,
  outlinks: r.outlinks,
  orphan: r.orphan === 1,
  cluster_id: clusters.get(r.id) ?? null,
});

export class GraphService {
  constructor(private readonly store: Store) {}

  linkGraph(
    siteId: number,
    q: {
      edge_kind?: EdgeKind[] | undefined;
      include_orphans: boolean;
      limit: number;
      cursor?: CursorKey | undefined;
    },
  ): LinkGraph {
    if (!this.store.sites.get(siteId)) throw new NotFoundError(`No site with id ${siteId}.`);
    const kinds = [...new Set(q.edge_kind ?? EDGE_KINDS)];
    const afterId = afterKey(q.cursor, 'number') ?? 0;
    const { page: edges, next_cursor } = idPage(
      this.store.graph.edges(siteId, kinds, afterId, q.limit + 1),
      q.limit,
    );
    const ids = new Set<number>();
    for (const e of edges) ids.add(e.source_id).add(e.target_id);
    const clusters = this.store.similarity.clusterOfPages(siteId);
    const nodes = this.store.graph.nodes([...ids], kinds, KNOWN_BITS).map((r) => toNode(r, clusters));
    if (q.include_orphans && afterId === 0) {
      for (const o of this.store.graph.orphans(siteId, kinds, KNOWN_BITS))
        if (!ids.has(o.id)) nodes.push(toNode(o, clusters));
    }
    nodes.sort((a, b) => a.id - b.id);
    return {
      nodes,
      edges: edges.map((e) => ({
        id: e.id,
        source: e.source_id,
        target: e.target_id,
        edge_kind: e.edge_kind as EdgeKind,
        anchor_text: e.anchor_text,
        nofollow: e.nofollow === 1,
        count: e.count,
      })),
      next_cursor,
    };
  }
}
