/**
 * The aggregates behind the site report: each issue, the orphans, the other-URL reasons and the similarity
 * clusters as a count computed in SQLite plus at most `limit` example rows, so a report of a million-page site
 * holds no more in memory than one of fifty pages.
 */
import { sourceBit } from '../../schemas/crawl.js';
import type { Db } from '../db.js';
import { ANCHOR_KINDS_SQL } from '../sql.js';
import { REASON as OTHER_URL_REASON_SQL } from './other-urls-view.js';

const HTML_OK = `p.status_code BETWEEN 200 AND 299 AND p.content_type IN ('text/html', 'application/xhtml+xml')`;
const blank = (col: string) => `(${col} IS NULL OR trim(${col}) = '')`;

/** Words below which an indexable page counts as thin; the usual rule of thumb of SEO crawlers. */
export const THIN_WORDS = 200;
/** Responses slower than this (milliseconds) are reported. */
export const SLOW_MS = 1000;

interface IssueDef {
  from: string;
  where: string;
  detail: string;
  /** The page the row is about, when not `p.url`. */
  url?: string;
  order?: string;
}

/**
 * Each issue as the rows it concerns: `url` is the page the issue is on, `detail` what is wrong there. The
 * fragments are fixed SQL written here, never built from input.
 */
const ISSUES = {
  server_error: {
    from: 'pages p',
    where: 'p.status_code >= 500',
    detail: 'CAST(p.status_code AS TEXT)',
  },
  client_error: {
    from: 'pages p',
    where: 'p.status_code BETWEEN 400 AND 499',
    detail: 'CAST(p.status_code AS TEXT)',
  },
  fetch_error: { from: 'pages p', where: 'p.fetch_error IS NOT NULL', detail: 'p.fetch_error' },
  // One row per link from a page to a URL that answered an error: the page to fix is the source.
  broken_link: {
    // From the (few) error pages to the links that reach them, so the links table is never scanned.
    from: `pages p CROSS JOIN links l ON l.target_id = p.id JOIN urls s ON s.id = l.source_id`,
    where: `(p.status_code >= 400 OR p.fetch_error IS NOT NULL) AND l.edge_kind IN ${ANCHOR_KINDS_SQL}`,
    url: 's.url',
    detail: `p.url || ' (' || COALESCE(p.fetch_error, CAST(p.status_code AS TEXT)) || ')'`,
    order: 'p.id, l.id',
  },
  redirect: {
    from: 'pages p',
    where: 'p.status_code BETWEEN 300 AND 399',
    detail: `CAST(p.status_code AS TEXT) || COALESCE(' → ' || p.redirect_target, '')`,
  },
  non_indexable: {
    from: 'pages p',
    where: `${HTML_OK} AND p.indexable = 0`,
    detail: 'p.indexability_reason',
  },
  missing_title: { from: 'pages p', where: `${HTML_OK} AND ${blank('p.title')}`, detail: 'NULL' },
  duplicate_title: {
    // A window over the indexable pages gives each title's page count without a second pass.
    from: `(SELECT p.*, COUNT(*) OVER (PARTITION BY p.title) AS same FROM pages p
            WHERE p.site_id = @site AND ${HTML_OK} AND p.indexable = 1 AND NOT ${blank('p.title')}) p`,
    where: 'p.same > 1',
    detail: `p.title || ' (×' || p.same || ')'`,
    order: 'p.title, p.id',
  },
  missing_meta_description: {
    from: 'pages p',
    where: `${HTML_OK} AND p.indexable = 1 AND ${blank('p.meta_description')}`,
    detail: 'NULL',
  },
  missing_h1: {
    from: 'pages p',
    where: `${HTML_OK} AND p.indexable = 1 AND ${blank('p.h1')}`,
    detail: 'NULL',
  },
  thin_content: {
    from: 'pages p',
    where: `${HTML_OK} AND p.indexable = 1 AND p.word_count < ${THIN_WORDS}`,
    detail: `p.word_count || ' words'`,
    order: 'p.word_count, p.id',
  },
  slow_response: {
    from: 'pages p',
    where: `p.response_ms > ${SLOW_MS}`,
    detail: `p.response_ms || ' ms'`,
    order: 'p.response_ms DESC, p.id',
  },
} satisfies Record<string, IssueDef>;
export type IssueKey = keyof typeof ISSUES;
export const ISSUE_KEYS = Object.keys(ISSUES) as IssueKey[];

/** Sources that make a URL a known page even with no inbound link (as the link graph's orphans). */
const KNOWN_BITS = sourceBit('sitemap') | sourceBit('gsc') | sourceBit('list');
const ORPHANS = `FROM urls u LEFT JOIN pages p ON p.id = u.id
  WHERE u.site_id = ? AND u.internal = 1 AND u.state != 'stale' AND (u.sources & ${KNOWN_BITS}) != 0
    AND NOT EXISTS (SELECT 1 FROM links li WHERE li.target_id = u.id AND li.source_id != u.id
      AND li.edge_kind IN ${ANCHOR_KINDS_SQL})`;

