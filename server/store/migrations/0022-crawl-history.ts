/**
 * Crawl history. Every finished spider crawl is a snapshot (`crawl_snapshots`, keyed by the crawl job's id) of
 * each page's state: what an analyst compares between two crawls. States are stored as changes only: a URL has
 * a row in `url_states` for a crawl when its state differs from its state at the previous snapshot, and a row
 * with `present = 0` when it is gone. A URL's state at a crawl is its latest row at or before that crawl, so ten
 * weekly crawls of a site where little changes cost little more than one.
 *
 * Rows are keyed by URL text rather than by URL id: a URL swept by one crawl and found again by a later one gets
 * a new id, and must still read as the same page. `url_id` is the id it had then. `content_cosine` is the cosine
 * between the page's embedding before and after its text changed, written by the embedding job when it replaces
 * the vector (null until then, or when the site is not embedded).
 */
export default {
  id: 22,
  name: 'crawl-history',
  sql: `
    CREATE TABLE crawl_snapshots (
      crawl_id     INTEGER PRIMARY KEY,
      site_id      INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
      finished_at  TEXT NOT NULL,
      urls         INTEGER NOT NULL,
      changed      INTEGER NOT NULL
    );
    CREATE INDEX crawl_snapshots_site ON crawl_snapshots(site_id, crawl_id);

    CREATE TABLE url_states (
      site_id              INTEGER NOT NULL,
      url                  TEXT NOT NULL,
      crawl_id             INTEGER NOT NULL REFERENCES crawl_snapshots(crawl_id) ON DELETE CASCADE,
      url_id               INTEGER NOT NULL,
      present              INTEGER NOT NULL,
      status_code          INTEGER,
      fetch_error          TEXT,
      redirect_target      TEXT,
      title                TEXT,
      meta_description     TEXT,
      h1                   TEXT,
      canonical_url        TEXT,
      indexable            INTEGER,
      indexability_reason  TEXT,
      word_count           INTEGER,
      content_hash         TEXT,
      inlinks              INTEGER,
      outlinks             INTEGER,
      depth                INTEGER,
      content_cosine       REAL,
      PRIMARY KEY (site_id, url, crawl_id)
    ) WITHOUT ROWID;
    CREATE INDEX url_states_crawl ON url_states(crawl_id);
  `,
};
