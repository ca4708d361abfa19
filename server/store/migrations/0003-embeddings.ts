/**
 * Embeddings in sqlite-vec: one vector per page and one per passage (cosine distance), partitioned by site so
 * a site's search never scans another's vectors. vec0 tables take no foreign keys, so triggers remove vectors
 * with their page or passage. `page_embeddings` records which content hash and model a page was embedded
 * from, so only changed pages are embedded again.
 */
export const EMBEDDING_DIM = 384;

export default {
  id: 3,
  name: 'embeddings',
  sql: `
    CREATE TABLE page_embeddings (
      page_id      INTEGER PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
      site_id      INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
      content_hash TEXT,
      model        TEXT NOT NULL,
      passages     INTEGER NOT NULL,
      embedded_at  TEXT NOT NULL
    );
    CREATE INDEX page_embeddings_site ON page_embeddings(site_id);

    CREATE TABLE passages (
      id       INTEGER PRIMARY KEY,
      page_id  INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      site_id  INTEGER NOT NULL,
      ord      INTEGER NOT NULL,
      text     TEXT NOT NULL
    );
    CREATE INDEX passages_page ON passages(page_id, ord);

    CREATE VIRTUAL TABLE page_vectors USING vec0(
      page_id INTEGER PRIMARY KEY,
      site_id INTEGER PARTITION KEY,
      embedding float[${EMBEDDING_DIM}] distance_metric=cosine
    );
    CREATE VIRTUAL TABLE passage_vectors USING vec0(
      passage_id INTEGER PRIMARY KEY,
      site_id INTEGER PARTITION KEY,
      embedding float[${EMBEDDING_DIM}] distance_metric=cosine
    );

    CREATE TRIGGER page_embeddings_delete AFTER DELETE ON page_embeddings BEGIN
      DELETE FROM page_vectors WHERE page_id = OLD.page_id;
    END;
    CREATE TRIGGER passages_delete AFTER DELETE ON passages BEGIN
      DELETE FROM passage_vectors WHERE passage_id = OLD.id;
    END;
  `,
};
