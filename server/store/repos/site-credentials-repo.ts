/**
 * Rows of `site_credentials`: a site's HTTP user name and whether it has a password. The password itself is in
 * the data dir's secret store (`server/domain/sites/site-passwords.ts`, migration 30), never in the database.
 */
import type { Db } from '../db.js';
import { statementCache } from '../statement-cache.js';

export interface SiteLogin {
  username: string;
  has_password: boolean;
}

export function siteCredentialsRepo(db: Db) {
  // Prepared on first use: a store is also built over databases from before migrations 21 and 30 (their tests).
  const prepared = statementCache(db);
  return {
    get: (siteId: number): SiteLogin | undefined => {
      const row = prepared<[number], { username: string; has_password: number }>(
        'SELECT username, has_password FROM site_credentials WHERE site_id = ?',
      ).get(siteId);
      return row && { username: row.username, has_password: row.has_password === 1 };
    },
    set: (siteId: number, login: SiteLogin): void =>
      void prepared<[number, string, number], never>(
        `INSERT INTO site_credentials (site_id, username, has_password) VALUES (?, ?, ?)
         ON CONFLICT (site_id) DO UPDATE SET username = excluded.username, has_password = excluded.has_password`,
      ).run(siteId, login.username, login.has_password ? 1 : 0),
    /** The sites whose password the secret store should hold. */
    withPassword: (): number[] =>
      prepared<[], { site_id: number }>('SELECT site_id FROM site_credentials WHERE has_password = 1')
        .all()
        .map((r) => r.site_id),
    clear: (siteId: number): void =>
      void prepared<[number], never>('DELETE FROM site_credentials WHERE site_id = ?').run(siteId),
  };
}
export type SiteCredentialsRepo = ReturnType<typeof siteCredentialsRepo>;
