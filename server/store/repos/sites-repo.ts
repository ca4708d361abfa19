/** Rows of `sites`. Settings are stored as the user's overrides only (JSON). */
import type { Db } from '../db.js';
import { nowIso } from '../clock.js';

export interface SiteRow {
  id: number;
  name: string;
  start_url: string;
  origin: string;
  settings: string;
  created_at: string;
  updated_at: string;
}

export interface SiteInsert {
  name: string;
  start_url: string;
  origin: string;
  settings: Record<string, unknown>;
}

export function sitesRepo(db: Db) {
  const byId = db.prepare<[number], SiteRow>('SELECT * FROM sites WHERE id = ?');
  const page = db.prepare<[number, number], SiteRow>('SELECT * FROM sites WHERE id > ? ORDER BY id LIMIT ?');
  const insert = db.prepare(
    'INSERT INTO sites (name, start_url, origin, settings, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const update = db.prepare(
    'UPDATE sites SET name = ?, start_url = ?, origin = ?, settings = ?, updated_at = ? WHERE id = ?',
  );
  const remove = db.prepare('DELETE FROM sites WHERE id = ?');

  return {
    get: (id: number): SiteRow | undefined => byId.get(id),
    /** Keyset page by id; fetch one extra row to know whether there is a next page. */
    listAfter: (afterId: number, limit: number): SiteRow[] => page.all(afterId, limit),
    insert(site: SiteInsert): SiteRow {
      const now = nowIso();
      const info = insert.run(
        site.name,
        site.start_url,
        site.origin,
        JSON.stringify(site.settings),
        now,
        now,
      );
      return byId.get(Number(info.lastInsertRowid))!;
    },
    update(id: number, site: SiteInsert): SiteRow | undefined {
      update.run(site.name, site.start_url, site.origin, JSON.stringify(site.settings), nowIso(), id);
      return byId.get(id);
    },
    delete: (id: number): boolean => remove.run(id).changes > 0,
  };
}
export type SitesRepo = ReturnType<typeof sitesRepo>;
