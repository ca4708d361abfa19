/** What a kind of job declares to the runner: how to run it and what to do after a restart. */
import type { Job, JobProgress } from '../schemas/jobs.js';

export interface JobContext {
  job: Job;
  /** Aborted on cancel (`reason` 'cancel') and on shutdown (`reason` 'shutdown'). */
  signal: AbortSignal;
  /** True when this run continues one interrupted by a crash or shutdown. */
  resumed: boolean;
  /** Reports progress; stored at most every 250 ms (the last call is always stored). */
  progress(p: Partial<JobProgress>): void;
  /** Kind-specific resume state, kept in the job row across restarts. */
  loadCheckpoint<T>(): T | null;
  saveCheckpoint(state: unknown): void;
}

export interface JobKind {
  kind: string;
  /**
   * After a crash: `resume` continues from the checkpoint, `rerun` starts over, `fail` marks the job
   * failed with a reason (for work that must not be repeated blindly).
   */
  onRestart: 'resume' | 'rerun' | 'fail';
  /** Attempts for errors marked retryable; 1 means no retry. */
  maxAttempts?: number;
  run(ctx: JobContext): Promise<Record<string, unknown> | void>;
}
