/**
 * Rows of `sitemap_entries`: which sitemap file listed which URL of a site. A crawl clears a site's entries when
 * it starts and again when it reads the sitemaps (a resumed crawl reads them whole again), so they always say
 * what the latest crawl's sitemaps listed; a crawl that reads no sitemaps leaves none.
 */
import type { Db } from '../db.js';
import { statementCache } from '../statement-cache.js';

export interface SitemapEntry {
  url_id: number;
  sitemap_url: string;
}

/**
 * Statements are prepared on first use, as every statement on a table a later migration added: tests build a store
 * over a database an older migration left, which has no `sitemap_entries`.
 */
export function sitemapEntriesRepo(db: Db) {
  const prepared = statementCache(db);
  const clearSite = () =>
    prepared<[number], never>(
      'DELETE FROM sitemap_entries WHERE url_id IN (SELECT id FROM urls WHERE site_id = ?)',
    );
  const insert = () =>
    prepared<[number, string], never>(
      'INSERT OR IGNORE INTO sitemap_entries (url_id, sitemap_url) VALUES (?, ?)',
    );
  const ofUrl = () =>
    prepared<[number], SitemapEntry>(
      'SELECT url_id, sitemap_url FROM sitemap_entries WHERE url_id = ? ORDER BY sitemap_url',
    );
  return {
    /** Forgets what the site's sitemaps listed (inside the caller's transaction). */
    clearSite: (siteId: number): number => clearSite().run(siteId).changes,
    /** Records that `sitemapUrl` lists URL `urlId` (inside the caller's transaction); repeats are ignored. */
    add(urlId: number, sitemapUrl: string): void {
      insert().run(urlId, sitemapUrl);
    },
    /** The sitemaps listing a URL, by sitemap URL. */
    sitemapsOf: (urlId: number): string[] =>
      ofUrl()
        .all(urlId)
        .map((r) => r.sitemap_url),
  };
}
export type SitemapEntriesRepo = ReturnType<typeof sitemapEntriesRepo>;
