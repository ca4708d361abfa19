/**
 * Which sitemap file listed each URL, so the audit can say which sitemap to fix (`sitemap_non_indexable`,
 * `orphan_in_sitemap`); the `sitemap` bit of `urls.sources` only says that some sitemap did. A URL's id names its
 * site, so there is no site column: a site's entries are found through `urls` by the primary key. Rows are
 * replaced whenever a crawl reads the sitemaps again (repos/sitemap-entries-repo.ts).
 */
export default {
  id: 19,
  name: 'sitemap-entries',
  sql: `
    CREATE TABLE sitemap_entries (
      url_id      INTEGER NOT NULL REFERENCES urls(id) ON DELETE CASCADE,
      sitemap_url TEXT NOT NULL,
      PRIMARY KEY (url_id, sitemap_url)
    ) WITHOUT ROWID;
  `,
};
