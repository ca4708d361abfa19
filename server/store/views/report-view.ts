/**
 * The aggregates behind the site report: the orphans, the other-URL reasons and the similarity clusters as a
 * count computed in SQLite plus at most `limit` example rows, so a report of a million-page site holds no more in
 * memory than one of fifty pages. (Its issues are the site audit's, stored per run.)
 */
import { sourceBit } from '../../schemas/crawl.js';
import type { Db } from '../db.js';
import { ANCHOR_KINDS_SQL } from '../sql.js';
import { REASON as OTHER_URL_REASON_SQL } from './other-urls-view.js';

/** Sources that make a URL a known page even with no inbound link (as the link graph's orphans). */
const KNOWN_BITS = sourceBit('sitemap') | sourceBit('gsc') | sourceBit('list');
const ORPHANS = `FROM urls u LEFT JOIN pages p ON p.id = u.id
  WHERE u.site_id = ? AND u.internal = 1 AND u.state != 'stale' AND (u.sources & ${KNOWN_BITS}) != 0
    AND NOT EXISTS (SELECT 1 FROM links li WHERE li.target_id = u.id AND li.source_id != u.id
      AND li.edge_kind IN ${ANCHOR_KINDS_SQL})`;

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
