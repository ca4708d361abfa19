/**
 * Search Console performance rows. One table holds every grain the data comes in: the API sync gives
 * page × query × date (`pqd`), while the UI export gives separate totals by page, by query and by date. Each row
 * says its grain and only the dimensions of that grain are set, so a reader aggregates one grain at a time and
 * never adds a page's export total to the same page's API rows. The unique index over the grain and its
 * dimensions is the natural key that sync and import upsert on, so repeating either changes nothing.
 * Page URLs are registered in `urls` (source bit `gsc`), and `url_id` points there, so rows join to pages.
 */
export default {
  id: 5,
  name: 'gsc',
  sql: `
    CREATE TABLE gsc_rows (
      id          INTEGER PRIMARY KEY,
      site_id     INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
      grain       TEXT NOT NULL CHECK (grain IN ('pqd', 'page', 'query', 'date')),
      url_id      INTEGER REFERENCES urls(id) ON DELETE CASCADE,
      query       TEXT,
      date        TEXT,
      clicks      REAL NOT NULL,
      impressions REAL NOT NULL,
      ctr         REAL NOT NULL,
      position    REAL NOT NULL,
      origin      TEXT NOT NULL CHECK (origin IN ('api', 'import')),
      updated_at  TEXT NOT NULL,
      CHECK ((grain IN ('pqd', 'page')) = (url_id IS NOT NULL)),
      CHECK ((grain IN ('pqd', 'query')) = (query IS NOT NULL)),
      CHECK ((grain IN ('pqd', 'date')) = (date IS NOT NULL))
    );
    CREATE UNIQUE INDEX gsc_rows_key
      ON gsc_rows(site_id, grain, IFNULL(url_id, 0), IFNULL(query, ''), IFNULL(date, ''));
    CREATE INDEX gsc_rows_url ON gsc_rows(url_id, grain, date);
    CREATE INDEX gsc_rows_query ON gsc_rows(site_id, grain, query);
    CREATE INDEX gsc_rows_date ON gsc_rows(site_id, grain, date);
  `,
};
