/**
 * What the crawl fetches that is not a page (#35): the images, stylesheets, scripts and fonts the site's pages
 * load, and the external URLs its pages link to. `resources` holds one row per site and URL with how its one
 * check this crawl went (`checked` 0 until then: a new crawl sets every row back to 0, a resumed one carries on
 * with the rest); `resource_uses` says which page loads which resource as what, replaced with the page and gone
 * with it. External link targets are rows of `resources` too (their uses are the `links` rows to the URL), so a
 * URL that is both an image and a link target is fetched once. Resources are no pages: no `urls` or `pages` row,
 * so no page list, count or statistic sees them.
 */
export default {
  id: 33,
  name: 'resources',
  sql: `
    CREATE TABLE resources (
      id            INTEGER PRIMARY KEY,
      site_id       INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
      url           TEXT NOT NULL,
      checked       INTEGER NOT NULL DEFAULT 0,
      status_code   INTEGER,
      fetch_error   TEXT,
      content_type  TEXT,
      bytes         INTEGER,
      -- bytes counted up to the check's cap, not read from Content-Length: the resource is at least this large
      bytes_capped  INTEGER NOT NULL DEFAULT 0,
      method        TEXT,
      response_ms   INTEGER,
      checked_at    TEXT,
      UNIQUE (site_id, url)
    );
    CREATE INDEX resources_pending ON resources(site_id, checked, id);

    CREATE TABLE resource_uses (
      resource_id  INTEGER NOT NULL REFERENCES resources(id) ON DELETE CASCADE,
      page_id      INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      kind         TEXT NOT NULL,
      PRIMARY KEY (resource_id, page_id, kind)
    ) WITHOUT ROWID;
    CREATE INDEX resource_uses_page ON resource_uses(page_id);
  `,
};
