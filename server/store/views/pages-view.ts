/**
 * Reads of pages for the API and exports, across `pages`, `urls` and `links`: filtered, sorted lists with keyset
 * pagination, one page in full (its JSON columns parsed), and a page's links in either direction. Sort keys come
 * from a fixed list, never from the client's string, and every value is bound, so no filter can change the SQL's
 * shape beyond the fragments written here.
 */
import type { EdgeKind } from '../../schemas/crawl.js';
import type { PageType, PageTypeEvidence } from '../../schemas/pages.js';
import type { Db } from '../db.js';
import { marks } from '../sql.js';
import { statementCache } from '../statement-cache.js';
import { pageColumns, parsePageJson, type PageJson, type PageRow } from '../repos/pages-repo.js';

/**
 * A filter on a custom extraction rule's stored values (#21): `eq` compares the value (a boolean rule's as
 * true/false, a count as a number, text case-insensitively, any value of an `all` rule), `contains` looks for a
 * substring, `exists` asks whether the page has a value at all.
 */
export interface ExtractFilter {
  extractorId: number;
  op: 'eq' | 'contains' | 'exists';
  value: string;
  shape: 'boolean' | 'number' | 'text';
  all: boolean;
}

export interface PageFilter {
  extract?: ExtractFilter[] | undefined;
  siteId?: number | undefined;
  statusCodes?: number[] | undefined;
  indexable?: boolean | undefined;
  contentType?: string | undefined;
  depth?: number | undefined;
  q?: string | undefined;
  pageTypes?: PageType[] | undefined;
  /** Rendered pages whose raw HTML JavaScript changed (true) or did not (false); page_renders, migration 35. */
  jsChanged?: boolean | undefined;
}

/** Columns a list may sort by, with the value NULLs sort as (so keyset comparisons stay total). */
const SORT_COLUMNS: Record<string, { expr: string; nullAs: string | number }> = {
  id: { expr: 'p.id', nullAs: 0 },
  url: { expr: 'p.url', nullAs: '' },
  depth: { expr: 'COALESCE(p.depth, 1000000000)', nullAs: 1_000_000_000 },
  inlinks: { expr: 'p.inlinks', nullAs: 0 },
  outlinks: { expr: 'p.outlinks', nullAs: 0 },
  word_count: { expr: 'p.word_count', nullAs: 0 },
  response_ms: { expr: 'COALESCE(p.response_ms, -1)', nullAs: -1 },
  status_code: { expr: 'COALESCE(p.status_code, 0)', nullAs: 0 },
  title: { expr: "COALESCE(p.title, '')", nullAs: '' },
  crawled_at: { expr: 'p.crawled_at', nullAs: '' },
  page_type: { expr: "COALESCE(p.page_type, '')", nullAs: '' },
  bytes: { expr: 'COALESCE(p.bytes, -1)', nullAs: -1 },
  // Lab figures (page_lab, #36 §3): pages not measured sort as -1, first ascending and last descending.
  lcp_ms: { expr: 'COALESCE(l.lcp_ms, -1)', nullAs: -1 },
  cls: { expr: 'COALESCE(l.cls, -1)', nullAs: -1 },
  tbt_ms: { expr: 'COALESCE(l.tbt_ms, -1)', nullAs: -1 },
  transfer_bytes: { expr: 'COALESCE(l.transfer_bytes, -1)', nullAs: -1 },
  requests: { expr: 'COALESCE(l.requests, -1)', nullAs: -1 },
};

/** A page's lab figures (page_lab), null when it was not measured. */
export interface PageLabColumns {
  lcp_ms: number | null;
  cls: number | null;
  tbt_ms: number | null;
  transfer_bytes: number | null;
  requests: number | null;
}
const LAB_COLUMNS = 'l.lcp_ms, l.cls, l.tbt_ms, l.transfer_bytes, l.requests';
const LAB_JOIN = 'LEFT JOIN page_lab l ON l.page_id = p.id';

/**
 * A rule's first value, numbers before text (SQLite's order of types). Pages without a value sort last either
 * way: after every text ascending, before every number descending.
 */
