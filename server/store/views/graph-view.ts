/**
 * The internal link graph, read in pages of edges (keyset on edge id) with the nodes those edges touch, and
 * the orphans: known pages (sitemap, Search Console, list mode) with no inbound edge of the chosen kinds.
 */
import type { EdgeKind } from '../../schemas/crawl.js';
import type { PageType } from '../../schemas/pages.js';
import type { Db } from '../db.js';
import { marks } from '../sql.js';
import { statementCache } from '../statement-cache.js';

export interface GraphEdgeRow {
  id: number;
  source_id: number;
  target_id: number;
  edge_kind: string;
  anchor_text: string | null;
  nofollow: number;
  count: number;
}

export interface GraphNodeRow {
  id: number;
  url: string;
  title: string | null;
  status_code: number | null;
  depth: number | null;
  inlinks: number;
  outlinks: number;
  orphan: number;
  /** Null for a URL never fetched. */
  indexable: number | null;
  dead_end: number;
  page_type: PageType | null;
}

/** A node as graph files carry it (orphans and dead ends depend on a choice of link kinds they do not make). */
export type SiteNodeRow = Omit<GraphNodeRow, 'indexable' | 'dead_end' | 'page_type'>;

const CHUNK = 500;

export function graphView(db: Db) {
  // Statements differ only by how many `?` they hold: each shape is prepared once.
  const prepared = statementCache(db);
  /** Binds the kinds twice (orphan, dead end), before any other value of the statement. */
  const nodeColumns = (kinds: readonly EdgeKind[], knownBits: number) => `u.id, u.url, p.title, p.status_code,
      u.depth, COALESCE(p.inlinks, 0) AS inlinks, COALESCE(p.outlinks, 0) AS outlinks,
      ((u.sources & ${knownBits}) != 0 AND NOT EXISTS (
        SELECT 1 FROM links li WHERE li.target_id = u.id AND li.source_id != u.id
          AND li.edge_kind IN (${marks(kinds.length)}))) AS orphan,
      p.indexable, p.page_type,
      (IFNULL(p.status_code BETWEEN 200 AND 299, 0) AND IFNULL(p.content_type, '') LIKE '%html%'
        AND NOT EXISTS (SELECT 1 FROM links lo JOIN pages tp ON tp.id = lo.target_id
          WHERE lo.source_id = u.id AND lo.target_id != u.id AND lo.edge_kind IN (${marks(kinds.length)}))) AS dead_end`;

  return {
    edges(siteId: number, kinds: readonly EdgeKind[], afterId: number, limit: number): GraphEdgeRow[] {
      return prepared<(string | number)[], GraphEdgeRow>(
        `SELECT l.id, l.source_id, l.target_id, l.edge_kind, l.anchor_text, l.nofollow, l.count
           FROM links l JOIN urls t ON t.id = l.target_id AND t.internal = 1
           WHERE l.site_id = ? AND l.edge_kind IN (${marks(kinds.length)}) AND l.id > ?
           ORDER BY l.id LIMIT ?`,
      ).all(siteId, ...kinds, afterId, limit);
    },

    nodes(ids: number[], kinds: readonly EdgeKind[], knownBits: number): GraphNodeRow[] {
      const out: GraphNodeRow[] = [];
      for (let i = 0; i < ids.length; i += CHUNK) {
        const chunk = ids.slice(i, i + CHUNK);
        out.push(
          ...prepared<(string | number)[], GraphNodeRow>(
            `SELECT ${nodeColumns(kinds, knownBits)} FROM urls u LEFT JOIN pages p ON p.id = u.id
               WHERE u.id IN (${marks(chunk.length)})`,
          ).all(...kinds, ...kinds, ...chunk),
        );
      }
      return out;
    },

    /** Every internal URL of a site as a node, a page at a time (for graph exports). */
    siteNodes(siteId: number, afterId: number, limit: number): SiteNodeRow[] {
      return prepared<[number, number, number], SiteNodeRow>(
        `SELECT u.id, u.url, p.title, p.status_code, u.depth, COALESCE(p.inlinks, 0) AS inlinks,
             COALESCE(p.outlinks, 0) AS outlinks, 0 AS orphan
           FROM urls u LEFT JOIN pages p ON p.id = u.id
           WHERE u.site_id = ? AND u.internal = 1 AND u.state != 'stale' AND u.id > ? ORDER BY u.id LIMIT ?`,
      ).all(siteId, afterId, limit);
    },

    /**
     * Links whose anchor text, trimmed and lower-cased, is one of `texts` (a site's "Up" links), each source's in
     * link order. One scan of the site's links: 13,000 on PostgreSQL's manual, a few milliseconds.
     */
    linksByAnchor(siteId: number, texts: readonly string[]): { source_id: number; target_id: number }[] {
      return prepared<(string | number)[], { source_id: number; target_id: number }>(
        `SELECT l.source_id, l.target_id FROM links l JOIN pages p ON p.id = l.target_id
           WHERE l.site_id = ? AND l.source_id != l.target_id AND lower(trim(l.anchor_text)) IN (${marks(texts.length)})
           ORDER BY l.source_id, l.id`,
      ).all(siteId, ...texts);
    },

    /** Each fetched page's type (null for what is not an HTML page). */
    pageTypes(siteId: number): { id: number; page_type: PageType | null }[] {
      return prepared<[number], { id: number; page_type: PageType | null }>(
        `SELECT id, page_type FROM pages WHERE site_id = ?`,
      ).all(siteId);
    },

    orphans(siteId: number, kinds: readonly EdgeKind[], knownBits: number): GraphNodeRow[] {
      return prepared<(string | number)[], GraphNodeRow>(
        `SELECT * FROM (SELECT ${nodeColumns(kinds, knownBits)} FROM urls u LEFT JOIN pages p ON p.id = u.id
             WHERE u.site_id = ? AND u.internal = 1) WHERE orphan = 1 ORDER BY id`,
      ).all(...kinds, ...kinds, siteId);
    },
  };
}
