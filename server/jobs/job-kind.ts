/** What a kind of job declares to the runner: how to run it, what it waits for, what to do after a restart. */
import type { JobWait } from '../domain/jobs/jobs-service.js';
import type {
  JobKind as JobKindName,
  JobOf,
  JobParamsOf,
  JobProgress,
  JobResultOf,
} from '../schemas/jobs.js';

export interface JobContext<K extends JobKindName = JobKindName> {
  job: JobOf<K>;
  /** The job's params, parsed with its kind's schema before the run starts. */
  params: JobParamsOf<K>;
  /** Aborted on cancel (`reason` 'cancel') and on shutdown (`reason` 'shutdown'). */
  signal: AbortSignal;
  /** True when this run continues one interrupted by a crash or shutdown. */
  resumed: boolean;
  /** Reports progress; stored at most every 250 ms (the last call is always stored). */
  progress(p: Partial<JobProgress>): void;
  /** Kind-specific resume state, kept in the job row across restarts; the kind checks what it reads back. */
  loadCheckpoint(): unknown;
  saveCheckpoint(state: unknown): void;
}

export interface JobKind<K extends JobKindName = JobKindName> {
  kind: K;
  /**
   * After a crash: `resume` continues from the checkpoint, `rerun` starts over, `fail` marks the job
   * failed with a reason (for work that must not be repeated blindly).
   */
  onRestart: 'resume' | 'rerun' | 'fail';
  /** Attempts for errors marked retryable; 1 means no retry. */
  maxAttempts?: number;
  /**
   * What a queued job of this kind waits for, or null when it may start (job-waits.ts). Asked each time the
   * runner looks for work, from what the database holds, so a wait survives a restart and ends however the job
   * it names ends; `run` then checks again what it needs and fails with the reason when it is not there.
   */
  waitsFor?(job: JobOf<K>): JobWait | null;
  // A method, so a JobKind<'crawl'> is a JobKind: the runner calls each with a context of its own kind only.
  run(ctx: JobContext<K>): Promise<JobResultOf<K>>;
}

/** A runner for every kind, by name: a kind added to `JOB_KINDS` without one here does not compile. */
export type JobRunners = { [K in JobKindName]: JobKind<K> };
