/**
 * The int8 model became the default embedding variant (it embeds a site ~1.4× faster than fp32 with the same
 * verdicts: docs/benchmarks.md "Embedding a real site"). A variant is part of every stored vector's model id, so
 * a new default would re-embed every site of an existing database at its next embed job, unasked. A database
 * that already holds embeddings keeps fp32 as if its user had chosen it; the settings can switch it.
 */
export default {
  id: 26,
  name: 'keep-embedding-variant',
  sql: `
    INSERT OR IGNORE INTO app_settings (key, value)
    SELECT 'embedding_variant', '"fp32"' WHERE EXISTS (SELECT 1 FROM page_embeddings);
  `,
};
