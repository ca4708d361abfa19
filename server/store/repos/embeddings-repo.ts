/**
 * Page and passage vectors in sqlite-vec. vec0 primary keys must be bound as BigInt (a JS number binds as a
 * float); k-nearest-neighbour queries are scoped by the site partition when a site is given.
 */
import type { Page } from '../../schemas/pages.js';
import type { Db } from '../db.js';
import { nowIso } from '../clock.js';
import { statementCache } from '../statement-cache.js';
import { vectorView } from '../vector-blob.js';

export interface PageToEmbed {
  id: number;
  title: string | null;
  h1: string | null;
  headings: Page['headings'];
  content_hash: string | null;
  main_text: string;
  url: string;
  /** 1 when the page has a vector of this model for other text: its text changed since it was embedded. */
  text_changed: 0 | 1;
}

/**
 * A page whose vectors are missing or out of date for model `?`: never embedded, another model, other text, or
 * only its lead embedded so far (passages pending).
 */
const STALE = `e.page_id IS NULL OR e.model != ? OR e.content_hash IS NOT p.content_hash OR e.passages_pending = 1`;

/** A page row as read: its headings stored as JSON. */
type PageRow = Omit<PageToEmbed, 'headings'> & { headings: string };

const withHeadings = (p: PageRow): PageToEmbed => ({
  ...p,
  headings: JSON.parse(p.headings) as Page['headings'],
});

/** Pages that can be embedded: fetched, successful, indexable HTML. */
export const EMBEDDABLE = `p.indexable = 1 AND p.status_code BETWEEN 200 AND 299
  AND p.content_type IN ('text/html', 'application/xhtml+xml')`;

/**
 * The pages a search finds now, over `pages p LEFT JOIN page_embeddings e` filtered by `EMBEDDABLE`: those with a
 * vector, a lead one included while their passages are pending. The site's "embedded" figure and a search's
 * coverage both count this, so they cannot disagree (#37: the figure read 0 while 192 pages were searchable).
 */
export const SEARCHABLE_COUNT = 'COUNT(e.page_id)';

