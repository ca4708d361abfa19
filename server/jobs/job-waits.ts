/**
 * Jobs queued behind another job's work: an idea check, a campaign action or a similarity analysis asked for
 * while the site's passages are being embedded. The runner starts none of them while its kind's `waitsFor` names
 * a job, so a waiting job takes no runner slot (two slots, and the embed job it waits for needs one). Nothing is
 * stored about a wait but the progress it shows: it is read from the database each time the runner looks for
 * work, so it survives a restart, and it ends however the awaited job ends (the job then runs, and its kind checks
 * again what it needs, failing with the reason when the awaited job was cancelled or failed). While a job waits its
 * progress follows what it waits for, so a client sees the time left shrink.
 */
import { NotFoundError } from '../domain/errors.js';
import type { EventBus } from '../domain/events.js';
import type { JobsService } from '../domain/jobs/jobs-service.js';
import type { Job, JobProgress } from '../schemas/jobs.js';
import type { Logger } from '../logger.js';
import type { JobKind } from './job-kind.js';

/**
 * How often a waiting job's progress is recomputed while the job it waits for moves: each recomputation is a
 * few counts over the site's pages (~1 ms for 1,169 pages) and a progress event per waiting job.
 */
const REFRESH_MS = 2_000;

const sameProgress = (a: JobProgress, b: JobProgress) =>
  a.phase === b.phase && a.done === b.done && a.total === b.total && a.message === b.message;

export class JobWaits {
  /** Waiting job → the job it waits for, as last seen. */
  private readonly waiting = new Map<number, number>();
  /** Awaited job → when the progress of the jobs waiting for it was last recomputed. */
  private readonly refreshed = new Map<number, number>();

  constructor(
    private readonly jobs: JobsService,
    private readonly bus: EventBus,
    private readonly logger: Logger,
    private readonly kindOf: (job: Job) => JobKind | undefined,
  ) {}

  start(): void {
    this.bus.on('job.progress', this.onProgress);
    this.bus.on('job.finished', this.onFinished);
  }

  stop(): void {
    this.bus.off('job.progress', this.onProgress);
    this.bus.off('job.finished', this.onFinished);
  }

  /** True while the queued `job` must wait; its progress says for what. */
  holds(job: Job): boolean {
    let wait;
    try {
      wait = this.kindOf(job)?.waitsFor?.(job) ?? null;
    } catch (err) {
      // A wait that cannot be read must not stall the queue: the job runs, and its own checks say what is wrong.
      this.logger.error(`job ${job.id} (${job.kind}): could not read what it waits for`, err);
      wait = null;
    }
    if (!wait) {
      this.waiting.delete(job.id);
      return false;
    }
    this.waiting.set(job.id, wait.job_id);
    if (!sameProgress(job.progress, wait.progress)) this.jobs.setProgress(job.id, wait.progress);
    return true;
  }

  private readonly onProgress = (moved: Job): void => {
    const now = Date.now();
    if (now - (this.refreshed.get(moved.id) ?? 0) < REFRESH_MS) return;
    const behind = [...this.waiting].filter(([, awaited]) => awaited === moved.id).map(([id]) => id);
    if (!behind.length) return;
    this.refreshed.set(moved.id, now);
    for (const id of behind) {
      const job = this.current(id);
      if (job?.status === 'queued') this.holds(job);
      else this.waiting.delete(id);
    }
  };

  /** The job as stored now; null when it is gone (its site was deleted). */
  private current(id: number): Job | null {
    try {
      return this.jobs.get(id);
    } catch (err) {
      if (err instanceof NotFoundError) return null;
      throw err;
    }
  }

  private readonly onFinished = (job: Job): void => {
    this.waiting.delete(job.id);
    this.refreshed.delete(job.id);
  };
}
