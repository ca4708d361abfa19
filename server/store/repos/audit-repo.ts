/**
 * Rows of `audit_runs`, `audit_counts`, `audit_findings` and `audit_mutes`. A run is written whole in one
 * transaction: the SQL checks insert their findings straight from their SELECT (nothing crosses into JS), the
 * checks decided in code hand theirs over, and the counts are taken from what was inserted. Evidence is JSON on
 * disk and parsed here on read.
 */
import type { AuditThresholds, CheckId, Population, SqlCheckId } from '../../schemas/audit-checks.js';
import type { Db } from '../db.js';
import { nowIso } from '../clock.js';
import { statementCache } from '../statement-cache.js';
import { CHECK_SQL, POPULATION_SQL } from '../views/audit-sql.js';

export interface AuditRunRow {
  id: number;
  site_id: number;
  crawl_job_id: number | null;
  thresholds: AuditThresholds;
  created_at: string;
}

export interface FindingRow {
  check_id: CheckId;
  url_id: number;
  url: string;
  page_id: number | null;
  evidence: Record<string, unknown>;
}

export interface CountRow {
  check_id: CheckId;
  urls: number;
  population: number;
}

/** A finding decided in code, ready to store; `E` is its check's evidence (`CheckEvidence<K>`). */
export interface NewFinding<E extends object = object> {
  url_id: number;
  url: string;
  page_id: number | null;
  evidence: E;
}

/** Runs kept per site: enough to compare the latest crawls; older ones go when a new run is stored. */
const KEEP_RUNS = 20;

type RawRun = Omit<AuditRunRow, 'thresholds'> & { thresholds: string };
type RawFinding = Omit<FindingRow, 'evidence'> & { evidence: string };
const toRun = (r: RawRun): AuditRunRow => ({ ...r, thresholds: JSON.parse(r.thresholds) });
const toFinding = (r: RawFinding): FindingRow => ({ ...r, evidence: JSON.parse(r.evidence) });

/**
 * Statements are prepared on first use, as every statement on a table a later migration added: tests build a store
 * over a database an older migration left, which has no audit tables.
 */