export interface Example {
  url: string;
  detail: string | null;
}
export interface Counted<T> {
  count: number;
  rows: T[];
}
export interface OrphanRow {
  id: number;
  url: string;
  title: string | null;
  status_code: number | null;
  sources: number;
}
export interface ReportClusterRow {
  id: number;
  label: string;
  size: number;
  mean_reranker: number;
  representative_url: string | null;
}
export interface ReportMemberRow {
  url: string;
  title: string | null;
  score: number;
}

export function reportView(db: Db) {
  const issueStatement = (key: IssueKey) => {
    const def: IssueDef = ISSUES[key];
    const where = `p.site_id = @site AND ${def.where}`;
    return {
      count: db.prepare<[{ site: number }], { n: number }>(
        `SELECT COUNT(*) AS n FROM ${def.from} WHERE ${where}`,
      ),
      examples: db.prepare<[{ site: number; limit: number }], Example>(
        `SELECT ${def.url ?? 'p.url'} AS url, ${def.detail} AS detail FROM ${def.from} WHERE ${where}
         ORDER BY ${def.order ?? 'p.id'} LIMIT @limit`,
      ),
    };
  };
  const issueStatements = new Map(ISSUE_KEYS.map((key) => [key, issueStatement(key)]));

  const orphanCount = db.prepare<[number], { n: number }>(`SELECT COUNT(*) AS n ${ORPHANS}`);
  const orphanRows = db.prepare<[number, number], OrphanRow>(
    `SELECT u.id, u.url, p.title, p.status_code, u.sources ${ORPHANS} ORDER BY u.id LIMIT ?`,
  );
  const otherReasons = db.prepare<[number], { key: string; count: number }>(
    `SELECT reason AS key, COUNT(*) AS count FROM (
       SELECT ${OTHER_URL_REASON_SQL} AS reason FROM urls u LEFT JOIN pages p ON p.id = u.id
       WHERE u.site_id = ? AND u.state != 'stale')
     WHERE reason IS NOT NULL GROUP BY reason ORDER BY count DESC, reason`,
  );
  const similarityRun = db.prepare<[number], { analyzed_at: string; reranker: string }>(
    `SELECT r.analyzed_at, r.reranker FROM similarity_current cur JOIN similarity_runs r ON r.id = cur.run_id
     WHERE cur.site_id = ?`,
  );
  const pairOutcomes = db.prepare<[number], { key: string; count: number }>(
    `SELECT p.outcome AS key, COUNT(*) AS count FROM similarity_pairs p
     JOIN similarity_current cur ON cur.run_id = p.run_id WHERE cur.site_id = ? GROUP BY p.outcome`,
  );
  const clusterCount = db.prepare<[number], { n: number }>(
    `SELECT COUNT(*) AS n FROM similarity_clusters c JOIN similarity_current cur ON cur.run_id = c.run_id
     WHERE cur.site_id = ? AND c.size >= 2`,
  );
  const topClusters = db.prepare<[number, number], ReportClusterRow>(
    `SELECT c.id, c.label, c.size, c.mean_reranker, rp.url AS representative_url
     FROM similarity_clusters c JOIN similarity_current cur ON cur.run_id = c.run_id
     LEFT JOIN pages rp ON rp.id = c.representative_page
     WHERE cur.site_id = ? AND c.size >= 2 ORDER BY c.size DESC, c.mean_reranker DESC, c.id LIMIT ?`,
  );
  const members = db.prepare<[number, number], ReportMemberRow>(
    `SELECT p.url, p.title, m.score FROM similarity_cluster_pages m JOIN pages p ON p.id = m.page_id
     WHERE m.cluster_id = ? ORDER BY m.score DESC, m.page_id LIMIT ?`,
  );
  const responseTimes = db.prepare<[number], { mean: number | null; max: number | null }>(
    'SELECT AVG(response_ms) AS mean, MAX(response_ms) AS max FROM pages WHERE site_id = ? AND response_ms IS NOT NULL',
  );

  return {
    issue(siteId: number, key: IssueKey, limit: number): Counted<Example> {
      const s = issueStatements.get(key)!;
      return {
        count: s.count.get({ site: siteId })!.n,
        rows: s.examples.all({ site: siteId, limit }),
      };
    },
    orphans: (siteId: number, limit: number): Counted<OrphanRow> => ({
      count: orphanCount.get(siteId)!.n,
      rows: orphanRows.all(siteId, limit),
    }),
    otherUrlReasons: (siteId: number) => otherReasons.all(siteId),
    similarityRun: (siteId: number) => similarityRun.get(siteId),
    pairOutcomes: (siteId: number) => pairOutcomes.all(siteId),
    clusters: (siteId: number, limit: number): Counted<ReportClusterRow> => ({
      count: clusterCount.get(siteId)!.n,
      rows: topClusters.all(siteId, limit),
    }),
    clusterMembers: (clusterId: number, limit: number) => members.all(clusterId, limit),
    responseTimes: (siteId: number) => responseTimes.get(siteId)!,
  };
}
