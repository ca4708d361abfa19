/**
 * Rows of `gsc_rows`: upserts on the natural key (a repeat that brings the same figures changes nothing), the
 * filtered and grouped report, and a keyset read for exports. Grouped reports take each key's figures from one
 * grain only — API rows when the key has any, otherwise an imported total — so nothing is counted twice.
 */
import type { Db } from '../db.js';
import { statementCache } from '../statement-cache.js';
import { nowIso } from '../clock.js';

export type GscGrainName = 'pqd' | 'page' | 'query' | 'date';

export interface GscWriteRow {
  grain: GscGrainName;
  url_id: number | null;
  query: string | null;
  date: string | null;
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

export interface GscReportRow {
  id: number;
  page_id: number | null;
  url: string | null;
  query: string | null;
  date: string | null;
  clicks: number;
  impressions: number;
  ctr: number | null;
  position: number;
  grain: GscGrainName;
}

export interface GscReportFilter {
  siteId: number;
  pageId?: number | undefined;
  query?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

/** Where the last page ended: `[clicks, key]` for page/query groups, `[key]` for dates, `[id]` for rows. */
export type GscAfter = (string | number)[] | null;

const SUMS = `SUM(clicks) AS clicks, SUM(impressions) AS impressions,
  COALESCE(SUM(position * impressions) / NULLIF(SUM(impressions), 0), AVG(position)) AS position`;

/** Per grouping: the stored column it groups by, and the coarse grain that can stand in for API rows. */
const GROUPS = {
  page: { col: 'url_id', grain: 'page', excludedBy: ['query', 'dateFrom', 'dateTo'] },
  query: { col: 'query', grain: 'query', excludedBy: ['pageId', 'dateFrom', 'dateTo'] },
  date: { col: 'date', grain: 'date', excludedBy: ['pageId', 'query'] },
} as const;

function filterSql(f: GscReportFilter, alias: string): { sql: string; args: (string | number)[] } {
  const where = [`${alias}.site_id = ?`];
  const args: (string | number)[] = [f.siteId];
  const add = (clause: string, value: string | number | undefined) => {
    if (value === undefined) return;
    where.push(clause);
    args.push(value);
  };
  add(`${alias}.url_id = ?`, f.pageId);
  add(`instr(lower(${alias}.query), lower(?)) > 0`, f.query);
  add(`${alias}.date >= ?`, f.dateFrom);
  add(`${alias}.date <= ?`, f.dateTo);
  return { sql: where.join(' AND '), args };
}

export function gscRowsRepo(db: Db) {
  const prepared = statementCache(db);
  const upsert = db.prepare<
    [
      number,
      string,
      number | null,
      string | null,
      string | null,
      number,
      number,
      number,
      number,
      string,
      string,
    ]
  >(
    `INSERT INTO gsc_rows (site_id, grain, url_id, query, date, clicks, impressions, ctr, position, origin, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (site_id, grain, IFNULL(url_id, 0), IFNULL(query, ''), IFNULL(date, '')) DO UPDATE SET
       clicks = excluded.clicks, impressions = excluded.impressions, ctr = excluded.ctr,
       position = excluded.position, origin = excluded.origin, updated_at = excluded.updated_at
     WHERE clicks IS NOT excluded.clicks OR impressions IS NOT excluded.impressions
       OR ctr IS NOT excluded.ctr OR position IS NOT excluded.position`,
  );
  const pruneKeys = {
    page: db.prepare<[number, string]>(
      `DELETE FROM gsc_rows WHERE site_id = ? AND grain = 'page'
       AND url_id NOT IN (SELECT value FROM json_each(?))`,
    ),
    query: db.prepare<[number, string]>(
      `DELETE FROM gsc_rows WHERE site_id = ? AND grain = 'query'
       AND query NOT IN (SELECT value FROM json_each(?))`,
    ),
    date: db.prepare<[number, string]>(
      `DELETE FROM gsc_rows WHERE site_id = ? AND grain = 'date'
       AND date NOT IN (SELECT value FROM json_each(?))`,
    ),
  };
  const exportPage = db.prepare<[number, number, number], GscReportRow>(
    `SELECT g.id, g.url_id AS page_id, u.url, g.query, g.date, g.clicks, g.impressions, g.ctr, g.position, g.grain
     FROM gsc_rows g LEFT JOIN urls u ON u.id = g.url_id
     WHERE g.site_id = ? AND g.id > ? ORDER BY g.id LIMIT ?`,
  );

  return {
    /** Inserts or updates rows (inside the caller's transaction); returns how many rows really changed. */
    upsert(siteId: number, origin: 'api' | 'import', rows: Iterable<GscWriteRow>): number {
      const at = nowIso();
      let changed = 0;
      for (const r of rows) {
        changed += upsert.run(
          siteId,
          r.grain,
          r.url_id,
          r.query,
          r.date,
          r.clicks,
          r.impressions,
          r.ctr,
          r.position,
          origin,
          at,
        ).changes;
      }
      return changed;
    },

    /** An import is a snapshot: totals of its grain that the new file no longer has are removed. */
    pruneGrain(siteId: number, grain: 'page' | 'query' | 'date', keep: (string | number)[]): number {
      return pruneKeys[grain].run(siteId, JSON.stringify(keep)).changes;
    },

    exportPage: (siteId: number, afterId: number, limit: number): GscReportRow[] =>
      exportPage.all(siteId, afterId, limit),

    /** Stored rows matching the filter, by id. */
    rows(f: GscReportFilter, afterId: number, limit: number): GscReportRow[] {
      const w = filterSql(f, 'g');
      return prepared<(string | number)[], GscReportRow>(
        `SELECT g.id, g.url_id AS page_id, u.url, g.query, g.date, g.clicks, g.impressions, g.ctr, g.position,
             g.grain
           FROM gsc_rows g LEFT JOIN urls u ON u.id = g.url_id
           WHERE ${w.sql} AND g.id > ? ORDER BY g.id LIMIT ?`,
      ).all(...w.args, afterId, limit);
    },

    /** Totals per page, query or date; page and query groups by clicks (descending), dates in order. */
    grouped(f: GscReportFilter, by: keyof typeof GROUPS, after: GscAfter, limit: number): GscReportRow[] {
      const g = GROUPS[by];
      const w = filterSql(f, 'g');
      const parts = [
        `SELECT g.${g.col} AS k, ${SUMS}, 'pqd' AS grain FROM gsc_rows g
         WHERE ${w.sql} AND g.grain = 'pqd' GROUP BY g.${g.col}`,
      ];
      const args = [...w.args];
      // An imported total has no other dimensions, so any filter on them rules it out.
      if (!g.excludedBy.some((key) => f[key] !== undefined)) {
        parts.push(
          `SELECT g.${g.col}, g.clicks, g.impressions, g.position, g.grain FROM gsc_rows g
           WHERE ${w.sql} AND g.grain = '${g.grain}' AND NOT EXISTS (
             SELECT 1 FROM gsc_rows d WHERE d.site_id = g.site_id AND d.grain = 'pqd' AND d.${g.col} = g.${g.col})`,
        );
        args.push(...w.args);
      }
      const order = by === 'date' ? 't.k ASC' : 't.clicks DESC, t.k ASC';
      let keyset = '';
      if (after && by === 'date') {
        keyset = 'WHERE t.k > ?';
        args.push(after[0]!);
      } else if (after) {
        keyset = 'WHERE (t.clicks < ? OR (t.clicks = ? AND t.k > ?))';
        args.push(after[0]!, after[0]!, after[1]!);
      }
      const url = by === 'page' ? 'u.url' : 'NULL';
      const join = by === 'page' ? 'LEFT JOIN urls u ON u.id = t.k' : '';
      return prepared<(string | number)[], GscReportRow & { k: string | number }>(
        `SELECT t.k, t.clicks, t.impressions, t.position, t.grain, ${url} AS url, NULL AS ctr, 0 AS id
           FROM (${parts.join(' UNION ALL ')}) t ${join} ${keyset} ORDER BY ${order} LIMIT ?`,
      )
        .all(...args, limit)
        .map(({ k, ...r }) => ({
          ...r,
          page_id: by === 'page' ? (k as number) : null,
          query: by === 'query' ? (k as string) : null,
          date: by === 'date' ? (k as string) : null,
        }));
    },
  };
}
export type GscRowsRepo = ReturnType<typeof gscRowsRepo>;
