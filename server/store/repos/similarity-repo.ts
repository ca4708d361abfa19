/** Similarity runs, pairs and clusters; a site's current run is switched in one statement. */
import type { Db } from '../db.js';
import { statementCache } from '../statement-cache.js';
import { nowIso } from '../clock.js';
import { ANCHOR_KINDS_SQL } from '../sql.js';
import { vectorView } from '../vector-blob.js';

export interface AnalysisPage {
  id: number;
  url: string;
  title: string | null;
  h1: string | null;
  content_hash: string | null;
  minhash: Buffer | null;
  inlinks: number;
}

export interface PairRow {
  id: number;
  site_id: number;
  page_a: number;
  page_b: number;
  /** NULL when either page has no page embedding (a duplicate found by text alone): unknown, not 0. */
  cosine: number | null;
  reranker: number;
  jaccard: number;
  outcome: 'duplicate' | 'merge' | 'related';
  shared_queries: number;
  /** The passage matches that counted most, page_a's passage first (empty when none were scored). */
  evidence: PairEvidence[];
  analyzed_at: string;
}

export interface PairEvidence {
  from: number;
  to: number;
  cosine: number;
  weight: number;
  share: number;
}

const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
const evidenceJson = (e: PairEvidence[]) =>
  JSON.stringify(e.map((m) => [m.from, m.to, r4(m.cosine), r4(m.weight), r4(m.share)]));
function parseEvidence(json: string): PairEvidence[] {
  return (JSON.parse(json) as number[][]).map(([from, to, cosine, weight, share]) => ({
    from: from!,
    to: to!,
    cosine: cosine!,
    weight: weight!,
    share: share!,
  }));
}

export interface ClusterRow {
  id: number;
  site_id: number;
  label: string;
  representative_page: number | null;
  mean_reranker: number;
  size: number;
}

export interface PairFilter {
  siteId?: number | undefined;
  outcomes?: string[] | undefined;
  minReranker?: number | undefined;
  minCosine?: number | undefined;
  pageId?: number | undefined;
}