export function auditRepo(db: Db) {
  const prepared = statementCache(db);
  const insertRun = () =>
    prepared<[number, number | null, string, string], never>(
      'INSERT INTO audit_runs (site_id, crawl_job_id, thresholds, created_at) VALUES (?, ?, ?, ?)',
    );
  const dropRunsOfCrawl = () =>
    prepared<[number, number], never>('DELETE FROM audit_runs WHERE site_id = ? AND crawl_job_id = ?');
  const pruneRuns = () =>
    prepared<[number, number, number], never>(
      `DELETE FROM audit_runs WHERE site_id = ? AND id NOT IN
       (SELECT id FROM audit_runs WHERE site_id = ? ORDER BY id DESC LIMIT ?)`,
    );
  const latestRun = () =>
    prepared<[number], RawRun>('SELECT * FROM audit_runs WHERE site_id = ? ORDER BY id DESC LIMIT 1');
  const insertFinding = () =>
    prepared<[number, string, number, string, number | null, string], never>(
      `INSERT OR IGNORE INTO audit_findings (run_id, check_id, url_id, url, page_id, evidence)
     VALUES (?, ?, ?, ?, ?, ?)`,
    );
  const countFindings = () =>
    prepared<[number], { check_id: CheckId; urls: number }>(
      'SELECT check_id, COUNT(*) AS urls FROM audit_findings WHERE run_id = ? GROUP BY check_id',
    );
  const insertCount = () =>
    prepared<[number, string, number, number], never>(
      'INSERT INTO audit_counts (run_id, check_id, urls, population) VALUES (?, ?, ?, ?)',
    );
  const counts = () =>
    prepared<[number], CountRow>('SELECT check_id, urls, population FROM audit_counts WHERE run_id = ?');
  const findings = () =>
    prepared<[number, string, number, number], RawFinding>(
      `SELECT check_id, url_id, url, page_id, evidence FROM audit_findings
     WHERE run_id = ? AND check_id = ? AND url_id > ? ORDER BY url_id LIMIT ?`,
    );
  const ofPage = () =>
    prepared<[number, number], RawFinding>(
      `SELECT check_id, url_id, url, page_id, evidence FROM audit_findings
     WHERE run_id = ? AND page_id = ? ORDER BY check_id`,
    );
  const mutes = () =>
    prepared<[number], { check_id: CheckId }>(
      'SELECT check_id FROM audit_mutes WHERE site_id = ? ORDER BY check_id',
    );
  const mute = () =>
    prepared<[number, string, string], never>(
      'INSERT OR IGNORE INTO audit_mutes (site_id, check_id, muted_at) VALUES (?, ?, ?)',
    );
  const unmute = () =>
    prepared<[number, string], never>('DELETE FROM audit_mutes WHERE site_id = ? AND check_id = ?');

  return {
    /** Starts a run of one crawl, replacing an earlier run of the same crawl. Call inside a transaction. */
    startRun(siteId: number, crawlJobId: number | null, thresholds: AuditThresholds): number {
      if (crawlJobId !== null) dropRunsOfCrawl().run(siteId, crawlJobId);
      return Number(
        insertRun().run(siteId, crawlJobId, JSON.stringify(thresholds), nowIso()).lastInsertRowid,
      );
    },
    /** Runs a check's SQL into the run's findings; returns how many URLs it found. */
    runSqlCheck(runId: number, siteId: number, check: SqlCheckId, thresholds: AuditThresholds): number {
      const sql = `INSERT OR IGNORE INTO audit_findings (run_id, check_id, url_id, url, page_id, evidence)
        SELECT @run, @check, url_id, url, page_id, evidence FROM (${CHECK_SQL[check]})`;
      return prepared<[object], never>(sql).run({ ...thresholds, run: runId, check, site: siteId }).changes;
    },
    addFindings(runId: number, check: CheckId, rows: readonly NewFinding[]): void {
      for (const r of rows)
        insertFinding().run(runId, check, r.url_id, r.url, r.page_id, JSON.stringify(r.evidence));
    },
    population(siteId: number, population: Population): number {
      return prepared<[object], number>(POPULATION_SQL[population]).pluck().get({ site: siteId }) ?? 0;
    },
    /** Stores each check's count beside the population it was taken over, from the findings stored. */
    finishRun(runId: number, siteId: number, populations: Record<CheckId, number>): void {
      const found = new Map(
        countFindings()
          .all(runId)
          .map((r) => [r.check_id, r.urls]),
      );
      for (const [check, population] of Object.entries(populations))
        insertCount().run(runId, check, found.get(check as CheckId) ?? 0, population);
      pruneRuns().run(siteId, siteId, KEEP_RUNS);
    },
    latestRun: (siteId: number): AuditRunRow | null => {
      const r = latestRun().get(siteId);
      return r ? toRun(r) : null;
    },
    /** The audit of one crawl: its latest run (a re-run after a similarity analysis replaces the first). */
    runOfCrawl: (siteId: number, crawlJobId: number): AuditRunRow | null => {
      const r = prepared<[number, number], RawRun>(
        'SELECT * FROM audit_runs WHERE site_id = ? AND crawl_job_id = ? ORDER BY id DESC LIMIT 1',
      ).get(siteId, crawlJobId);
      return r ? toRun(r) : null;
    },
    /** Which URL each check listed in a run, without evidence: what crawl comparisons need. */
    findingKeys: (runId: number): { check_id: CheckId; url: string }[] =>
      prepared<[number], { check_id: CheckId; url: string }>(
        'SELECT check_id, url FROM audit_findings WHERE run_id = ?',
      ).all(runId),
    counts: (runId: number): CountRow[] => counts().all(runId),
    findings: (runId: number, check: CheckId, afterUrlId: number, limit: number): FindingRow[] =>
      findings().all(runId, check, afterUrlId, limit).map(toFinding),
    ofPage: (runId: number, pageId: number): FindingRow[] => ofPage().all(runId, pageId).map(toFinding),
    mutes: (siteId: number): Set<CheckId> =>
      new Set(
        mutes()
          .all(siteId)
          .map((r) => r.check_id),
      ),
    mute: (siteId: number, check: CheckId) => mute().run(siteId, check, nowIso()),
    unmute: (siteId: number, check: CheckId) => unmute().run(siteId, check),
  };
}
export type AuditRepo = ReturnType<typeof auditRepo>;
