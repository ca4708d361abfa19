/**
 * The link graph's index of a site (domain/graph/link-index.ts) kept between runs: building it reads every page
 * and link of the site, about 3 s for 100,000 pages, while reading it back is a tenth of that. One row per site,
 * valid while `version` matches the site's links and pages (store/views/link-index-view.ts); a finished crawl
 * deletes it.
 */
export default {
  id: 24,
  name: 'link-indexes',
  sql: `
    CREATE TABLE link_indexes (
      site_id  INTEGER PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
      version  TEXT NOT NULL,
      urls     TEXT NOT NULL,
      data     BLOB NOT NULL
    );
  `,
};
