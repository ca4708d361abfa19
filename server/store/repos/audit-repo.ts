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
  /** What fixing the check takes (docs/audit.md, "Fixes"); null in runs from before templates were found. */
  fixes: number | null;
}

/** A check's findings on one template's pages, as the run stored them (`template_id`: the page's template then). */
export interface TemplateFindingsRow {
  check_id: CheckId;
  template_id: number;
  urls: number;
  /** The first of them by URL id, and its URL. */
  first_url_id: number;
  first_url: string;
}

/** A finding on a template's page, with its evidence (for the checks a template causes in its own way). */
export interface TemplateFindingRow {
  url_id: number;
  url: string;
  template_id: number;
  evidence: Record<string, unknown>;
}

/** A template that carries a check on at least 90 % of its pages: one fix (domain/audit/template-fixes.ts). */
export interface TemplateFixRow {
  check_id: CheckId;
  template_id: number;
  label: string;
  pages: number;
  urls: number;
  example_url: string;
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
const toRun = (r: RawRun): AuditRunRow => ({ ...r, thresholds: JSON.parse(r.thresholds) });

/** A finding with its page's title and the template its page was in when the run stored it. */
export interface ListedFindingRow extends FindingRow {
  title: string | null;
  template_id: number | null;
}
type RawListedFinding = Omit<ListedFindingRow, 'evidence'> & { evidence: string };
const toListed = (r: RawListedFinding): ListedFindingRow => ({ ...r, evidence: JSON.parse(r.evidence) });

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
    prepared<[number, string, number, number, number | null], never>(
      'INSERT INTO audit_counts (run_id, check_id, urls, population, fixes) VALUES (?, ?, ?, ?, ?)',
    );
  const counts = () =>
    prepared<[number], CountRow>(
      'SELECT check_id, urls, population, fixes FROM audit_counts WHERE run_id = ?',
    );
  // The title is read from the page as it is now: a finding's URL keeps its text, its page may have gone since.
  const findings = (inTemplate: boolean | undefined) =>
    prepared<[number, string, number, number], RawListedFinding>(
      `SELECT f.check_id, f.url_id, f.url, f.page_id, f.evidence, f.template_id, p.title
     FROM audit_findings f LEFT JOIN pages p ON p.id = f.page_id
     WHERE f.run_id = ? AND f.check_id = ? AND f.url_id > ?
       ${inTemplate === undefined ? '' : `AND f.template_id IS ${inTemplate ? 'NOT ' : ''}NULL`}
     ORDER BY f.url_id LIMIT ?`,
    );
  const tagTemplates = () =>
    prepared<[number], never>(
      `UPDATE audit_findings SET template_id =
         (SELECT s.template_id FROM page_skeletons s WHERE s.page_id = audit_findings.page_id)
       WHERE run_id = ? AND page_id IS NOT NULL`,
    );
  // SQLite returns the bare columns of the row MIN() picked: the first finding's URL beside its id.
  const templateFindings = () =>
    prepared<[number], TemplateFindingsRow>(
      `SELECT check_id, template_id, COUNT(*) AS urls, MIN(url_id) AS first_url_id, url AS first_url
       FROM audit_findings WHERE run_id = ? AND template_id IS NOT NULL
       GROUP BY check_id, template_id`,
    );
  const onTemplates = () =>
    prepared<[number, string], Omit<TemplateFindingRow, 'evidence'> & { evidence: string }>(
      `SELECT url_id, url, template_id, evidence FROM audit_findings
       WHERE run_id = ? AND check_id = ? AND template_id IS NOT NULL ORDER BY url_id`,
    );
  const insertTemplateFix = () =>
    prepared<[number, string, number, string, number, number, string], never>(
      `INSERT INTO audit_template_fixes (run_id, check_id, template_id, label, pages, urls, example_url)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
  const templateFixes = () =>
    prepared<[number], TemplateFixRow>(
      `SELECT check_id, template_id, label, pages, urls, example_url FROM audit_template_fixes
       WHERE run_id = ? ORDER BY check_id, urls DESC, template_id`,
    );
  const ofPage = () =>
    prepared<[number, number], RawListedFinding>(
      `SELECT f.check_id, f.url_id, f.url, f.page_id, f.evidence, f.template_id, p.title
     FROM audit_findings f LEFT JOIN pages p ON p.id = f.page_id
     WHERE f.run_id = ? AND f.page_id = ? ORDER BY f.check_id`,
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

  /** Each check's URLs in the run so far, from the findings stored. */
  const found = (runId: number): Map<CheckId, number> =>
    new Map(
      countFindings()
        .all(runId)
        .map((r) => [r.check_id, r.urls]),
    );

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
    found,
    /**
     * Stores each check's count beside the population it was taken over, from the findings stored, and its fixes
     * (none given: the run does not know them).
     */
    finishRun(
      runId: number,
      siteId: number,
      populations: Record<CheckId, number>,
      fixes?: ReadonlyMap<CheckId, number>,
    ): void {
      const urlsOf = found(runId);
      for (const [check, population] of Object.entries(populations)) {
        const urls = urlsOf.get(check as CheckId) ?? 0;
        insertCount().run(
          runId,
          check,
          urls,
          population,
          fixes ? (fixes.get(check as CheckId) ?? urls) : null,
        );
      }
      pruneRuns().run(siteId, siteId, KEEP_RUNS);
    },
    /**
     * Notes on each finding of the run the template its page is in (page_skeletons, as the crawl left them), for
     * `templateFindings`; `markTemplateFixes` then turns it into the template fix that covers the finding.
     */
    tagFindingTemplates: (runId: number): void => void tagTemplates().run(runId),
    /**
     * Each finding's `template_id` becomes the template whose fix covers it (`covers`: the fix, and the templates
     * its findings were counted in), or null when the finding is a fix of its own. Call inside a transaction.
     */
    markTemplateFixes(
      runId: number,
      covers: readonly {
        check_id: CheckId;
        template_id: number;
        /** Every finding in these templates, or only those of `url_ids`. */
        counted_in: readonly number[];
        url_ids?: readonly number[];
      }[],
    ): void {
      // Marked negative first, so a fix's id is never taken for a page's template of the same number.
      const mark = prepared<[number, number, string, number], never>(
        'UPDATE audit_findings SET template_id = ? WHERE run_id = ? AND check_id = ? AND template_id = ?',
      );
      const markOne = prepared<[number, number, string, number], never>(
        'UPDATE audit_findings SET template_id = ? WHERE run_id = ? AND check_id = ? AND url_id = ?',
      );
      for (const c of covers) {
        if (c.url_ids) for (const u of c.url_ids) markOne.run(-c.template_id, runId, c.check_id, u);
        else for (const t of c.counted_in) mark.run(-c.template_id, runId, c.check_id, t);
      }
      prepared<[number], never>(
        `UPDATE audit_findings SET template_id = CASE WHEN template_id < 0 THEN -template_id END
         WHERE run_id = ? AND template_id IS NOT NULL`,
      ).run(runId);
    },
    /** A check's findings on templates' pages, with their evidence, by URL id. */
    findingsOnTemplates: (runId: number, check: CheckId): TemplateFindingRow[] =>
      onTemplates()
        .all(runId, check)
        .map((r) => ({ ...r, evidence: JSON.parse(r.evidence) as Record<string, unknown> })),
    /** The run's findings counted per check and template. */
    templateFindings: (runId: number): TemplateFindingsRow[] => templateFindings().all(runId),
    addTemplateFixes(runId: number, rows: readonly TemplateFixRow[]): void {
      for (const r of rows)
        insertTemplateFix().run(runId, r.check_id, r.template_id, r.label, r.pages, r.urls, r.example_url);
    },
    /** The run's template fixes, by check, the largest first. */
    templateFixes: (runId: number): TemplateFixRow[] => templateFixes().all(runId),
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
    /** A check's findings by URL id; `inTemplate`: only those a template fix covers (true) or none covers. */
    findings: (
      runId: number,
      check: CheckId,
      afterUrlId: number,
      limit: number,
      inTemplate?: boolean,
    ): ListedFindingRow[] => findings(inTemplate).all(runId, check, afterUrlId, limit).map(toListed),
    ofPage: (runId: number, pageId: number): ListedFindingRow[] => ofPage().all(runId, pageId).map(toListed),
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
