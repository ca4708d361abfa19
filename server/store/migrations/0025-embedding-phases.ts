/**
 * Embedding runs in two phases so a crawled site is searchable in seconds: first every new page gets a page
 * vector from its title and lead, then every page's passages are embedded and its page vector recomputed from
 * them. `passages_pending` marks a page between the two (it has a page vector, no passages yet); the embed job
 * finishes them, and a cancelled job's next run resumes them.
 */
export default {
  id: 25,
  name: 'embedding-phases',
  sql: `
    ALTER TABLE page_embeddings ADD COLUMN passages_pending INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX page_embeddings_pending ON page_embeddings(site_id, page_id) WHERE passages_pending = 1;
  `,
};
