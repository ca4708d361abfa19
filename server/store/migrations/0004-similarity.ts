/**
 * Similarity analyses. Each analysis is a run; pairs and clusters belong to a run, and `similarity_current`
 * points at a site's finished run, so a new analysis is written beside the old one and swapped in by one
 * update: readers never see half an analysis.
 */
export default {
  id: 4,
  name: 'similarity',
  sql: `
    CREATE TABLE similarity_runs (
      id          INTEGER PRIMARY KEY,
      site_id     INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
      reranker    TEXT NOT NULL,
      thresholds  TEXT NOT NULL,
      analyzed_at TEXT NOT NULL
    );
    CREATE TABLE similarity_current (
      site_id INTEGER PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
      run_id  INTEGER NOT NULL REFERENCES similarity_runs(id) ON DELETE CASCADE
    );
    CREATE TABLE similarity_pairs (
      id             INTEGER PRIMARY KEY,
      run_id         INTEGER NOT NULL REFERENCES similarity_runs(id) ON DELETE CASCADE,
      site_id        INTEGER NOT NULL,
      page_a         INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      page_b         INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      cosine         REAL NOT NULL,
      reranker       REAL NOT NULL,
      jaccard        REAL NOT NULL,
      outcome        TEXT NOT NULL CHECK (outcome IN ('duplicate', 'merge', 'related')),
      shared_queries INTEGER NOT NULL DEFAULT 0,
      CHECK (page_a < page_b)
    );
    CREATE INDEX similarity_pairs_run ON similarity_pairs(run_id, id);
    CREATE INDEX similarity_pairs_page_a ON similarity_pairs(page_a);
    CREATE INDEX similarity_pairs_page_b ON similarity_pairs(page_b);
    CREATE TABLE similarity_clusters (
      id                  INTEGER PRIMARY KEY,
      run_id              INTEGER NOT NULL REFERENCES similarity_runs(id) ON DELETE CASCADE,
      site_id             INTEGER NOT NULL,
      label               TEXT NOT NULL,
      representative_page INTEGER REFERENCES pages(id) ON DELETE SET NULL,
      mean_reranker       REAL NOT NULL,
      size                INTEGER NOT NULL
    );
    CREATE INDEX similarity_clusters_run ON similarity_clusters(run_id, id);
    CREATE TABLE similarity_cluster_pages (
      cluster_id INTEGER NOT NULL REFERENCES similarity_clusters(id) ON DELETE CASCADE,
      page_id    INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      score      REAL NOT NULL,
      PRIMARY KEY (cluster_id, page_id)
    );
    CREATE INDEX similarity_cluster_pages_page ON similarity_cluster_pages(page_id);
  `,
};
