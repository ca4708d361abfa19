/**
 * Rows of `robots_files`: each host's robots.txt as the site's latest crawl read it, kept so the audit can quote
 * the rule that blocked a URL. Written as the crawl reads each robots.txt; a fresh crawl clears the site's rows
 * first, so they are that crawl's.
 */
import type { Db } from '../db.js';
import { nowIso } from '../clock.js';
import { statementCache } from '../statement-cache.js';

/** robots.txt is cut here, as robots parsers (and the crawl's fetch of it) cut it. */
export const ROBOTS_BODY_MAX_CHARS = 512 * 1024;

export interface RobotsFileRow {
  site_id: number;
  origin: string;
  url: string;
  /** HTTP status; null when no HTTP answer came (DNS, refused, timeout, TLS …). */
  status: number | null;
  body: string;
  fetched_at: string;
}

/** Statements are prepared on first use (see audit-repo.ts: stores are built over older databases in tests). */
export function robotsFilesRepo(db: Db) {
  const prepared = statementCache(db);
  const put = () =>
    prepared<[number, string, string, number | null, string, string], never>(
      `INSERT INTO robots_files (site_id, origin, url, status, body, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (site_id, origin) DO UPDATE SET url = excluded.url, status = excluded.status,
         body = excluded.body, fetched_at = excluded.fetched_at`,
    );
  const clear = () => prepared<[number], never>('DELETE FROM robots_files WHERE site_id = ?');
  const get = () =>
    prepared<[number, string], RobotsFileRow>('SELECT * FROM robots_files WHERE site_id = ? AND origin = ?');

  return {
    /** Keeps how the robots.txt at `url` answered, replacing what an earlier read of its origin kept. */
    put(siteId: number, file: { url: string; status: number | null; body: string }): void {
      const origin = new URL(file.url).origin;
      put().run(siteId, origin, file.url, file.status, file.body.slice(0, ROBOTS_BODY_MAX_CHARS), nowIso());
    },
    /** Forgets the site's robots.txt files (a fresh crawl reads them again). */
    clear(siteId: number): void {
      clear().run(siteId);
    },
    /** The robots.txt the latest crawl read for `origin` (`https://host[:port]`), or null. */
    get(siteId: number, origin: string): RobotsFileRow | null {
      return get().get(siteId, origin) ?? null;
    },
  };
}
export type RobotsFilesRepo = ReturnType<typeof robotsFilesRepo>;