const extractSort = (desc: boolean) =>
  desc
    ? { expr: 'COALESCE(se.first_num, se.first_text, -1.0e308)', nullAs: -1.0e308 }
    : { expr: 'COALESCE(se.first_num, se.first_text, char(65535))', nullAs: '\uffff' };

/** The SQL and arguments of one extract filter, over the page `p`. */
function extractClause(f: ExtractFilter): { sql: string; args: (string | number)[] } {
  const row = 'SELECT 1 FROM page_extracts e WHERE e.extractor_id = ? AND e.page_id = p.id';
  if (f.op === 'exists') {
    const clause = `EXISTS (${row} AND e.value_json != 'null')`;
    return { sql: f.value === 'true' ? clause : `NOT ${clause}`, args: [f.extractorId] };
  }
  if (f.shape === 'boolean')
    return { sql: `EXISTS (${row} AND e.first_num = ?)`, args: [f.extractorId, f.value === 'true' ? 1 : 0] };
  if (f.shape === 'number')
    return { sql: `EXISTS (${row} AND e.first_num = ?)`, args: [f.extractorId, Number(f.value)] };
  const test = f.op === 'eq' ? 'lower(v) = lower(?)' : 'instr(lower(v), lower(?)) > 0';
  if (!f.all)
    return {
      sql: `EXISTS (${row} AND ${test.replace(/\bv\b/, 'e.first_text')})`,
      args: [f.extractorId, f.value],
    };
  return {
    sql: `EXISTS (${row} AND EXISTS (SELECT 1 FROM json_each(e.value_json) j WHERE ${test.replace(/\bv\b/, 'j.value')}))`,
    args: [f.extractorId, f.value],
  };
}

export type PageListRow = PageRow & PageLabColumns & { sort_value: string | number };
/** One page in full: its row, its JSON columns parsed, and the sources that know its URL. */
export type PageDetailRow = PageRow &
  PageJson & { sources: number; page_type_evidence: PageTypeEvidence | null };
type StoredPageDetail = PageRow &
  Record<keyof PageJson, string> & { sources: number; page_type_evidence: string | null };
export interface LinkRow {
  id: number;
  edge_kind: EdgeKind;
  anchor_text: string | null;
  nofollow: number;
  count: number;
  source_id: number;
  source_url: string;
  source_title: string | null;
  source_status: number | null;
  target_id: number;
  target_url: string;
  target_title: string | null;
  target_status: number | null;
}

export interface SiteLinkRow {
  id: number;
  source: string;
  target: string;
  edge_kind: string;
  anchor_text: string | null;
  nofollow: number;
  count: number;
}

