/**
 * Each host's robots.txt as the latest crawl read it, so the audit can say which rule blocked a URL
 * (`blocked_by_robots`): one row per site and origin, replaced when a crawl reads it again and cleared when a
 * fresh crawl of the site starts. `status` is null when no HTTP answer came (DNS, refused, timeout); `body` is
 * what was read, cut at 512 KiB as the crawl cuts it (docs/crawler.md, "Scope").
 */
export default {
  id: 18,
  name: 'robots-files',
  sql: `
    CREATE TABLE robots_files (
      site_id    INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
      origin     TEXT NOT NULL,
      url        TEXT NOT NULL,
      status     INTEGER,
      body       TEXT NOT NULL,
      fetched_at TEXT NOT NULL,
      PRIMARY KEY (site_id, origin)
    ) WITHOUT ROWID;
  `,
};
