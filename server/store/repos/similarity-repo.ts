/** Similarity runs, pairs and clusters; a site's current run is switched in one statement. */
import type { Db } from '../db.js';
import { statementCache } from '../statement-cache.js';
import { nowIso } from '../clock.js';
import { ANCHOR_KINDS_SQL, edgeKindsSql } from '../sql.js';
import { ANCHOR_EDGE_KINDS } from '../../schemas/crawl.js';
import { vectorView } from '../vector-blob.js';
import type { JobKind } from '../../schemas/jobs.js';
import type { KeepReason, PairRule } from '../../schemas/similarity.js';
import type { PageType } from '../../schemas/pages.js';

export interface AnalysisPage {
  id: number;
  url: string;
  title: string | null;
  h1: string | null;
  content_hash: string | null;
  minhash: Buffer | null;
  inlinks: number;
  /** Whether search engines may index it (not noindex, not canonicalised elsewhere). */
  indexable: boolean;
  /** Its type (migration 27); null for a page not classified yet. */
  page_type: PageType | null;
}

/** Where a page links to another: from its text, from its navigation only, or not at all. */
export type LinkPlace = 'text' | 'navigation' | null;

export interface PairLinks {
  a_to_b: LinkPlace;
  b_to_a: LinkPlace;
}

/** The page to keep of a duplicate or merge, and why (domain/similarity/page-to-keep.ts). */
export interface KeepRow {
  page_id: number;
  reason: KeepReason;
  detail: string;
}

/** A site's current analysis run, and the last successful crawl to compare it with. */
export interface AnalysisRunRow {
  run_id: number;
  analyzed_at: string;
  reranker: string;
  last_crawl_at: string | null;
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
  /** The rule that decided the outcome and its figures; null for pairs of analyses before migration 28. */
  rule: PairRule | null;
  rule_detail: string | null;
  /** The page to keep of a duplicate or merge; null for related pairs and older analyses. */
  keep: KeepRow | null;
  links: PairLinks;
  gsc_clicks: number | null;
  rank: number;
  shared_queries: number;
  /** The passage matches that counted most, page_a's passage first (empty when none were scored). */
  evidence: PairEvidence[];
  analyzed_at: string;
}

/** A pair as the analysis writes it. */
export type NewPair = Omit<PairRow, 'id' | 'site_id' | 'analyzed_at'>;

/** `links` as one integer: bit 1 A→B from text, 2 A→B from navigation only, 4 and 8 the same for B→A. */
const LINK_BITS = { text: 1, navigation: 2 } as const;
const linkBits = (l: PairLinks) =>
  (l.a_to_b ? LINK_BITS[l.a_to_b] : 0) | ((l.b_to_a ? LINK_BITS[l.b_to_a] : 0) << 2);
const placeOf = (bits: number): LinkPlace => (bits & 1 ? 'text' : bits & 2 ? 'navigation' : null);
const linksOf = (bits: number): PairLinks => ({ a_to_b: placeOf(bits & 3), b_to_a: placeOf(bits >> 2) });