export function embeddingsRepo(db: Db) {
  // Statements on `passages_pending` (migration 25) are prepared on first use: tests build a store over a
  // database an older migration left.
  const prepared = statementCache(db);
  const toEmbed = () =>
    prepared<[string, number, string, number, number], PageRow>(
      `SELECT p.id, p.title, p.h1, p.headings, p.content_hash, c.main_text, p.url,
       (e.page_id IS NOT NULL AND e.model = ? AND e.content_hash IS NOT p.content_hash
         AND e.passages_pending = 0) AS text_changed
     FROM pages p JOIN page_content c ON c.page_id = p.id
     LEFT JOIN page_embeddings e ON e.page_id = p.id
     WHERE p.site_id = ? AND ${EMBEDDABLE} AND (${STALE})
       AND p.id > ? ORDER BY p.id LIMIT ?`,
    );
  const countToEmbed = () =>
    prepared<[number, string], { n: number }>(
      `SELECT COUNT(*) AS n FROM pages p LEFT JOIN page_embeddings e ON e.page_id = p.id
     WHERE p.site_id = ? AND ${EMBEDDABLE} AND (${STALE})`,
    );
  /**
   * The bytes a full embedding of those pages reads (title, h1 and text): what its time follows. `octet_length`
   * reads the size from each record's header: 0.7 ms for PostgreSQL's 1,169 pages, where `length` (characters)
   * reads every text, 85–150 ms.
   */
  const bytesToEmbed = () =>
    prepared<[number, string], { n: number }>(
      `SELECT COALESCE(SUM(octet_length(COALESCE(p.title, '')) + octet_length(COALESCE(p.h1, ''))
         + octet_length(c.main_text)), 0) AS n
     FROM pages p JOIN page_content c ON c.page_id = p.id
     LEFT JOIN page_embeddings e ON e.page_id = p.id
     WHERE p.site_id = ? AND ${EMBEDDABLE} AND (${STALE})`,
    );
  /** Embeddable pages, those with a vector, and those whose passages are pending: what a search covers. */
  const coverageSql = (where: string) =>
    `SELECT COUNT(*) AS pages, ${SEARCHABLE_COUNT} AS searchable,
       COALESCE(SUM(e.passages_pending), 0) AS pending
     FROM pages p LEFT JOIN page_embeddings e ON e.page_id = p.id
     WHERE ${where}${EMBEDDABLE}`;
  const coverageSite = () =>
    prepared<[number], { pages: number; searchable: number; pending: number }>(
      coverageSql('p.site_id = ? AND '),
    );
  const coverageAll = () =>
    prepared<[], { pages: number; searchable: number; pending: number }>(coverageSql(''));
  const unvectored = db.prepare<[number, number, number], PageRow>(
    `SELECT p.id, p.title, p.h1, p.headings, p.content_hash, c.main_text, p.url, 0 AS text_changed
     FROM pages p JOIN page_content c ON c.page_id = p.id
     LEFT JOIN page_embeddings e ON e.page_id = p.id
     WHERE p.site_id = ? AND ${EMBEDDABLE} AND e.page_id IS NULL
       AND p.id > ? ORDER BY p.id LIMIT ?`,
  );
  const countUnvectored = db.prepare<[number], { n: number }>(
    `SELECT COUNT(*) AS n FROM pages p LEFT JOIN page_embeddings e ON e.page_id = p.id
     WHERE p.site_id = ? AND ${EMBEDDABLE} AND e.page_id IS NULL`,
  );
  const countPending = () =>
    prepared<[number], { n: number }>(
      'SELECT COUNT(*) AS n FROM page_embeddings WHERE site_id = ? AND passages_pending = 1',
    );
  const countPendingAll = () =>
    prepared<[], { n: number }>('SELECT COUNT(*) AS n FROM page_embeddings WHERE passages_pending = 1');
  const insertLeadEmbedding = () =>
    prepared<[number, number, string | null, string, string], never>(
      `INSERT INTO page_embeddings (page_id, site_id, content_hash, model, passages, embedded_at, passages_pending)
     VALUES (?, ?, ?, ?, 0, ?, 1)`,
    );
  const dropEmbeddings = db.prepare<[number, number]>(
    `DELETE FROM page_embeddings WHERE site_id = ? AND page_id NOT IN (SELECT p.id FROM pages p WHERE p.site_id = ? AND ${EMBEDDABLE})`,
  );
  const dropPassages = db.prepare<[number, number]>(
    `DELETE FROM passages WHERE site_id = ? AND page_id NOT IN (SELECT p.id FROM pages p WHERE p.site_id = ? AND ${EMBEDDABLE})`,
  );
  const deletePassages = db.prepare<[number]>('DELETE FROM passages WHERE page_id = ?');
  const deleteEmbedding = db.prepare<[number]>('DELETE FROM page_embeddings WHERE page_id = ?');
  const insertEmbedding = db.prepare<[number, number, string | null, string, number, string]>(
    'INSERT INTO page_embeddings (page_id, site_id, content_hash, model, passages, embedded_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertPageVector = db.prepare<[bigint, bigint, Float32Array]>(
    'INSERT INTO page_vectors (page_id, site_id, embedding) VALUES (?, ?, ?)',
  );
  const insertPassage = db.prepare<[number, number, number, string]>(
    'INSERT INTO passages (page_id, site_id, ord, text) VALUES (?, ?, ?, ?)',
  );
  const insertPassageVector = db.prepare<[bigint, bigint, Float32Array]>(
    'INSERT INTO passage_vectors (passage_id, site_id, embedding) VALUES (?, ?, ?)',
  );
  const pageVector = db.prepare<[bigint], { embedding: Buffer }>(
    'SELECT embedding FROM page_vectors WHERE page_id = ?',
  );
  const knnPagesSite = db.prepare<[Float32Array, number, bigint], { page_id: number; distance: number }>(
    'SELECT page_id, distance FROM page_vectors WHERE embedding MATCH ? AND k = ? AND site_id = ? ORDER BY distance',
  );
  const knnPagesAll = db.prepare<[Float32Array, number], { page_id: number; distance: number }>(
    'SELECT page_id, distance FROM page_vectors WHERE embedding MATCH ? AND k = ? ORDER BY distance',
  );
  const knnPassagesSite = db.prepare<
    [Float32Array, number, bigint],
    { passage_id: number; distance: number }
  >(
    'SELECT passage_id, distance FROM passage_vectors WHERE embedding MATCH ? AND k = ? AND site_id = ? ORDER BY distance',
  );
  const knnPassagesAll = db.prepare<[Float32Array, number], { passage_id: number; distance: number }>(
    'SELECT passage_id, distance FROM passage_vectors WHERE embedding MATCH ? AND k = ? ORDER BY distance',
  );
  const passage = db.prepare<[number], { id: number; page_id: number; text: string }>(
    'SELECT id, page_id, text FROM passages WHERE id = ?',
  );
  /**
   * Each listed page's passage nearest to a vector: only those pages' passages are read (the page index, then
   * one vec0 point lookup per passage), never a scan of the site. With MIN(), SQLite takes the bare `id` from
   * the row that holds the minimum.
   */
  const bestPassages = db.prepare<
    [Float32Array, string],
    { id: number; page_id: number; text: string; distance: number }
  >(
    `SELECT s.id, s.page_id, s.text, b.distance FROM (
       SELECT p.id, MIN(vec_distance_cosine(v.embedding, ?)) AS distance
       FROM passages p JOIN passage_vectors v ON v.passage_id = p.id
       WHERE p.page_id IN (SELECT value FROM json_each(?))
       GROUP BY p.page_id
     ) b JOIN passages s ON s.id = b.id`,
  );
  const siteVectors = db.prepare<[bigint], { page_id: number; embedding: Buffer }>(
    'SELECT page_id, embedding FROM page_vectors WHERE site_id = ?',
  );
  const embeddedCount = db.prepare<[number], { n: number }>(
    'SELECT COUNT(*) AS n FROM page_embeddings WHERE site_id = ?',
  );
  const generation = db.prepare<[number], { generation: number }>(
    'SELECT generation FROM vector_generations WHERE site_id = ?',
  );
  const generations = () =>
    prepared<[], string>(
      `SELECT site_id || ':' || generation FROM vector_generations ORDER BY site_id`,
    ).pluck();
  const vectorCount = db.prepare<[bigint], { n: number }>(
    'SELECT COUNT(*) AS n FROM page_vectors WHERE site_id = ?',
  );
  /** Every page vector of a site with the generation it belongs to, read in one snapshot. */
  const snapshot = db.transaction(
    (siteId: number, visit: (count: number) => (id: number, vector: Float32Array) => void): number => {
      const add = visit(vectorCount.get(BigInt(siteId))!.n);
      for (const r of siteVectors.iterate(BigInt(siteId))) add(r.page_id, vectorView(r.embedding));
      return generation.get(siteId)?.generation ?? 0;
    },
  );

  return {
    /** The next pages (after `afterId`) whose text or model changed since they were embedded. */
    pagesToEmbed: (siteId: number, model: string, afterId: number, limit: number): PageToEmbed[] =>
      toEmbed().all(model, siteId, model, afterId, limit).map(withHeadings),
    countToEmbed: (siteId: number, model: string): number => countToEmbed().get(siteId, model)!.n,
    bytesToEmbed: (siteId: number, model: string): number => bytesToEmbed().get(siteId, model)!.n,
    /** Of a site's embeddable pages (every site's, for null): how many have a vector, how many only a lead. */
    coverage: (siteId: number | null) =>
      (siteId === null ? coverageAll().get() : coverageSite().get(siteId))!,
    /** The next pages (after `afterId`) with no vector at all: the ones a lead vector makes searchable. */
    pagesWithoutVector: (siteId: number, afterId: number, limit: number): PageToEmbed[] =>
      unvectored.all(siteId, afterId, limit).map(withHeadings),
    countWithoutVector: (siteId: number): number => countUnvectored.get(siteId)!.n,
    /** Pages searchable by a lead vector whose passages are not embedded yet. */
    countPassagesPending: (siteId: number | null): number =>
      (siteId === null ? countPendingAll().get() : countPending().get(siteId))!.n,
    /**
     * Gives a page with no vector a provisional one from its title and lead (call inside a transaction); its
     * passages stay pending until `write` replaces both.
     */
    writeLead(
      siteId: number,
      page: { id: number; content_hash: string | null },
      model: string,
      v: Float32Array,
    ) {
      insertLeadEmbedding().run(page.id, siteId, page.content_hash, model, nowIso());
      insertPageVector.run(BigInt(page.id), BigInt(siteId), v);
    },
    /** Removes vectors of pages that are no longer embeddable (now noindex, gone, …). */
    dropUnembeddable: db.transaction((siteId: number) => {
      dropPassages.run(siteId, siteId);
      return dropEmbeddings.run(siteId, siteId).changes;
    }),
    /** Replaces a page's passages and vectors (call inside a transaction). */
    write(
      siteId: number,
      page: { id: number; content_hash: string | null },
      model: string,
      pageVec: Float32Array,
      passages: { text: string; vector: Float32Array }[],
    ): void {
      deletePassages.run(page.id);
      deleteEmbedding.run(page.id);
      insertEmbedding.run(page.id, siteId, page.content_hash, model, passages.length, nowIso());
      insertPageVector.run(BigInt(page.id), BigInt(siteId), pageVec);
      passages.forEach((p, i) => {
        const id = insertPassage.run(page.id, siteId, i, p.text).lastInsertRowid;
        insertPassageVector.run(BigInt(id), BigInt(siteId), p.vector);
      });
    },
    pageVector(pageId: number): Float32Array | null {
      const row = pageVector.get(BigInt(pageId));
      return row ? vectorView(row.embedding) : null;
    },
    knnPages: (v: Float32Array, k: number, siteId: number | null) =>
      siteId === null ? knnPagesAll.all(v, k) : knnPagesSite.all(v, k, BigInt(siteId)),
    knnPassages: (v: Float32Array, k: number, siteId: number | null) =>
      siteId === null ? knnPassagesAll.all(v, k) : knnPassagesSite.all(v, k, BigInt(siteId)),
    passage: (id: number) => passage.get(id),
    /** The passage of each page nearest to `v` (cosine distance), by page id; pages without passages are absent. */
    bestPassages(
      v: Float32Array,
      pageIds: number[],
    ): Map<number, { id: number; text: string; distance: number }> {
      const out = new Map<number, { id: number; text: string; distance: number }>();
      if (!pageIds.length) return out;
      for (const r of bestPassages.all(v, JSON.stringify(pageIds)))
        out.set(r.page_id, { id: r.id, text: r.text, distance: r.distance });
      return out;
    },
    embeddedCount: (siteId: number): number => embeddedCount.get(siteId)!.n,
    /** Moves whenever the site's page vectors change, from any connection (see migration 7). */
    vectorGeneration: (siteId: number): number => generation.get(siteId)?.generation ?? 0,
    /** Every site's vector generation, as one key that moves when any of them does. */
    vectorGenerations: (): string => generations().all().join(' '),
    /**
     * Streams a site's page vectors without copying them into JS arrays: `visit` learns the count first and
     * returns the consumer of each (id, vector view, valid only during the call). Returns the generation read.
     */
    readSiteVectors: (
      siteId: number,
      visit: (count: number) => (id: number, vector: Float32Array) => void,
    ): number => snapshot(siteId, visit),
    /** How many page vectors the site has. */
    vectorCount: (siteId: number): number => vectorCount.get(BigInt(siteId))!.n,
    /** Every page vector of a site (copied out of SQLite's buffers). */
    siteVectors: (siteId: number): { id: number; vector: Float32Array }[] =>
      siteVectors.all(BigInt(siteId)).map((r) => ({
        id: r.page_id,
        vector: new Float32Array(
          r.embedding.buffer.slice(r.embedding.byteOffset, r.embedding.byteOffset + r.embedding.byteLength),
        ),
      })),
  };
}
export type EmbeddingsRepo = ReturnType<typeof embeddingsRepo>;
