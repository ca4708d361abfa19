/**
 * Rows of `extractors`: a site's custom extraction and search rules. `revision` grows whenever what a rule takes
 * changes (not its name), so a crawl that started with revision 3 does not mark revision 4 as extracted.
 */
import type { ExtractorKind, ExtractorSource } from '../../schemas/extraction.js';
import type { Db } from '../db.js';
import { statementCache } from '../statement-cache.js';
import { nowIso } from '../clock.js';

export interface ExtractorRow {
  id: number;
  site_id: number;
  name: string;
  kind: ExtractorKind;
  selector: string;
  take: string;
  all_values: number;
  source: ExtractorSource;
  stale: number;
  revision: number;
  created_at: string;
  updated_at: string;
}

export type ExtractorFields = Pick<ExtractorRow, 'name' | 'kind' | 'selector' | 'take' | 'source'> & {
  all: boolean;
};

/** Statements are prepared on first use: tests build a store over databases from before migration 23. */
export function extractorsRepo(db: Db) {
  const prepared = statementCache(db);
  const bySite = () =>
    prepared<[number], ExtractorRow>('SELECT * FROM extractors WHERE site_id = ? ORDER BY id');
  const byId = () => prepared<[number], ExtractorRow>('SELECT * FROM extractors WHERE id = ?');
  const byName = () =>
    prepared<[number, string], ExtractorRow>('SELECT * FROM extractors WHERE site_id = ? AND name = ?');
  const count = () =>
    prepared<[number], { n: number }>('SELECT COUNT(*) AS n FROM extractors WHERE site_id = ?');
  const insert = () =>
    prepared(
      `INSERT INTO extractors (site_id, name, kind, selector, take, all_values, source, stale, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  const update = () =>
    prepared(
      `UPDATE extractors SET name = ?, kind = ?, selector = ?, take = ?, all_values = ?, source = ?,
       stale = CASE WHEN ? THEN ? ELSE stale END, revision = revision + ?, updated_at = ? WHERE id = ?`,
    );
  const remove = () => prepared('DELETE FROM extractors WHERE id = ?');
  const fresh = () => prepared('UPDATE extractors SET stale = 0 WHERE id = ? AND revision = ?');

  return {
    list: (siteId: number): ExtractorRow[] => bySite().all(siteId),
    get: (id: number): ExtractorRow | undefined => byId().get(id),
    /** Names compare case-insensitively (the column's collation). */
    byName: (siteId: number, name: string): ExtractorRow | undefined => byName().get(siteId, name),
    count: (siteId: number): number => count().get(siteId)!.n,
    insert(siteId: number, f: ExtractorFields, stale: boolean): ExtractorRow {
      const now = nowIso();
      const info = insert().run(
        siteId,
        f.name,
        f.kind,
        f.selector,
        f.take,
        f.all ? 1 : 0,
        f.source,
        stale ? 1 : 0,
        now,
        now,
      );
      return byId().get(Number(info.lastInsertRowid))!;
    },
    /** `redefined`: what the rule takes changed, so its stored values are `stale` (when the site has pages). */
    update(id: number, f: ExtractorFields, redefined: boolean, stale: boolean): ExtractorRow | undefined {
      update().run(
        f.name,
        f.kind,
        f.selector,
        f.take,
        f.all ? 1 : 0,
        f.source,
        redefined ? 1 : 0,
        stale ? 1 : 0,
        redefined ? 1 : 0,
        nowIso(),
        id,
      );
      return byId().get(id);
    },
    delete: (id: number): boolean => remove().run(id).changes > 0,
    /** The rules a crawl or an apply ran, as they were then: the stored values are theirs now. */
    markFresh(rules: readonly { id: number; revision: number }[]): void {
      for (const r of rules) fresh().run(r.id, r.revision);
    },
  };
}
export type ExtractorsRepo = ReturnType<typeof extractorsRepo>;
