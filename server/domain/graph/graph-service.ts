/**
 * The link graph for visualisation and for questions about it. `linkGraph` is the whole graph, edges a page at
 * a time (each page carrying the nodes its edges touch, and the orphans on the first). The others answer from the
 * site's in-memory link index (link-index-cache.ts): the structure view's groups, a page's neighbourhood, the
 * shortest click path to a page and what removing a link costs.
 */
import type { Store } from '../../store/index.js';
import type { GraphNodeRow } from '../../store/views/graph-view.js';
import type { CursorKey } from '../../schemas/common.js';
import { EDGE_KINDS, type EdgeKind } from '../../schemas/crawl.js';
import type {
  FocusQuery,
  GraphFocus,
  GraphGroups,
  GraphGroupsQuery,
  GraphPath,
  LinkGraph,
  LinkImpact,
} from '../../schemas/graph.js';
import { NotFoundError } from '../errors.js';
import { requireSite } from '../sites/site-required.js';
import { capital, siteLabelById } from '../sites/site-label.js';
import type { EventBus } from '../events.js';
import { afterKey, idPage } from '../sort-cursor.js';
import { aggregateGroups } from './graph-groups.js';
import { chooseGrouping } from './grouping-choice.js';
import { groupingCandidates } from './grouping-candidates.js';
import { neighbourhood } from './graph-focus.js';
import { graphNodes, siteClicks, type NodeContext } from './graph-nodes.js';
import { shortestPath } from './graph-paths.js';
import { ALL_KINDS_MASK, kindMask } from './link-index.js';
import { KNOWN_BITS, LinkIndexCache } from './link-index-cache.js';
import { linkImpact, linksTo } from './link-impact.js';

/** Pages a link-impact answer lists; `total` counts them all. */
const IMPACT_LIST = 100;

const toNode = (r: GraphNodeRow, clusters: Map<number, number>, clicks: Map<number, number> | null) => ({
  id: r.id,
  url: r.url,
  title: r.title,
  status_code: r.status_code,
  depth: r.depth,
  inlinks: r.inlinks,
  outlinks: r.outlinks,
  orphan: r.orphan === 1,
  cluster_id: clusters.get(r.id) ?? null,
  indexable: r.indexable === null ? null : r.indexable !== 0,
  dead_end: r.dead_end === 1,
  clicks: clicks ? (clicks.get(r.id) ?? 0) : null,
  page_type: r.page_type,
  group: null,
});

export class GraphService {
  private readonly indexes: LinkIndexCache;

  constructor(
    private readonly store: Store,
    bus: EventBus,
  ) {
    this.indexes = new LinkIndexCache(store, bus);
  }

