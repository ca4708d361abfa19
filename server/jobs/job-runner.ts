/**
 * Runs queued jobs with bounded concurrency. Jobs live in SQLite, so the runner is stateless across
 * restarts: at start it re-queues or fails what a crash left `running` (per kind), on graceful stop it
 * aborts running jobs and puts them back in the queue, and cancellation arrives as an AbortSignal.
 */
import { CancelledError, DomainError } from '../domain/errors.js';
import type { EventBus } from '../domain/events.js';
import { DONE_PHASE, WAITING_PHASE, type JobsService } from '../domain/jobs/jobs-service.js';
import { JOB_KINDS, type Job, type JobError, type JobProgress } from '../schemas/jobs.js';
import { problemType } from '../schemas/problems.js';
import type { Logger } from '../logger.js';
import type { JobContext, JobKind } from './job-kind.js';
import { JobWaits } from './job-waits.js';

const PROGRESS_WRITE_MS = 250;

interface Running {
  controller: AbortController;
  done: Promise<void>;
}

export class JobRunner {
  private readonly kinds = new Map<Job['kind'], JobKind>();
  private readonly running = new Map<number, Running>();
  private stopping = false;
  private started = false;
  private readonly waits: JobWaits;

  constructor(
    private readonly jobs: JobsService,
    private readonly bus: EventBus,
    private readonly logger: Logger,
    private readonly maxConcurrent = 2,
    /** Limits this runner to some jobs (the CLI runs only the crawl it started; a server runs all). */
    private readonly accepts: (jobId: number) => boolean = () => true,
  ) {
    this.waits = new JobWaits(jobs, bus, logger, (job) => this.kinds.get(job.kind));
  }

  register(kind: JobKind): this {
    if (this.kinds.has(kind.kind)) throw new Error(`job kind ${kind.kind} registered twice`);
    this.kinds.set(kind.kind, kind);
    return this;
  }

  /** Recovers jobs a crash left running, then starts taking queued jobs. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs.withStatus('running')) if (this.accepts(job.id)) this.recover(job);
    this.bus.on('job.queued', this.pumpSoon);
    // A job that ends without having run (cancelled while queued) may be the one a waiting job waits for.
    this.bus.on('job.finished', this.pumpSoon);
    this.bus.on('job.cancel-requested', this.onCancel);
    this.waits.start();
    this.pump();
  }

  private recover(job: Job): void {
    const kind = this.kinds.get(job.kind);
    if (kind?.onRestart === 'resume') {
      this.jobs.requeue(job.id, 'Resuming after Siteloupe restarted');
    } else if (kind?.onRestart === 'rerun') {
      this.jobs.saveCheckpoint(job.id, null);
      this.jobs.requeue(job.id, 'Running again after Siteloupe restarted');
    } else {
      this.jobs.finish(job.id, 'failed', null, {
        type: problemType('interrupted'),
        detail: kind
          ? 'Siteloupe stopped while this job ran; start it again.'
          : `Siteloupe stopped while this job ran, and this version has no job kind "${job.kind}".`,
        retryable: Boolean(kind),
      });
    }
  }

  private readonly onCancel = (id: number): void => {
    this.running.get(id)?.controller.abort('cancel');
  };

  /**
   * A job queued is looked at once what queued it has finished: the follow-ups of a crawl queue its audit and its
   * embed job in one go, and a job waiting for the embedding must not be started between the two, when the crawl
   * is over and no embed job exists yet.
   */
  private readonly pumpSoon = (): void => {
    setImmediate(this.pump);
  };

  private readonly pump = (): void => {
    if (this.stopping) return;
    while (this.running.size < this.maxConcurrent) {
      // A job waiting for another's work is passed over: the work it waits for may need the slot.
      const next = this.jobs
        .withStatus('queued')
        .find((j) => !this.running.has(j.id) && this.accepts(j.id) && !this.waits.holds(j));
      if (!next) return;
      this.launch(next);
    }
  };

  private launch(queued: Job): void {
    const kind = this.kinds.get(queued.kind);
    if (!kind) {
      this.jobs.finish(queued.id, 'failed', null, {
        type: problemType('unknown-job-kind'),
        detail: `This version of Siteloupe cannot run jobs of kind "${queued.kind}".`,
        retryable: false,
      });
      return;
    }
    const job = this.jobs.markRunning(queued.id);
    if (!job) return; // cancelled between listing and starting
    const controller = new AbortController();
    const entry: Running = { controller, done: Promise.resolve() };
    this.running.set(job.id, entry);
    entry.done = this.execute(kind, job, controller.signal).finally(() => {
      this.running.delete(job.id);
      setImmediate(this.pump);
    });
  }

