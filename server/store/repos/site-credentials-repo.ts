/** Rows of `site_credentials`: a site's HTTP credentials, read only by the crawl and never by a listing. */
import type { Db } from '../db.js';
import { statementCache } from '../statement-cache.js';
import type { UrlCredentials } from '../url-credentials.js';

export function siteCredentialsRepo(db: Db) {
  // Prepared on first use: a store is also built over databases from before migration 21 (the migration tests).
  const prepared = statementCache(db);
  return {
    get: (siteId: number): UrlCredentials | undefined =>
      prepared<[number], UrlCredentials>(
        'SELECT username, password FROM site_credentials WHERE site_id = ?',
      ).get(siteId),
    set: (siteId: number, c: UrlCredentials): void =>
      void prepared<[number, string, string], never>(
        `INSERT INTO site_credentials (site_id, username, password) VALUES (?, ?, ?)
         ON CONFLICT (site_id) DO UPDATE SET username = excluded.username, password = excluded.password`,
      ).run(siteId, c.username, c.password),
    clear: (siteId: number): void =>
      void prepared<[number], never>('DELETE FROM site_credentials WHERE site_id = ?').run(siteId),
  };
}
export type SiteCredentialsRepo = ReturnType<typeof siteCredentialsRepo>;
