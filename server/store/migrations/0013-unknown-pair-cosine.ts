/**
 * A similarity pair's `cosine` is NULL when either page has no page embedding. Duplicates are found by main-text
 * hash and MinHash on every page with text, embedded or not (a non-indexable `?color=red` copy canonicalised to
 * its page is never embedded), and such a pair stored a cosine of 0: an unknown value shown, filtered by
 * `min_cosine` and sorted as if the two pages meant nothing alike.
 *
 * SQLite cannot drop a NOT NULL constraint, so `similarity_pairs` is rebuilt (columns in order, ids kept, indexes
 * recreated). No table references it, so foreign keys can stay on: dropping a child table cascades nothing.
 * Stored rows are corrected where the database can tell: a cosine of exactly 0 (a computed cosine of real
 * embeddings practically never is) where a page has no `page_embeddings` row now. A page embedded since the
 * analysis keeps its 0 until the next analysis, which writes NULL or the real cosine.
 */
export default {
  id: 13,
  name: 'unknown-pair-cosine',
  sql: `
    CREATE TABLE similarity_pairs_rebuilt (
      id             INTEGER PRIMARY KEY,
      run_id         INTEGER NOT NULL REFERENCES similarity_runs(id) ON DELETE CASCADE,
      site_id        INTEGER NOT NULL,
      page_a         INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      page_b         INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      cosine         REAL,                 -- NULL: a page has no embedding, so the cosine is unknown
      reranker       REAL NOT NULL,
      jaccard        REAL NOT NULL,
      outcome        TEXT NOT NULL CHECK (outcome IN ('duplicate', 'merge', 'related')),
      shared_queries INTEGER NOT NULL DEFAULT 0,
      CHECK (page_a < page_b)
    );
    INSERT INTO similarity_pairs_rebuilt (id, run_id, site_id, page_a, page_b, cosine, reranker, jaccard, outcome,
        shared_queries)
      SELECT id, run_id, site_id, page_a, page_b,
        CASE WHEN cosine = 0 AND (
          NOT EXISTS (SELECT 1 FROM page_embeddings e WHERE e.page_id = page_a)
          OR NOT EXISTS (SELECT 1 FROM page_embeddings e WHERE e.page_id = page_b)
        ) THEN NULL ELSE cosine END,
        reranker, jaccard, outcome, shared_queries
      FROM similarity_pairs;
    DROP TABLE similarity_pairs;
    ALTER TABLE similarity_pairs_rebuilt RENAME TO similarity_pairs;
    CREATE INDEX similarity_pairs_run ON similarity_pairs(run_id, id);
    CREATE INDEX similarity_pairs_page_a ON similarity_pairs(page_a);
    CREATE INDEX similarity_pairs_page_b ON similarity_pairs(page_b);
  `,
};
