/**
 * The reads behind the in-memory link index (domain/graph/link-index.ts): a site's pages and links loaded whole,
 * and details of the few pages a response shows. A 100,000-page site has about 1.5 million links, and
 * better-sqlite3 spends about a microsecond a row building JavaScript values, so the bulk reads return one packed
 * string that SQLite assembles and the domain parses, several times faster than reading rows.
 */
import type { GraphEdgeRow, GraphNodeRow } from './graph-view.js';
import { EDGE_KINDS } from '../../schemas/crawl.js';
import type { Db } from '../db.js';
import { marks } from '../sql.js';
import { statementCache } from '../statement-cache.js';

/** Separates the fields of the packed page list (a control character: stored URLs never hold one). */
export const FIELD_SEPARATOR = '\u0001';

/**
 * An edge kind as a small number computed in SQL without a CASE (which costs a third of the read): the code of
 * its first letter plus seven times its length, distinct for every kind. `KIND_BY_CODE[code]` is its index in
 * `EDGE_KINDS`.
 */
const kindCode = (kind: string) => kind.charCodeAt(0) + 7 * kind.length - KIND_CODE_BASE;
const KIND_CODE_BASE = Math.min(...EDGE_KINDS.map((k) => k.charCodeAt(0) + 7 * k.length));
export const KIND_BY_CODE: Int8Array = (() => {
  const table = new Int8Array(64).fill(-1);
  EDGE_KINDS.forEach((k, i) => {
    if (table[kindCode(k)] !== -1) throw new Error(`edge kind code of ${k} is not unique`);
    table[kindCode(k)] = i;
  });
  return table;
})();

/** Page flags in the packed list. */
export const PAGE_INDEXABLE = 1;
export const PAGE_HTML_OK = 2;
export const PAGE_KNOWN = 4;

/** A node's details: the graph route's row, less what depends on a choice of link kinds; only fetched pages. */
export type NodeDetailRow = Omit<GraphNodeRow, 'orphan' | 'dead_end' | 'indexable'> & { indexable: number };

/** A link's details, as the graph route reads them. */
export type EdgeDetailRow = GraphEdgeRow;

const CHUNK = 500;

export function linkIndexView(db: Db) {
  const prepared = statementCache(db);
  const maxLink = db.prepare<[number], { m: number | null }>(
    'SELECT MAX(id) AS m FROM links WHERE site_id = ?',
  );
  const pageCount = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM pages WHERE site_id = ?');
  const pages = (knownBits: number) =>
    prepared<[number], string | null>(
      `SELECT group_concat(u.id || char(1) || u.url || char(1) || IFNULL(p.depth, '') || char(1)
           || IFNULL(p.status_code, '') || char(1)
           || ((p.indexable != 0) | ((IFNULL(p.status_code BETWEEN 200 AND 299, 0)
                AND IFNULL(p.content_type, '') LIKE '%html%') << 1)
              | (((u.sources & ${knownBits}) != 0) << 2)), char(1))
         FROM urls u JOIN pages p ON p.id = u.id
         WHERE u.site_id = ? AND u.internal = 1`,
    ).pluck();
  // target * 128 + kind code * 2 + nofollow: one number per link after its source.
  const links = db
    .prepare<[number], string | null>(
      `SELECT group_concat(source_id || ',' || (target_id * 128
           + (unicode(edge_kind) + 7 * length(edge_kind) - ${KIND_CODE_BASE}) * 2 + nofollow))
         FROM links WHERE site_id = ?`,
    )
    .pluck();
  const anchor = db.prepare<[number, number, string], { anchor_text: string | null }>(
    'SELECT anchor_text FROM links WHERE source_id = ? AND target_id = ? AND edge_kind = ?',
  );

  return {
    /** Changes whenever links are written or pages added or removed (with the crawl's own event for depths). */
    version: (siteId: number): string => `${maxLink.get(siteId)?.m ?? 0}:${pageCount.get(siteId)?.n ?? 0}`,
    /**
     * `id␁url␁depth␁status␁flags␁…` for every fetched internal page; empty depth/status are null. While a new
     * crawl runs, the pages it has not reached yet keep their place and depth from the crawl before (`urls`
     * marks them stale and forgets their depth until the crawl reaches them or sweeps them away).
     */
    packedPages: (siteId: number, knownBits: number): string => pages(knownBits).get(siteId) ?? '',
    /** `source,code,source,code,…` for every link of the site (code: see the statement). */
    packedLinks: (siteId: number): string => links.get(siteId) ?? '',

    details(ids: readonly number[]): NodeDetailRow[] {
      const out: NodeDetailRow[] = [];
      for (let i = 0; i < ids.length; i += CHUNK) {
        const chunk = ids.slice(i, i + CHUNK);
        out.push(
          ...prepared<number[], NodeDetailRow>(
            `SELECT u.id, u.url, p.title, p.status_code, p.depth, COALESCE(p.inlinks, 0) AS inlinks,
                 COALESCE(p.outlinks, 0) AS outlinks, p.indexable, p.page_type
               FROM urls u JOIN pages p ON p.id = u.id WHERE u.id IN (${marks(chunk.length)})`,
          ).all(...chunk),
        );
      }
      return out;
    },

    /** Every link whose source is one of `ids`, with its stored details. */
    linksFrom(ids: readonly number[]): EdgeDetailRow[] {
      const out: EdgeDetailRow[] = [];
      for (let i = 0; i < ids.length; i += CHUNK) {
        const chunk = ids.slice(i, i + CHUNK);
        out.push(
          ...prepared<number[], EdgeDetailRow>(
            `SELECT id, source_id, target_id, edge_kind, anchor_text, nofollow, count FROM links
               WHERE source_id IN (${marks(chunk.length)})`,
          ).all(...chunk),
        );
      }
      return out;
    },

    anchorText: (source: number, target: number, kind: string): string | null =>
      anchor.get(source, target, kind)?.anchor_text ?? null,
  };
}
