/**
 * A counter per site that moves whenever the site's page vectors change, whoever changes them (this server, a
 * `siteloupe crawl` in another process, a cascade from a deleted page or site). In-memory search indexes compare
 * it on every query to know whether they are still the table's exact copy.
 */
export default {
  id: 7,
  name: 'vector-generations',
  sql: `
    CREATE TABLE vector_generations (
      site_id    INTEGER PRIMARY KEY,
      generation INTEGER NOT NULL
    );
    CREATE TRIGGER page_embeddings_generation_insert AFTER INSERT ON page_embeddings BEGIN
      INSERT INTO vector_generations (site_id, generation) VALUES (NEW.site_id, 1)
        ON CONFLICT (site_id) DO UPDATE SET generation = generation + 1;
    END;
    CREATE TRIGGER page_embeddings_generation_delete AFTER DELETE ON page_embeddings BEGIN
      INSERT INTO vector_generations (site_id, generation) VALUES (OLD.site_id, 1)
        ON CONFLICT (site_id) DO UPDATE SET generation = generation + 1;
    END;
  `,
};
