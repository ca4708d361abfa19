/**
 * Jobs as the domain sees them: creation with the one-running-per-site rule, reads, cancellation requests and
 * the state changes the runner makes. Every change is stored first and then announced on the bus.
 */
import type { z } from 'zod';
import type { Store } from '../../store/index.js';
import type { CursorKey } from '../../schemas/common.js';
import {
  JOB_KINDS,
  type Job,
  type JobError,
  type JobKind,
  type JobListQuery,
  type JobOf,
  type JobProgress,
  type JobStatus,
} from '../../schemas/jobs.js';
import { ConflictError, NotFoundError } from '../errors.js';
import type { EventBus } from '../events.js';
import { capital, siteLabelById } from '../sites/site-label.js';
import { afterKey, idPage } from '../sort-cursor.js';
import { JobRate } from './job-rate.js';
import { jobNoun } from './job-nouns.js';

export interface NewJob<K extends JobKind> {
  kind: K;
  site_id?: number | null;
  campaign_id?: number | null;
  params: z.input<(typeof JOB_KINDS)[K]['params']>;
  /** Kinds that must not run twice at once for a site (crawl, analysis) name the kinds that block them. */
  exclusive_with?: readonly JobKind[];
  /** A job queued behind another's work says so from the start: its wait's progress. */
  progress?: JobProgress | undefined;
}

/**
 * What a queued job waits for before it may start: the job whose work it needs (an idea check waits for the embed
 * job bringing the passages it reads), and the progress it shows meanwhile (`phase: 'waiting'`, a message saying
 * what for and about how long).
 */
export interface JobWait {
  job_id: number;
  progress: JobProgress & { phase: typeof WAITING_PHASE };
}
/** The progress phase of a queued job that waits for another's work. */
export const WAITING_PHASE = 'waiting';
/** The progress phase of a job that succeeded (its message is "Finished"; its result says what it did). */
export const DONE_PHASE = 'done';

export class JobsService {
  /** The recent progress of the jobs this process runs, for their rate and time left. */
  private readonly rates = new Map<number, JobRate>();

  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get(id: number): Job {
    const job = this.store.jobs.get(id);
    if (!job) throw new NotFoundError(`No job with id ${id}.`);
    return this.withRate(job);
  }

  /** A running job's progress with its rate and time left (job-rate.ts); other jobs as stored. */
  private withRate(job: Job): Job {
    if (job.status !== 'running') return job;
    const rate = this.rates.get(job.id);
    const { done, total } = job.progress;
    return {
      ...job,
      progress: {
        ...job.progress,
        rate: rate?.rate() ?? null,
        eta_seconds: rate?.secondsLeft(done, total) ?? null,
      },
    };
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
    const { page, next_cursor } = idPage(rows, q.limit);
    return { items: page.map((j) => this.withRate(j)), next_cursor };
  }

  /**
   * Stores a queued job and tells the runner. Params are parsed with the kind's schema first (a service that
   * stores the wrong shape fails here, not when the job runs). The conflict check and insert share one
   * transaction.
   */
  create<K extends JobKind>(job: NewJob<K>): JobOf<K> {
    const params = JOB_KINDS[job.kind].params.parse(job.params);
    const created = this.store.tx(() => {
      if (job.site_id != null) {
        for (const kind of job.exclusive_with ?? [job.kind]) {
          const running = this.store.jobs.activeFor(job.site_id, kind);
          if (running) {
            throw new ConflictError(
              `${capital(siteLabelById(this.store, job.site_id))} already has ${jobNoun(running.kind)} (job ${running.id}, ${running.status}); wait for it or cancel it first.`,
              { job_id: running.id },
            );
          }
        }
      }
      return this.store.jobs.insert({
        kind: job.kind,
        site_id: job.site_id ?? null,
        campaign_id: job.campaign_id ?? null,
        params,
        progress: job.progress,
      });
    });
    this.bus.emit('job.queued', created);
    return created as JobOf<K>;
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
  resume(id: number, exclusiveWith: readonly JobKind[]): Job {
    const job = this.get(id);
    this.store.tx(() => {
      if (job.site_id != null) {
        for (const kind of exclusiveWith) {
          const active = this.store.jobs.activeFor(job.site_id, kind);
          if (active) {
            throw new ConflictError(
              `${capital(siteLabelById(this.store, job.site_id))} already has ${jobNoun(active.kind)} (job ${active.id}, ${active.status}).`,
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
    let rate = this.rates.get(id);
    if (!rate) this.rates.set(id, (rate = new JobRate()));
    rate.add(progress.phase, progress.done, this.now());
    const job = this.get(id);
    this.bus.emit('job.progress', job);
    return job;
  }

  /** How many times the job has been started, this run included. */
  attempts(id: number): number {
    return this.store.jobs.attempts(id);
  }

  checkpoint(id: number): unknown {
    return this.store.jobs.checkpoint(id);
  }

  saveCheckpoint(id: number, state: unknown): void {
    this.store.jobs.setCheckpoint(id, state);
  }

  finish(
    id: number,
    status: Exclude<JobStatus, 'queued' | 'running'>,
    result: Job['result'],
    error: JobError | null,
  ) {
    const changed = this.store.jobs.finish(id, status, result, error);
    this.rates.delete(id);
    if (!changed) return null;
    const job = this.get(id);
    this.bus.emit('job.finished', job);
    return job;
  }

  /** Puts a running job back in the queue (graceful shutdown) so the next start picks it up. */
  requeue(id: number, message: string): void {
    this.rates.delete(id);
    this.store.jobs.requeue(id, message);
  }

  withStatus(status: JobStatus): Job[] {
    return this.store.jobs.withStatus(status);
  }
}
