/**
 * MCP progress for jobs: when a client asks for progress on a call that starts a job (it sends a
 * `progressToken`), the call waits for the job and reports its progress as `notifications/progress`, then answers
 * with the finished job. Without a token the call answers at once with the queued job, and `jobs_get` follows it.
 * Cancelling the call (the client's `notifications/cancelled`) stops the waiting, not the job: cancelling work is
 * `jobs_cancel`'s, an explicit act, and a client may cancel a call only because it tired of waiting.
 */
import { FINISHED_STATUSES, type Job } from '../schemas/jobs.js';
import { readCall } from './api-reader.js';
import type { Dispatch } from './tool-call.js';

export interface ProgressUpdate {
  progress: number;
  total?: number;
  message: string;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/** Progress must grow with every notification; a job's `done` restarts at each phase, so phases are counted in. */
function progressOf(job: Job, phases: string[]): ProgressUpdate {
  const p = job.progress;
  if (!phases.includes(p.phase)) phases.push(p.phase);
  const phaseIndex = phases.indexOf(p.phase);
  const fraction = p.total ? Math.min(1, p.done / p.total) : 0;
  const message = `${job.kind} ${job.id} ${job.status}: ${p.message || p.phase}${p.total ? ` (${p.done}/${p.total})` : ''}`;
  return { progress: phaseIndex + fraction, message };
}

/**
 * Polls `GET /jobs/{id}` until the job finishes or `signal` aborts, calling `notify` whenever the progress moves.
 * Returns the last state read (finished, or the latest when the wait was cancelled).
 */
export async function followJob(
  dispatch: Dispatch,
  job: Job,
  notify: (update: ProgressUpdate) => Promise<void>,
  signal: AbortSignal,
  intervalMs = 500,
): Promise<Job> {
  const phases: string[] = [];
  let last = job;
  let lastProgress = -1;
  let lastMessage = '';
  for (;;) {
    const update = progressOf(last, phases);
    if (update.progress > lastProgress || update.message !== lastMessage) {
      // Equal progress with a new message is still news; the spec wants it not to go down, which it never does.
      const progress = Math.max(update.progress, lastProgress);
      lastProgress = progress;
      lastMessage = update.message;
      await notify({ ...update, progress });
    }
    if (FINISHED_STATUSES.includes(last.status) || signal.aborted) return last;
    await sleep(intervalMs, signal);
    if (signal.aborted) return last;
    const read = await readCall(dispatch, 'jobs.get', { job_id: job.id });
    if (!read.ok) return last;
    last = read.value;
  }
}
