/**
 * Rows of `sites`. Settings are stored as the user's overrides only (a JSON column, parsed here); the domain
 * merges them over the defaults.
 */
import { MIN_REQUESTS_PER_SECOND, type StoredSiteSettings } from '../../schemas/sites.js';
import type { Db } from '../db.js';
import { nowIso } from '../clock.js';

export interface SiteRow {
  id: number;
  name: string;
  start_url: string;
  origin: string;
  /** The settings the user set; absent keys take the defaults. */
  settings: StoredSiteSettings;
  created_at: string;
  updated_at: string;
}

/** The row as stored: `settings` as JSON text. */
type StoredSite = Omit<SiteRow, 'settings'> & { settings: string };

export type SiteInsert = Pick<SiteRow, 'name' | 'start_url' | 'origin' | 'settings'>;

/**
 * A rate stored before the setting had a floor (1e-9 meant every request at once) is read as the floor, so the
 * site keeps crawling politely instead of failing the settings' validation at its next crawl.
 */
function storedSettings(json: string): StoredSiteSettings {
  const s = JSON.parse(json) as StoredSiteSettings;
  const rate = s.max_requests_per_second;
  return typeof rate === 'number' && rate < MIN_REQUESTS_PER_SECOND
    ? { ...s, max_requests_per_second: MIN_REQUESTS_PER_SECOND }
    : s;
}

const toSite = (row: StoredSite): SiteRow => ({ ...row, settings: storedSettings(row.settings) });
const toSiteOrUndefined = (row: StoredSite | undefined): SiteRow | undefined => row && toSite(row);

export function sitesRepo(db: Db) {
  const byId = db.prepare<[number], StoredSite>('SELECT * FROM sites WHERE id = ?');
  const page = db.prepare<[number, number], StoredSite>(
    'SELECT * FROM sites WHERE id > ? ORDER BY id LIMIT ?',
  );
  const insert = db.prepare(
    'INSERT INTO sites (name, start_url, origin, settings, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const update = db.prepare(
    'UPDATE sites SET name = ?, start_url = ?, origin = ?, settings = ?, updated_at = ? WHERE id = ?',
  );
  const remove = db.prepare('DELETE FROM sites WHERE id = ?');

  return {
    get: (id: number): SiteRow | undefined => toSiteOrUndefined(byId.get(id)),
    /** Keyset page by id; fetch one extra row to know whether there is a next page. */
    listAfter: (afterId: number, limit: number): SiteRow[] => page.all(afterId, limit).map(toSite),
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
      return toSite(byId.get(Number(info.lastInsertRowid))!);
    },
    update(id: number, site: SiteInsert): SiteRow | undefined {
      update.run(site.name, site.start_url, site.origin, JSON.stringify(site.settings), nowIso(), id);
      return toSiteOrUndefined(byId.get(id));
    },
    delete: (id: number): boolean => remove.run(id).changes > 0,
  };
}
export type SitesRepo = ReturnType<typeof sitesRepo>;
