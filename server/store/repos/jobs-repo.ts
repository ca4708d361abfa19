/**
 * Rows of `jobs`, read as the `Job` the API shows: JSON columns are parsed here, once. A row's params are
 * checked against its kind's schema by the runner before the job runs, not on every read.
 */
import type { Job, JobError, JobKind, JobOf, JobProgress, JobStatus } from '../../schemas/jobs.js';
import type { Db } from '../db.js';
import { marks } from '../sql.js';
import { statementCache } from '../statement-cache.js';
import { nowIso } from '../clock.js';

/** The stored row, JSON columns as text. */
interface JobRow {
  id: number;
  kind: JobKind;
  site_id: number | null;
  campaign_id: number | null;
  status: JobStatus;
  phase: string;
  done: number;
  total: number | null;
  message: string;
  params: string;
  checkpoint: string | null;
  result: string | null;
  error: string | null;
  attempts: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** A crawl's place among its site's crawls, set when it is inserted (migration 31); null for other kinds. */
  crawl_number: number | null;
}

function toJob(row: JobRow): Job {
  const fields = {
    id: row.id,
    site_id: row.site_id,
    campaign_id: row.campaign_id,
    status: row.status,
    progress: { phase: row.phase, done: row.done, total: row.total, message: row.message },
    params: JSON.parse(row.params),
    result: row.result === null ? null : JSON.parse(row.result),
    error: row.error === null ? null : (JSON.parse(row.error) as JobError),
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
  return row.kind === 'crawl'
    ? { ...fields, kind: row.kind, crawl_number: row.crawl_number ?? 1 }
    : { ...fields, kind: row.kind };
}

const toJobOrNull = (row: JobRow | undefined): Job | null => (row ? toJob(row) : null);

export interface JobFilter {
  beforeId: number | null;
  limit: number;
  siteId?: number | undefined;
  campaignId?: number | undefined;
  kinds?: readonly JobKind[] | undefined;
  statuses?: readonly JobStatus[] | undefined;
}

export function jobsRepo(db: Db) {
  const prepared = statementCache(db);
  const byId = db.prepare<[number], JobRow>(`SELECT * FROM jobs WHERE id = ?`);
  // Prepared on first use: `crawl_number` came with migration 31, and tests open older databases.
  const insert = () =>
    prepared<[Record<string, unknown>], never>(
      `INSERT INTO jobs (kind, site_id, campaign_id, status, phase, done, total, message, params, created_at,
         crawl_number)
       VALUES (@kind, @site_id, @campaign_id, 'queued', @phase, @done, @total, @message, @params, @created_at,
         CASE WHEN @kind = 'crawl' THEN
           (SELECT COALESCE(MAX(crawl_number), 0) + 1 FROM jobs WHERE site_id = @site_id AND crawl_number IS NOT NULL)
         END)`,
    );
  const activeFor = db.prepare<[number, JobKind], JobRow>(
    `SELECT * FROM jobs WHERE site_id = ? AND kind = ? AND status IN ('queued','running') ORDER BY id LIMIT 1`,
  );
  const byStatus = db.prepare<[JobStatus], JobRow>(`SELECT * FROM jobs WHERE status = ? ORDER BY id`);
  const start = db.prepare(
    `UPDATE jobs SET status = 'running', started_at = COALESCE(started_at, ?), attempts = attempts + 1
     WHERE id = ? AND status = 'queued'`,
  );
  const progress = db.prepare('UPDATE jobs SET phase = ?, done = ?, total = ?, message = ? WHERE id = ?');
  const checkpoint = db.prepare('UPDATE jobs SET checkpoint = ? WHERE id = ?');
  const finish = db.prepare(
    `UPDATE jobs SET status = @status, result = @result, error = @error, finished_at = @finished_at,
       phase = CASE WHEN @status = 'succeeded' THEN 'done' ELSE phase END
     WHERE id = @id AND status IN ('queued','running')`,
  );
  const requeue = db.prepare(
    `UPDATE jobs SET status = 'queued', message = ?, finished_at = NULL, error = NULL WHERE id = ?`,
  );

  return {
    get: (id: number): Job | null => toJobOrNull(byId.get(id)),
    /** A crawl's place among its site's crawls ("Crawl 3"); null for another kind or a job that is gone. */
    crawlNumber: (id: number): number | null => {
      const job = toJobOrNull(byId.get(id));
      return job?.kind === 'crawl' ? job.crawl_number : null;
    },
    /** How many times the job has been started, and the resume state its kind saved (parsed JSON). */
    attempts: (id: number): number => byId.get(id)?.attempts ?? 0,
    checkpoint(id: number): unknown {
      const raw = byId.get(id)?.checkpoint;
      return raw == null ? null : JSON.parse(raw);
    },
    insert(job: {
      kind: JobKind;
      site_id: number | null;
      campaign_id: number | null;
      params: Job['params'];
      /** What a job that waits for another's work shows from the start; a plain queued job by default. */
      progress?: JobProgress | undefined;
    }): Job {
      const { progress = { phase: 'queued', done: 0, total: null, message: '' }, ...row } = job;
      const info = insert().run({
        ...row,
        ...progress,
        params: JSON.stringify(job.params),
        created_at: nowIso(),
      });
      return toJob(byId.get(Number(info.lastInsertRowid))!);
    },
    activeFor: (siteId: number, kind: JobKind): Job | null => toJobOrNull(activeFor.get(siteId, kind)),
    withStatus: (status: JobStatus): Job[] => byStatus.all(status).map(toJob),
    /** Newest first; the filter is built from fixed fragments only, values are bound. */
    list(f: JobFilter): Job[] {
      const where: string[] = [];
      const args: (string | number)[] = [];
      const add = (clause: string, ...values: (string | number)[]) => {
        where.push(clause);
        args.push(...values);
      };
      if (f.beforeId !== null) add('id < ?', f.beforeId);
      if (f.siteId !== undefined) add('site_id = ?', f.siteId);
      if (f.campaignId !== undefined) add('campaign_id = ?', f.campaignId);
      if (f.kinds?.length) add(`kind IN (${marks(f.kinds.length)})`, ...f.kinds);
      if (f.statuses?.length) add(`status IN (${marks(f.statuses.length)})`, ...f.statuses);
      const sql = `SELECT * FROM jobs ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
      return prepared<(string | number)[], JobRow>(sql)
        .all(...args, f.limit)
        .map(toJob);
    },
    /** The newest job of a campaign among `kinds` (its actions), or the oldest still queued or running. */
    ofCampaign<K extends JobKind>(
      campaignId: number,
      kinds: readonly K[],
      which: 'last' | 'active',
    ): JobOf<K> | null {
      const sql =
        which === 'last'
          ? `SELECT * FROM jobs WHERE campaign_id = ? AND kind IN (${marks(kinds.length)}) ORDER BY id DESC LIMIT 1`
          : `SELECT * FROM jobs WHERE campaign_id = ? AND kind IN (${marks(kinds.length)})
             AND status IN ('queued', 'running') ORDER BY id LIMIT 1`;
      // The kind is one of `kinds`: the query says so.
      return toJobOrNull(
        prepared<(string | number)[], JobRow>(sql).get(campaignId, ...kinds),
      ) as JobOf<K> | null;
    },
    markRunning: (id: number): boolean => start.run(nowIso(), id).changes > 0,
    setProgress: (id: number, p: { phase: string; done: number; total: number | null; message: string }) =>
      progress.run(p.phase, p.done, p.total, p.message, id),
    setCheckpoint: (id: number, state: unknown) =>
      checkpoint.run(state == null ? null : JSON.stringify(state), id),
    finish: (id: number, status: JobStatus, result: Job['result'], error: JobError | null): boolean =>
      finish.run({
        id,
        status,
        result: result == null ? null : JSON.stringify(result),
        error: error === null ? null : JSON.stringify(error),
        finished_at: nowIso(),
      }).changes > 0,
    requeue: (id: number, message: string) => requeue.run(message, id),
  };
}
export type JobsRepo = ReturnType<typeof jobsRepo>;