  linkGraph(
    siteId: number,
    q: {
      edge_kind?: EdgeKind[] | undefined;
      include_orphans: boolean;
      limit: number;
      cursor?: CursorKey | undefined;
    },
  ): LinkGraph {
    requireSite(this.store, siteId);
    const kinds = [...new Set(q.edge_kind ?? EDGE_KINDS)];
    const afterId = afterKey(q.cursor, 'number') ?? 0;
    const { page: edges, next_cursor } = idPage(
      this.store.graph.edges(siteId, kinds, afterId, q.limit + 1),
      q.limit,
    );
    const ids = new Set<number>();
    for (const e of edges) ids.add(e.source_id).add(e.target_id);
    const clusters = this.store.similarity.clusterOfPages(siteId);
    const rows = this.store.graph.nodes([...ids], kinds, KNOWN_BITS);
    if (q.include_orphans && afterId === 0) {
      for (const o of this.store.graph.orphans(siteId, kinds, KNOWN_BITS)) if (!ids.has(o.id)) rows.push(o);
    }
    const clicks = this.store.gscFigures.hasData(siteId)
      ? new Map(this.store.gscFigures.figuresFor(rows.map((r) => r.id)).map((f) => [f.url_id, f.clicks]))
      : null;
    const nodes = rows.map((r) => toNode(r, clusters, clicks)).sort((a, b) => a.id - b.id);
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

  groups(siteId: number, q: GraphGroupsQuery): GraphGroups {
    const site = requireSite(this.store, siteId);
    const ctx = this.context(siteId, kindMask(q.edge_kind));
    const candidates = groupingCandidates(this.store, ctx.index, {
      siteId,
      host: new URL(site.origin).host,
      depth: q.depth,
      only: q.by === 'auto' ? null : q.by,
    });
    const { chosen, choice } = chooseGrouping(q.by, candidates);
    const answer = aggregateGroups(
      ctx,
      chosen.grouping,
      { by: chosen.by, depth: q.depth, expand: q.expand },
      siteClicks(this.store, siteId),
    );
    return { ...answer, choice };
  }

  path(siteId: number, q: { to: number; edge_kind?: EdgeKind[] | undefined }): GraphPath {
    requireSite(this.store, siteId);
    const ctx = this.context(siteId, kindMask(q.edge_kind));
    const target = this.requirePage(ctx, q.to);
    if (!ctx.index.starts.length)
      throw new NotFoundError(
        `${capital(siteLabelById(this.store, siteId))} has no start page: it has not been crawled by following links.`,
      );
    const links = shortestPath(ctx.index, target, ctx.mask);
    if (!links) {
      throw new NotFoundError(
        `Page ${q.to} cannot be reached from the start page by following links of the selected kinds.`,
      );
    }
    const g = ctx.index;
    const pages = links.length ? [g.source[links[0]!]!, ...links.map((e) => g.target[e]!)] : [target];
    return {
      pages: graphNodes(ctx, pages),
      links: links.map((e) => {
        const source = g.ids[g.source[e]!]!;
        const target = g.ids[g.target[e]!]!;
        const edge_kind = EDGE_KINDS[g.kind[e]!]!;
        return {
          source,
          target,
          edge_kind,
          anchor_text: this.store.linkIndex.anchorText(source, target, edge_kind),
        };
      }),
    };
  }

  focus(pageId: number, q: FocusQuery): GraphFocus {
    const page = this.store.pages.get(pageId);
    if (!page) throw new NotFoundError(`No page with id ${pageId}.`);
    const ctx = this.context(page.site_id, kindMask(q.edge_kind));
    const center = this.requirePage(ctx, pageId);
    const found = neighbourhood(ctx.index, center, { ...q, mask: ctx.mask });
    const g = ctx.index;
    const nodes = graphNodes(
      ctx,
      found.pages.map((p) => p.page),
    ).map((n, k) => ({ ...n, hops: found.pages[k]!.hops }));
    // The links walked, with their stored details (id, anchor text, count).
    const wanted = new Set(
      found.links.map((e) => `${g.ids[g.source[e]!]}>${g.ids[g.target[e]!]}>${g.kind[e]}`),
    );
    const sources = [...new Set(found.links.map((e) => g.ids[g.source[e]!]!))];
    const edges = this.store.linkIndex
      .linksFrom(sources)
      .filter((r) =>
        wanted.has(`${r.source_id}>${r.target_id}>${EDGE_KINDS.indexOf(r.edge_kind as EdgeKind)}`),
      )
      .map((r) => ({
        id: r.id,
        source: r.source_id,
        target: r.target_id,
        edge_kind: r.edge_kind as EdgeKind,
        anchor_text: r.anchor_text,
        nofollow: r.nofollow === 1,
        count: r.count,
      }))
      .sort((a, b) => a.id - b.id);
    return { center: pageId, nodes, edges, truncated: found.truncated };
  }

  linkImpact(siteId: number, q: { source: number; target: number }): LinkImpact {
    requireSite(this.store, siteId);
    const ctx = this.context(siteId, ALL_KINDS_MASK);
    const source = this.requirePage(ctx, q.source);
    const target = this.requirePage(ctx, q.target);
    if (!linksTo(ctx.index, source, target))
      throw new NotFoundError(`Page ${q.source} has no link to page ${q.target}.`);
    const losses = linkImpact(ctx.index, source, target);
    const listed = losses.slice(0, IMPACT_LIST);
    const nodes = graphNodes(
      ctx,
      listed.map((l) => l.page),
    );
    return {
      link: { source: q.source, target: q.target },
      pages: listed.map((l, k) => ({
        page: nodes[k]!,
        depth_before: l.before,
        depth_after: l.after === -1 ? null : l.after,
      })),
      total: losses.length,
    };
  }

  private context(siteId: number, mask: number): NodeContext {
    return { store: this.store, siteId, index: this.indexes.get(siteId), mask };
  }

  /** The page's position in the site's index; 404 when it is not a fetched page of this site. */
  private requirePage(ctx: NodeContext, pageId: number): number {
    const at = ctx.index.indexOf(pageId);
    if (at < 0)
      throw new NotFoundError(
        `${capital(siteLabelById(this.store, ctx.siteId))} has no page with id ${pageId}.`,
      );
    return at;
  }
}
