/**
 * Pages as the graph's nodes: their stored details read for the few pages a response shows, the flags that
 * depend on the chosen link kinds (orphan, dead end) from the link index, cluster and Search Console clicks.
 */
import type { GraphNode } from '../../schemas/graph.js';
import type { Store } from '../../store/index.js';
import { isDeadEnd, isOrphan, type LinkIndex } from './link-index.js';

export interface NodeContext {
  store: Store;
  siteId: number;
  index: LinkIndex;
  mask: number;
}

/** Search Console clicks per page id, or null when the site has no Search Console data. */
export function siteClicks(store: Store, siteId: number): Map<number, number> | null {
  if (!store.gscFigures.hasData(siteId)) return null;
  return new Map(store.gscFigures.pageFigures(siteId).map((f) => [f.url_id, f.clicks]));
}

/** Nodes for the pages at these index positions, in that order; `group` names each one's group when given. */
export function graphNodes(
  ctx: NodeContext,
  pages: readonly number[],
  group?: (page: number) => string | null,
): GraphNode[] {
  if (!pages.length) return [];
  const { store, siteId, index, mask } = ctx;
  const ids = pages.map((i) => index.ids[i]!);
  const details = new Map(store.linkIndex.details(ids).map((r) => [r.id, r]));
  const clusters = store.similarity.clusterOfPages(siteId);
  const hasClicks = store.gscFigures.hasData(siteId);
  const clicks = hasClicks
    ? new Map(store.gscFigures.figuresFor(ids).map((f) => [f.url_id, f.clicks]))
    : null;
  return pages.map((i) => {
    const id = index.ids[i]!;
    const d = details.get(id);
    return {
      id,
      url: d?.url ?? index.urls[i]!,
      title: d?.title ?? null,
      status_code: d?.status_code ?? null,
      depth: d ? d.depth : index.depth[i] === -1 ? null : index.depth[i]!,
      inlinks: d?.inlinks ?? 0,
      outlinks: d?.outlinks ?? 0,
      orphan: isOrphan(index, i, mask),
      cluster_id: clusters.get(id) ?? null,
      indexable: d ? d.indexable !== 0 : null,
      dead_end: isDeadEnd(index, i, mask),
      clicks: clicks ? (clicks.get(id) ?? 0) : null,
      page_type: d?.page_type ?? null,
      group: group?.(i) ?? null,
    };
  });
}
