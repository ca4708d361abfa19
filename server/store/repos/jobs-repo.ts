/** Rows of `jobs`. JSON columns stay strings here; the domain parses them. */
import type { Db } from '../db.js';
import { statementCache } from '../statement-cache.js';
import { nowIso } from '../clock.js';

export interface JobRow {
  id: number;
  kind: string;
  site_id: number | null;
  campaign_id: number | null;
  status: string;
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
}

export interface JobFilter {
  beforeId: number | null;
  limit: number;
  siteId?: number | undefined;
  campaignId?: number | undefined;
  kinds?: string[] | undefined;
  statuses?: string[] | undefined;
}

export function jobsRepo(db: Db) {
  const prepared = statementCache(db);
  const byId = db.prepare<[number], JobRow>('SELECT * FROM jobs WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO jobs (kind, site_id, campaign_id, status, phase, message, params, created_at)
     VALUES (@kind, @site_id, @campaign_id, 'queued', 'queued', '', @params, @created_at)`,
  );
  const activeFor = db.prepare<[number, string], JobRow>(
    `SELECT * FROM jobs WHERE site_id = ? AND kind = ? AND status IN ('queued','running') ORDER BY id LIMIT 1`,
  );
  const byStatus = db.prepare<[string], JobRow>('SELECT * FROM jobs WHERE status = ? ORDER BY id');
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
    get: (id: number): JobRow | undefined => byId.get(id),
    insert(job: {
      kind: string;
      site_id: number | null;
      campaign_id: number | null;
      params: string;
    }): JobRow {
      const info = insert.run({ ...job, created_at: nowIso() });
      return byId.get(Number(info.lastInsertRowid))!;
    },
    activeFor: (siteId: number, kind: string): JobRow | undefined => activeFor.get(siteId, kind),
    withStatus: (status: string): JobRow[] => byStatus.all(status),
    /** Newest first; the filter is built from fixed fragments only, values are bound. */
    list(f: JobFilter): JobRow[] {
      const where: string[] = [];
      const args: (string | number)[] = [];
      const add = (clause: string, ...values: (string | number)[]) => {
        where.push(clause);
        args.push(...values);
      };
      const marks = (n: number) => Array.from({ length: n }, () => '?').join(',');
      if (f.beforeId !== null) add('id < ?', f.beforeId);
      if (f.siteId !== undefined) add('site_id = ?', f.siteId);
      if (f.campaignId !== undefined) add('campaign_id = ?', f.campaignId);
      if (f.kinds?.length) add(`kind IN (${marks(f.kinds.length)})`, ...f.kinds);
      if (f.statuses?.length) add(`status IN (${marks(f.statuses.length)})`, ...f.statuses);
      const sql = `SELECT * FROM jobs ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
      return prepared<(string | number)[], JobRow>(sql).all(...args, f.limit);
    },
    markRunning: (id: number): boolean => start.run(nowIso(), id).changes > 0,
    setProgress: (id: number, p: { phase: string; done: number; total: number | null; message: string }) =>
      progress.run(p.phase, p.done, p.total, p.message, id),
    setCheckpoint: (id: number, state: string | null) => checkpoint.run(state, id),
    finish: (id: number, status: string, result: string | null, error: string | null): boolean =>
      finish.run({ id, status, result, error, finished_at: nowIso() }).changes > 0,
    requeue: (id: number, message: string) => requeue.run(message, id),
  };
}
export type JobsRepo = ReturnType<typeof jobsRepo>;