  private async execute(kind: JobKind, job: Job, signal: AbortSignal): Promise<void> {
    const params = JOB_KINDS[job.kind].params.safeParse(job.params);
    if (!params.success) {
      const why = params.error.issues.map((i) => `${i.path.join('.') || 'params'} ${i.message}`).join('; ');
      this.jobs.finish(job.id, 'failed', null, {
        type: problemType('validation'),
        detail: `This ${job.kind} job's stored params are not valid (${why}); start it again.`,
        retryable: false,
      });
      return;
    }
    // A job that waited starts without the message of its wait.
    let last: JobProgress =
      job.progress.phase === WAITING_PHASE
        ? { phase: 'starting', done: 0, total: null, message: '' }
        : job.progress;
    if (last !== job.progress) this.jobs.setProgress(job.id, last);
    let lastWrite = 0;
    let trailing: NodeJS.Timeout | null = null;
    // Work the job left running (a late note, a straggling callback) may report after it settled: its progress
    // is over by then, and a delayed write could land after the store is closed (the CLI closes it at once).
    let settled = false;
    const write = () => {
      trailing = null;
      lastWrite = Date.now();
      this.jobs.setProgress(job.id, last);
    };
    const ctx: JobContext = {
      job,
      params: params.data,
      signal,
      resumed: this.jobs.attempts(job.id) > 1,
      progress: (p) => {
        if (settled) return;
        last = { ...last, ...p };
        if (Date.now() - lastWrite >= PROGRESS_WRITE_MS) write();
        else trailing ??= setTimeout(write, PROGRESS_WRITE_MS - (Date.now() - lastWrite));
      },
      loadCheckpoint: () => this.jobs.checkpoint(job.id),
      saveCheckpoint: (state) => this.jobs.saveCheckpoint(job.id, state),
    };
    try {
      const result = await kind.run(ctx).finally(() => (settled = true));
      if (trailing) clearTimeout(trailing);
      if (signal.aborted) throw new CancelledError(String(signal.reason));
      this.jobs.setProgress(job.id, { ...last, phase: DONE_PHASE, message: 'Finished' });
      this.jobs.finish(job.id, 'succeeded', result, null);
    } catch (err) {
      if (trailing) clearTimeout(trailing);
      this.settleFailure(kind, job, signal, err);
    }
  }

  private settleFailure(kind: JobKind, job: Job, signal: AbortSignal, err: unknown): void {
    if (signal.aborted && signal.reason === 'shutdown') {
      this.jobs.requeue(job.id, 'Paused when Siteloupe stopped; resumes on next start');
      return;
    }
    if (signal.aborted) {
      this.jobs.finish(job.id, 'cancelled', null, null);
      return;
    }
    const retryable = err instanceof DomainError && err.retryable;
    const error: JobError = {
      type: problemType(err instanceof DomainError ? err.kind : 'internal'),
      detail: err instanceof Error ? err.message : String(err),
      retryable,
    };
    if (!(err instanceof DomainError)) this.logger.error(`job ${job.id} (${job.kind}) failed`, err);
    if (retryable && this.attemptsLeft(kind, job)) {
      this.jobs.requeue(job.id, `Retrying after: ${error.detail}`);
      setImmediate(this.pump);
      return;
    }
    this.jobs.finish(job.id, 'failed', null, error);
  }

  private attemptsLeft(kind: JobKind, job: Job): boolean {
    return this.jobs.attempts(job.id) < (kind.maxAttempts ?? 1);
  }

  /** Aborts running jobs and waits for them to settle; they go back to the queue for the next start. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopping = true;
    this.bus.off('job.queued', this.pumpSoon);
    this.bus.off('job.finished', this.pumpSoon);
    this.bus.off('job.cancel-requested', this.onCancel);
    this.waits.stop();
    const all = [...this.running.values()];
    for (const r of all) r.controller.abort('shutdown');
    await Promise.race([
      Promise.allSettled(all.map((r) => r.done)),
      new Promise((resolve) => setTimeout(resolve, timeoutMs).unref()),
    ]);
  }

  get activeCount(): number {
    return this.running.size;
  }
}
