/**
 * Jobs as the domain sees them: creation with the one-running-per-site rule, reads, cancellation requests and
 * the state changes the runner makes. Every change is stored first and then announced on the bus.
 */
import type { Store } from '../../store/index.js';
import type { JobRow } from '../../store/repos/jobs-repo.js';
import { encodeCursor, type CursorKey } from '../../schemas/common.js';
import type { Job, JobError, JobListQuery, JobProgress, JobStatus } from '../../schemas/jobs.js';
import { ConflictError, NotFoundError } from '../errors.js';
import type { EventBus } from '../events.js';
import { afterKey } from '../sort-cursor.js';

export function rowToJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    site_id: row.site_id,
    campaign_id: row.campaign_id,
    status: row.status as JobStatus,
    progress: { phase: row.phase, done: row.done, total: row.total, message: row.message },
    params: JSON.parse(row.params) as Record<string, unknown>,
    result: row.result === null ? null : (JSON.parse(row.result) as Record<string, unknown>),
    error: row.error === null ? null : (JSON.parse(row.error) as JobError),
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

export interface NewJob {
  kind: string;
  site_id?: number | null;
  campaign_id?: number | null;
  params?: Record<string, unknown>;
  /** Kinds that must not run twice at once for a site (crawl, analysis) name the kinds that block them. */
  exclusive_with?: string[];
}

export class JobsService {
  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
  ) {}

  get(id: number): Job {
    const row = this.store.jobs.get(id);
    if (!row) throw new NotFoundError(`No job with id ${id}.`);
    return rowToJob(row);
  }

  list(q: JobListQuery & { cursor?: CursorKey | undefined }): { items: Job[]; next_cursor: string | null } {
    const before = afterKey(q.cursor, 'number');
    const rows = this.store.jobs.list({
      beforeId: before,
      limit: q.limit + 1,
      siteId: q.site_id,
      campaignId: q.campaign_id,
      kinds: q.kind,
      statuses: q.status,
    });
    const items = rows.slice(0, q.limit).map(rowToJob);
    const next = rows.length > q.limit ? encodeCursor([items.at(-1)!.id]) : null;
    return { items, next_cursor: next };
  }

  /** Stores a queued job and tells the runner. The conflict check and insert share one transaction. */
  create(job: NewJob): Job {
    const row = this.store.tx(() => {
      if (job.site_id != null) {
        for (const kind of job.exclusive_with ?? [job.kind]) {
          const running = this.store.jobs.activeFor(job.site_id, kind);
          if (running) {
            throw new ConflictError(
              `Site ${job.site_id} already has a ${running.kind} job (${running.id}, ${running.status}); wait for it or cancel it first.`,
              { job_id: running.id },
            );
          }
        }
      }
      return this.store.jobs.insert({
        kind: job.kind,
        site_id: job.site_id ?? null,
        campaign_id: job.campaign_id ?? null,
        params: JSON.stringify(job.params ?? {}),
      });
    });
    const created = rowToJob(row);
    this.bus.emit('job.queued', created);
    return created;
  }

  /** Cancels a queued job at once; asks the runner to stop a running one. Finished jobs are a conflict. */
  cancel(id: number): Job {
    const job = this.get(id);
    if (job.status === 'queued') {
      return this.finish(id, 'cancelled', null, null) ?? this.get(id);
    }
    if (job.status === 'running') {
      this.bus.emit('job.cancel-requested', id);
      return this.get(id);
    }
    throw new ConflictError(
      `Job ${id} has already ${job.status === 'cancelled' ? 'been cancelled' : job.status}.`,
    );
  }

  /** Puts a cancelled or failed job back in the queue; it continues from its checkpoint. */
  resume(id: number, exclusiveWith: string[]): Job {
    const job = this.get(id);
    this.store.tx(() => {
      if (job.site_id != null) {
        for (const kind of exclusiveWith) {
          const active = this.store.jobs.activeFor(job.site_id, kind);
          if (active) {
            throw new ConflictError(
              `Site ${job.site_id} already has a ${active.kind} job (${active.id}, ${active.status}).`,
              {
                job_id: active.id,
              },
            );
          }
        }
      }
      this.store.jobs.requeue(id, 'Resuming');
    });
    const resumed = this.get(id);
    this.bus.emit('job.queued', resumed);
    return resumed;
  }

  // The runner's side.

  markRunning(id: number): Job | null {
    return this.store.jobs.markRunning(id) ? this.get(id) : null;
  }

  setProgress(id: number, progress: JobProgress): Job {
    this.store.jobs.setProgress(id, progress);
    const job = this.get(id);
    this.bus.emit('job.progress', job);
    return job;
  }

  /** How many times the job has been started, this run included. */
  attempts(id: number): number {
    return this.store.jobs.get(id)?.attempts ?? 0;
  }

  checkpoint(id: number): unknown {
    const raw = this.store.jobs.get(id)?.checkpoint;
    return raw == null ? null : (JSON.parse(raw) as unknown);
  }

  saveCheckpoint(id: number, state: unknown): void {
    this.store.jobs.setCheckpoint(id, state === null ? null : JSON.stringify(state));
  }

  finish(
    id: number,
    status: Exclude<JobStatus, 'queued' | 'running'>,
    result: unknown,
    error: JobError | null,
  ) {
    const changed = this.store.jobs.finish(
      id,
      status,
      result == null ? null : JSON.stringify(result),
      error === null ? null : JSON.stringify(error),
    );
    if (!changed) return null;
    const job = this.get(id);
    this.bus.emit('job.finished', job);
    return job;
  }

  /** Puts a running job back in the queue (graceful shutdown) so the next start picks it up. */
  requeue(id: number, message: string): void {
    this.store.jobs.requeue(id, message);
  }

  withStatus(status: JobStatus): Job[] {
    return this.store.jobs.withStatus(status).map(rowToJob);
  }
}
