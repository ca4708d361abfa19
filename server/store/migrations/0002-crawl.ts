/**
 * Crawl storage. `urls` is both the frontier and the registry of every URL known for a site (ids stay stable
 * across crawls so embeddings and campaign targets keep pointing at the same page); `pages` holds what a fetch
 * found (same id as its URL); `page_content` keeps the large main text apart so page lists stay fast; `links`
 * holds deduplicated edges per (source, target, kind).
 */
export default {
  id: 2,
  name: 'crawl',
  sql: `
    CREATE TABLE urls (
      id            INTEGER PRIMARY KEY,
      site_id       INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
      url           TEXT NOT NULL,
      internal      INTEGER NOT NULL,
      state         TEXT NOT NULL CHECK (state IN ('queued','fetching','done','skipped','stale')),
      reason        TEXT,                 -- why a URL was not fetched (skipped)
      depth         INTEGER,
      priority      INTEGER NOT NULL,     -- frontier order: depth, or a large number for sitemap-only URLs
      sources       INTEGER NOT NULL DEFAULT 0,   -- bit set, see url-sources.ts
      followable    INTEGER NOT NULL DEFAULT 0,   -- reached through a link the crawler follows
      first_seen_at TEXT NOT NULL,
      UNIQUE (site_id, url)
    );
    CREATE INDEX urls_frontier ON urls(site_id, state, priority, id);

    CREATE TABLE pages (
      id                    INTEGER PRIMARY KEY REFERENCES urls(id) ON DELETE CASCADE,
      site_id               INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
      url                   TEXT NOT NULL,
      status_code           INTEGER,
      fetch_error           TEXT,
      content_type          TEXT,
      encoding              TEXT,
      depth                 INTEGER,
      title                 TEXT,
      meta_description      TEXT,
      h1                    TEXT,
      headings              TEXT NOT NULL DEFAULT '[]',
      canonical_url         TEXT,
      canonical_state       TEXT,
      meta_robots           TEXT,
      x_robots_tag          TEXT,
      indexable             INTEGER NOT NULL DEFAULT 0,
      indexability_reason   TEXT,
      hreflang              TEXT NOT NULL DEFAULT '[]',
      structured_data_types TEXT NOT NULL DEFAULT '[]',
      word_count            INTEGER NOT NULL DEFAULT 0,
      language              TEXT,
      bytes                 INTEGER,
      truncated             INTEGER NOT NULL DEFAULT 0,
      response_ms           INTEGER,
      content_hash          TEXT,
      redirect_target       TEXT,
      redirect_chain        TEXT NOT NULL DEFAULT '[]',
      rendered              INTEGER NOT NULL DEFAULT 0,
      inlinks               INTEGER NOT NULL DEFAULT 0,
      outlinks              INTEGER NOT NULL DEFAULT 0,
      crawled_at            TEXT NOT NULL
    );
    CREATE INDEX pages_site ON pages(site_id, id);
    CREATE INDEX pages_site_status ON pages(site_id, status_code);
    CREATE INDEX pages_site_hash ON pages(site_id, content_hash);

    CREATE TABLE page_content (
      page_id    INTEGER PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
      main_text  TEXT NOT NULL,
      minhash    BLOB
    );

    CREATE TABLE links (
      id          INTEGER PRIMARY KEY,
      site_id     INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
      source_id   INTEGER NOT NULL REFERENCES urls(id) ON DELETE CASCADE,
      target_id   INTEGER NOT NULL REFERENCES urls(id) ON DELETE CASCADE,
      edge_kind   TEXT NOT NULL,
      anchor_text TEXT,
      nofollow    INTEGER NOT NULL DEFAULT 0,
      count       INTEGER NOT NULL DEFAULT 1,
      UNIQUE (source_id, target_id, edge_kind)
    );
    CREATE INDEX links_site ON links(site_id, id);
    CREATE INDEX links_target ON links(target_id, edge_kind);
  `,
};