export function similarityRepo(db: Db) {
  const prepared = statementCache(db);
  // Every successful HTML page with text: duplicates are found by hash and MinHash even on pages that are not
  // embedded (noindex, canonicalised); the embedding-based outcomes need a page's vectors.
  const pages = db.prepare<[number], AnalysisPage>(
    `SELECT p.id, p.url, p.title, p.h1, p.content_hash, c.minhash, p.inlinks FROM pages p
     JOIN page_content c ON c.page_id = p.id
     WHERE p.site_id = ? AND p.status_code BETWEEN 200 AND 299 AND c.minhash IS NOT NULL ORDER BY p.id`,
  );
  // Links between pages, whatever part of the page they are in; not canonicals, redirects or hreflang.
  const pageLinks = db.prepare<[number], { source: number; target: number }>(
    `SELECT source_id AS source, target_id AS target FROM links
     WHERE site_id = ? AND edge_kind IN ${ANCHOR_KINDS_SQL}`,
  );
  const passageVectors = db.prepare<[number], { id: number; embedding: Buffer }>(
    `SELECT s.id, v.embedding FROM passages s JOIN passage_vectors v ON v.passage_id = s.id WHERE s.page_id = ? ORDER BY s.ord`,
  );
  const pageText = db.prepare<[number], { title: string | null; main_text: string }>(
    'SELECT p.title, c.main_text FROM pages p JOIN page_content c ON c.page_id = p.id WHERE p.id = ?',
  );
  const insertRun = db.prepare<[number, string, string, string]>(
    'INSERT INTO similarity_runs (site_id, reranker, thresholds, analyzed_at) VALUES (?, ?, ?, ?)',
  );
  const insertCluster = db.prepare<[number, number, string, number | null, number, number]>(
    `INSERT INTO similarity_clusters (run_id, site_id, label, representative_page, mean_reranker, size)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const insertMember = db.prepare<[number, number, number]>(
    'INSERT INTO similarity_cluster_pages (cluster_id, page_id, score) VALUES (?, ?, ?)',
  );
  const setCurrent = db.prepare<[number, number]>(
    `INSERT INTO similarity_current (site_id, run_id) VALUES (?, ?)
     ON CONFLICT(site_id) DO UPDATE SET run_id = excluded.run_id`,
  );
  const dropOtherRuns = db.prepare<[number, number]>(
    'DELETE FROM similarity_runs WHERE site_id = ? AND id != ?',
  );
  const dropRun = db.prepare<[number]>('DELETE FROM similarity_runs WHERE id = ?');
  const cluster = db.prepare<[number], ClusterRow>(
    `SELECT c.id, c.site_id, c.label, c.representative_page, c.mean_reranker, c.size FROM similarity_clusters c
     JOIN similarity_current cur ON cur.run_id = c.run_id WHERE c.id = ?`,
  );
  const members = db.prepare<[number], { page_id: number; score: number }>(
    'SELECT page_id, score FROM similarity_cluster_pages WHERE cluster_id = ? ORDER BY score DESC, page_id',
  );
  const clusterOfPages = db.prepare<[number], { page_id: number; cluster_id: number }>(
    `SELECT m.page_id, m.cluster_id FROM similarity_cluster_pages m JOIN similarity_clusters c ON c.id = m.cluster_id
     JOIN similarity_current cur ON cur.run_id = c.run_id WHERE c.site_id = ?`,
  );
  return {
    analysisPages: (siteId: number): AnalysisPage[] => pages.all(siteId),
    /** A page's passages in reading order, with their vectors. */
    passageVectors: (pageId: number): { id: number; vector: Float32Array }[] =>
      passageVectors.all(pageId).map((r) => ({ id: r.id, vector: vectorView(r.embedding) })),
    /** The site's links between pages, read once by the analysis (hub-parts.ts). */
    pageLinks: (siteId: number): IterableIterator<{ source: number; target: number }> =>
      pageLinks.iterate(siteId),
    /** A page's main text, as its MinHash signature was computed from. */
    mainText: (pageId: number): string => pageText.get(pageId)?.main_text ?? '',
    /** A page's title and main text, cut to `chars`, for a reranker that reads text. */
    pageText(pageId: number, chars: number): string {
      const r = pageText.get(pageId);
      return r ? `${r.title ?? ''}\n\n${r.main_text}`.slice(0, chars) : '';
    },
    createRun: (siteId: number, reranker: string, thresholds: object): number =>
      Number(insertRun.run(siteId, reranker, JSON.stringify(thresholds), nowIso()).lastInsertRowid),
    insertPair: (runId: number, siteId: number, p: Omit<PairRow, 'id' | 'site_id' | 'analyzed_at'>) =>
      // Prepared on first use: the evidence column comes with migration 20.
      prepared<
        [number, number, number, number, number | null, number, number, string, number, string],
        never
      >(
        `INSERT INTO similarity_pairs (run_id, site_id, page_a, page_b, cosine, reranker, jaccard, outcome,
           shared_queries, evidence) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        runId,
        siteId,
        p.page_a,
        p.page_b,
        p.cosine,
        p.reranker,
        p.jaccard,
        p.outcome,
        p.shared_queries,
        evidenceJson(p.evidence),
      ),
    insertCluster(
      runId: number,
      siteId: number,
      c: Omit<ClusterRow, 'id' | 'site_id'>,
      pageScores: [number, number][],
    ): number {
      const id = Number(
        insertCluster.run(runId, siteId, c.label, c.representative_page, c.mean_reranker, c.size)
          .lastInsertRowid,
      );
      for (const [pageId, score] of pageScores) insertMember.run(id, pageId, score);
      return id;
    },
    /** Makes a run the site's current analysis and removes the previous one, atomically. */
    publish: db.transaction((siteId: number, runId: number) => {
      setCurrent.run(siteId, runId);
      dropOtherRuns.run(siteId, runId);
    }),
    dropRun: (runId: number) => dropRun.run(runId),
    pairs(
      f: PairFilter,
      sort: string,
      afterKey: { value: string | number; id: number } | null,
      limit: number,
    ): (PairRow & { sort_value: number })[] {
      const where: string[] = ['1 = 1'];
      const args: (string | number)[] = [];
      const add = (clause: string, ...values: (string | number)[]) => {
        where.push(clause);
        args.push(...values);
      };
      if (f.siteId !== undefined) add('p.site_id = ?', f.siteId);
      if (f.outcomes?.length) add(`p.outcome IN (${f.outcomes.map(() => '?').join(',')})`, ...f.outcomes);
      if (f.minReranker !== undefined) add('p.reranker >= ?', f.minReranker);
      // An unknown cosine (NULL) is not at least anything, so a minimum leaves those pairs out.
      if (f.minCosine !== undefined) add('p.cosine >= ?', f.minCosine);
      if (f.pageId !== undefined) add('(p.page_a = ? OR p.page_b = ?)', f.pageId, f.pageId);
      const desc = sort.startsWith('-');
      const col =
        {
          reranker: 'p.reranker',
          // Cosines lie in [-1, 1]: an unknown one sorts as 2 ascending and -2 descending, so it comes last
          // either way and the keyset comparison below never meets a NULL (its cursor carries the stand-in).
          cosine: `COALESCE(p.cosine, ${desc ? -2 : 2})`,
          jaccard: 'p.jaccard',
          id: 'p.id',
        }[desc ? sort.slice(1) : sort] ?? 'p.id';
      if (afterKey) {
        const op = desc ? '<' : '>';
        add(`(${col} ${op} ? OR (${col} = ? AND p.id ${op} ?))`, afterKey.value, afterKey.value, afterKey.id);
      }
      return prepared<
        (string | number)[],
        Omit<PairRow, 'evidence'> & { evidence: string; sort_value: number }
      >(
        `SELECT p.id, p.site_id, p.page_a, p.page_b, p.cosine, p.reranker, p.jaccard, p.outcome, p.shared_queries,
             p.evidence, r.analyzed_at, ${col} AS sort_value
           FROM similarity_pairs p JOIN similarity_current cur ON cur.run_id = p.run_id
           JOIN similarity_runs r ON r.id = p.run_id
           WHERE ${where.join(' AND ')} ORDER BY ${col} ${desc ? 'DESC' : 'ASC'}, p.id ${desc ? 'DESC' : 'ASC'} LIMIT ?`,
      )
        .all(...args, limit)
        .map((r) => ({ ...r, evidence: parseEvidence(r.evidence) }));
    },
    clusters(siteId: number | undefined, minSize: number, afterId: number, limit: number): ClusterRow[] {
      return prepared<(string | number)[], ClusterRow>(
        `SELECT c.id, c.site_id, c.label, c.representative_page, c.mean_reranker, c.size FROM similarity_clusters c
           JOIN similarity_current cur ON cur.run_id = c.run_id
           WHERE ${siteId === undefined ? '1 = 1' : 'c.site_id = ?'} AND c.size >= ? AND c.id > ? ORDER BY c.id LIMIT ?`,
      ).all(...(siteId === undefined ? [] : [siteId]), minSize, afterId, limit);
    },
    cluster: (id: number) => cluster.get(id),
    members: (clusterId: number) => members.all(clusterId),
    clusterOfPages: (siteId: number): Map<number, number> =>
      new Map(clusterOfPages.all(siteId).map((r) => [r.page_id, r.cluster_id])),
  };
}
export type SimilarityRepo = ReturnType<typeof similarityRepo>;
