/** `link_indexes`: a site's link index as the domain encoded it (link-index-codec.ts), with its version. */
import type { Db } from '../db.js';
import { statementCache } from '../statement-cache.js';

export interface StoredLinkIndex {
  version: string;
  urls: string;
  data: Buffer;
}

export function linkIndexesRepo(db: Db) {
  // Prepared on first use: the table comes with migration 24, and a store may be opened on an older schema.
  const prepared = statementCache(db, 8);
  return {
    get: (siteId: number): StoredLinkIndex | undefined =>
      prepared<[number], StoredLinkIndex>(
        'SELECT version, urls, data FROM link_indexes WHERE site_id = ?',
      ).get(siteId),
    put(siteId: number, index: StoredLinkIndex): void {
      prepared<[number, string, string, Buffer], never>(
        `INSERT INTO link_indexes (site_id, version, urls, data) VALUES (?, ?, ?, ?)
         ON CONFLICT(site_id) DO UPDATE SET version = excluded.version, urls = excluded.urls, data = excluded.data`,
      ).run(siteId, index.version, index.urls, index.data);
    },
    delete(siteId: number): void {
      prepared<[number], never>('DELETE FROM link_indexes WHERE site_id = ?').run(siteId);
    },
  };
}
