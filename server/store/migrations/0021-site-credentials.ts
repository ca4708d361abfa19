/**
 * HTTP credentials of a site, kept apart from its start URL. Until now `user:pass@` stayed in `sites.start_url`
 * (and in every URL the crawl resolved against it), so it was shown back by the API, the UI and exports. The
 * step after the SQL moves what existing rows hold: the site's credentials here, its start URL and its URLs
 * without them (a URL whose plain spelling the site already has keeps its row as it is, since merging the two
 * would lose one page's history).
 */
import type Database from 'better-sqlite3';
import { splitUrlCredentials } from '../url-credentials.js';

export default {
  id: 21,
  name: 'site-credentials',
  sql: `
    CREATE TABLE site_credentials (
      site_id   INTEGER PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
      username  TEXT NOT NULL,
      password  TEXT NOT NULL
    );
  `,
  run(db: Database.Database) {
    const sites = db.prepare(`SELECT id, start_url FROM sites WHERE start_url LIKE '%@%'`).all() as {
      id: number;
      start_url: string;
    }[];
    const setStart = db.prepare('UPDATE sites SET start_url = ? WHERE id = ?');
    const setAuth = db.prepare(
      'INSERT OR REPLACE INTO site_credentials (site_id, username, password) VALUES (?, ?, ?)',
    );
    const urls = db.prepare(`SELECT id, url FROM urls WHERE site_id = ? AND url LIKE '%@%'`);
    const setUrl = db.prepare('UPDATE OR IGNORE urls SET url = ? WHERE id = ?');
    for (const site of sites) {
      const { href, credentials } = splitUrlCredentials(site.start_url);
      if (!credentials) continue;
      setStart.run(href, site.id);
      setAuth.run(site.id, credentials.username, credentials.password);
      for (const row of urls.all(site.id) as { id: number; url: string }[]) {
        const plain = splitUrlCredentials(row.url);
        if (plain.credentials) setUrl.run(plain.href, row.id);
      }
    }
  },
};