interface StoredPair extends Omit<PairRow, 'evidence' | 'keep' | 'links'> {
  evidence: string;
  keep_page: number | null;
  keep_reason: KeepReason | null;
  keep_detail: string | null;
  links: number;
}
const decodePair = ({ evidence, keep_page, keep_reason, keep_detail, links, ...r }: StoredPair) => ({
  ...r,
  evidence: parseEvidence(evidence),
  keep:
    keep_page !== null && keep_reason !== null
      ? { page_id: keep_page, reason: keep_reason, detail: keep_detail ?? '' }
      : null,
  links: linksOf(links),
});

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
  /** Why the representative is the page to keep; null for clusters of analyses before migration 28. */
  representative_reason: KeepReason | null;
  representative_detail: string | null;
  mean_reranker: number;
  size: number;
}
const CLUSTER_COLUMNS = `c.id, c.site_id, c.label, c.representative_page, c.representative_reason,
  c.representative_detail, c.mean_reranker, c.size`;

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
  // Prepared on first use: `page_type` is migration 27's, and a store may be built over an older database.
  const pages = () =>
    prepared<[number], Omit<AnalysisPage, 'indexable'> & { indexable: number }>(
      `SELECT p.id, p.url, p.title, p.h1, p.content_hash, c.minhash, p.inlinks, p.indexable, p.page_type FROM pages p
       JOIN page_content c ON c.page_id = p.id
       WHERE p.site_id = ? AND p.status_code BETWEEN 200 AND 299 AND c.minhash IS NOT NULL ORDER BY p.id`,
    );
  // A page's text links to pages that link back to it from their navigation only (an "Up" link, a breadcrumb):
  // the contents page of a manual's part and its chapters, whatever their URLs say. Two lookups a text link on
  // the links table's unique (source_id, target_id, edge_kind) index.
  const NAVIGATION_SQL = edgeKindsSql(ANCHOR_EDGE_KINDS.filter((k) => k !== 'content'));
  const upLinked = db.prepare<[number], { hub: number; part: number }>(
    `SELECT l.source_id AS hub, l.target_id AS part FROM links l
     WHERE l.site_id = ? AND l.edge_kind = 'content' AND l.source_id != l.target_id
       AND EXISTS (SELECT 1 FROM links m WHERE m.source_id = l.target_id AND m.target_id = l.source_id
                   AND m.edge_kind IN ${NAVIGATION_SQL})
       AND NOT EXISTS (SELECT 1 FROM links m WHERE m.source_id = l.target_id AND m.target_id = l.source_id
                       AND m.edge_kind = 'content')`,
  );
  // Canonical links to another page: the page a copy names as the one to keep.
  const canonicals = db.prepare<[number], { source: number; target: number }>(
    `SELECT source_id AS source, target_id AS target FROM links
     WHERE site_id = ? AND edge_kind = 'canonical' AND source_id != target_id`,
  );
  // Point lookups on links' UNIQUE (source_id, target_id, edge_kind): a pair's two directions, whatever part of
  // the page each link is in.
  const linkKinds = db.prepare<[number, number], { edge_kind: string }>(
    `SELECT edge_kind FROM links WHERE source_id = ? AND target_id = ? AND edge_kind IN ${ANCHOR_KINDS_SQL}`,
  );
  const currentRun = db.prepare<[JobKind, number], AnalysisRunRow>(
    `SELECT r.id AS run_id, r.analyzed_at, r.reranker,
       (SELECT MAX(j.finished_at) FROM jobs j WHERE j.site_id = cur.site_id AND j.kind = ? AND j.status = 'succeeded')
         AS last_crawl_at
     FROM similarity_current cur JOIN similarity_runs r ON r.id = cur.run_id WHERE cur.site_id = ?`,
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
  // Prepared on first use: columns of migration 28, and a store may be built over an older database.
  const insertCluster = () =>
    prepared<
      [number, number, string, number | null, KeepReason | null, string | null, number, number],
      never
    >(
      `INSERT INTO similarity_clusters (run_id, site_id, label, representative_page, representative_reason,
       representative_detail, mean_reranker, size) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
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
  const cluster = () =>
    prepared<[number], ClusterRow>(
      `SELECT ${CLUSTER_COLUMNS} FROM similarity_clusters c
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
    analysisPages: (siteId: number): AnalysisPage[] =>
      pages()
        .all(siteId)
        .map((p) => ({ ...p, indexable: p.indexable === 1 })),
    /** Text links whose target links back from its navigation only: a contents page and one of its parts. */
    upLinked: (siteId: number): IterableIterator<{ hub: number; part: number }> => upLinked.iterate(siteId),
    /** Each page that names another as its canonical, with that page. */
    canonicalTargets: (siteId: number): Map<number, number> =>
      new Map(canonicals.all(siteId).map((r) => [r.source, r.target])),
    /** Whether `source` links to `target`, and from where: its text wins over its navigation. */
    linkPlace(source: number, target: number): LinkPlace {
      const kinds = linkKinds.all(source, target);
      return kinds.some((k) => k.edge_kind === 'content') ? 'text' : kinds.length ? 'navigation' : null;
    },
    /** The site's current run with its last successful crawl (`crawlKind` is the crawl job's kind), or undefined. */
    currentRun: (siteId: number, crawlKind: JobKind): AnalysisRunRow | undefined =>
      currentRun.get(crawlKind, siteId),
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
    insertPair: (runId: number, siteId: number, p: NewPair) =>
      // Prepared on first use: the evidence column comes with migration 20, the verdict's with 28.
      prepared<[Record<string, string | number | null>], never>(
        `INSERT INTO similarity_pairs (run_id, site_id, page_a, page_b, cosine, reranker, jaccard, outcome,
           shared_queries, evidence, rule, rule_detail, keep_page, keep_reason, keep_detail, links, gsc_clicks, rank)
         VALUES (@run, @site, @page_a, @page_b, @cosine, @reranker, @jaccard, @outcome, @shared_queries, @evidence,
           @rule, @rule_detail, @keep_page, @keep_reason, @keep_detail, @links, @gsc_clicks, @rank)`,
      ).run({
        run: runId,
        site: siteId,
        page_a: p.page_a,
        page_b: p.page_b,
        cosine: p.cosine,
        reranker: p.reranker,
        jaccard: p.jaccard,
        outcome: p.outcome,
        shared_queries: p.shared_queries,
        evidence: evidenceJson(p.evidence),
        rule: p.rule,
        rule_detail: p.rule_detail,
        keep_page: p.keep?.page_id ?? null,
        keep_reason: p.keep?.reason ?? null,
        keep_detail: p.keep?.detail ?? null,
        links: linkBits(p.links),
        gsc_clicks: p.gsc_clicks,
        rank: p.rank,
      }),
    insertCluster(
      runId: number,
      siteId: number,
      c: Omit<ClusterRow, 'id' | 'site_id'>,
      pageScores: [number, number][],
    ): number {
      const id = Number(
        insertCluster().run(
          runId,
          siteId,
          c.label,
          c.representative_page,
          c.representative_reason,
          c.representative_detail,
          c.mean_reranker,
          c.size,
        ).lastInsertRowid,
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
          rank: 'p.rank',
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
      return prepared<(string | number)[], StoredPair & { sort_value: number }>(
        `SELECT p.id, p.site_id, p.page_a, p.page_b, p.cosine, p.reranker, p.jaccard, p.outcome, p.shared_queries,
             p.evidence, p.rule, p.rule_detail, p.keep_page, p.keep_reason, p.keep_detail, p.links, p.gsc_clicks,
             p.rank, r.analyzed_at, ${col} AS sort_value
           FROM similarity_pairs p JOIN similarity_current cur ON cur.run_id = p.run_id
           JOIN similarity_runs r ON r.id = p.run_id
           WHERE ${where.join(' AND ')} ORDER BY ${col} ${desc ? 'DESC' : 'ASC'}, p.id ${desc ? 'DESC' : 'ASC'} LIMIT ?`,
      )
        .all(...args, limit)
        .map(({ sort_value, ...r }) => ({ ...decodePair(r), sort_value }));
    },
    clusters(siteId: number | undefined, minSize: number, afterId: number, limit: number): ClusterRow[] {
      return prepared<(string | number)[], ClusterRow>(
        `SELECT ${CLUSTER_COLUMNS} FROM similarity_clusters c
           JOIN similarity_current cur ON cur.run_id = c.run_id
           WHERE ${siteId === undefined ? '1 = 1' : 'c.site_id = ?'} AND c.size >= ? AND c.id > ? ORDER BY c.id LIMIT ?`,
      ).all(...(siteId === undefined ? [] : [siteId]), minSize, afterId, limit);
    },
    cluster: (id: number) => cluster().get(id),
    members: (clusterId: number) => members.all(clusterId),
    clusterOfPages: (siteId: number): Map<number, number> =>
      new Map(clusterOfPages.all(siteId).map((r) => [r.page_id, r.cluster_id])),
  };
}
export type SimilarityRepo = ReturnType<typeof similarityRepo>;