export function pagesView(db: Db) {
  const prepared = statementCache(db);
  // Prepared on first use: `page_type` is migration 27's.
  const detail = () =>
    prepared<[number], StoredPageDetail>(
      `SELECT ${pageColumns('p')}, p.headings, p.hreflang, p.structured_data_types, p.redirect_chain, u.sources,
         p.page_type_evidence
       FROM pages p JOIN urls u ON u.id = p.id WHERE p.id = ?`,
    );
  const siteLinks = db.prepare<[number, number, number], SiteLinkRow>(
    `SELECT l.id, s.url AS source, t.url AS target, l.edge_kind, l.anchor_text, l.nofollow, l.count
     FROM links l JOIN urls s ON s.id = l.source_id JOIN urls t ON t.id = l.target_id
     WHERE l.site_id = ? AND l.id > ? ORDER BY l.id LIMIT ?`,
  );
  return {
    get(id: number): PageDetailRow | undefined {
      const row = detail().get(id);
      return (
        row && {
          ...row,
          ...parsePageJson(row),
          page_type_evidence:
            row.page_type_evidence === null ? null : (JSON.parse(row.page_type_evidence) as PageTypeEvidence),
        }
      );
    },
    /** Every edge of a site with both URLs, a page at a time (for exports). */
    siteLinks: (siteId: number, afterId: number, limit: number): SiteLinkRow[] =>
      siteLinks.all(siteId, afterId, limit),

    /** `sortExtractor`: the rule a `extract.<name>` sort orders by. */
    list(
      f: PageFilter,
      sort: string,
      after: { value: string | number; id: number } | null,
      limit: number,
      sortExtractor?: number,
    ): PageListRow[] {
      const desc = sort.startsWith('-');
      const col =
        sortExtractor !== undefined
          ? extractSort(desc)
          : (SORT_COLUMNS[desc ? sort.slice(1) : sort] ?? SORT_COLUMNS.id!);
      const where: string[] = [];
      const args: (string | number)[] = [];
      const add = (clause: string, ...values: (string | number)[]) => {
        where.push(clause);
        args.push(...values);
      };
      if (f.siteId !== undefined) add('p.site_id = ?', f.siteId);
      if (f.statusCodes?.length)
        add(`p.status_code IN (${f.statusCodes.map(() => '?').join(',')})`, ...f.statusCodes);
      if (f.indexable !== undefined) add('p.indexable = ?', f.indexable ? 1 : 0);
      if (f.contentType !== undefined) add('p.content_type = ?', f.contentType.toLowerCase());
      if (f.depth !== undefined) add('p.depth = ?', f.depth);
      if (f.pageTypes?.length) add(`p.page_type IN (${marks(f.pageTypes.length)})`, ...f.pageTypes);
      if (f.jsChanged !== undefined)
        add(
          `EXISTS (SELECT 1 FROM page_renders jr WHERE jr.page_id = p.id AND (jr.changed != '[]') = ?)`,
          f.jsChanged ? 1 : 0,
        );
      for (const e of f.extract ?? []) {
        const c = extractClause(e);
        add(c.sql, ...c.args);
      }
      if (f.q !== undefined) {
        add(
          `(instr(lower(p.url), lower(?)) > 0 OR instr(lower(COALESCE(p.title, '')), lower(?)) > 0)`,
          f.q,
          f.q,
        );
      }
      if (after) {
        const op = desc ? '<' : '>';
        add(
          `(${col.expr} ${op} ? OR (${col.expr} = ? AND p.id ${op} ?))`,
          after.value,
          after.value,
          after.id,
        );
      }
      const join =
        sortExtractor !== undefined
          ? 'LEFT JOIN page_extracts se ON se.extractor_id = ? AND se.page_id = p.id'
          : '';
      const sql = `SELECT ${pageColumns('p')}, ${LAB_COLUMNS}, ${col.expr} AS sort_value FROM pages p ${LAB_JOIN} ${join}
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY ${col.expr} ${desc ? 'DESC' : 'ASC'}, p.id ${desc ? 'DESC' : 'ASC'} LIMIT ?`;
      const joinArgs = sortExtractor !== undefined ? [sortExtractor] : [];
      return prepared<(string | number)[], PageListRow>(sql).all(...joinArgs, ...args, limit);
    },

    links(
      pageId: number,
      direction: 'in' | 'out',
      kinds: string[] | undefined,
      afterId: number,
      limit: number,
    ): LinkRow[] {
      const self = direction === 'out' ? 'l.source_id' : 'l.target_id';
      const kindFilter = kinds?.length ? `AND l.edge_kind IN (${kinds.map(() => '?').join(',')})` : '';
      const sql = `SELECT l.id, l.edge_kind, l.anchor_text, l.nofollow, l.count,
          s.id AS source_id, s.url AS source_url, sp.title AS source_title, sp.status_code AS source_status,
          t.id AS target_id, t.url AS target_url, tp.title AS target_title, tp.status_code AS target_status
        FROM links l
        JOIN urls s ON s.id = l.source_id LEFT JOIN pages sp ON sp.id = l.source_id
        JOIN urls t ON t.id = l.target_id LEFT JOIN pages tp ON tp.id = l.target_id
        WHERE ${self} = ? ${kindFilter} AND l.id > ? ORDER BY l.id LIMIT ?`;
      return prepared<(string | number)[], LinkRow>(sql).all(pageId, ...(kinds ?? []), afterId, limit);
    },
  };
}
