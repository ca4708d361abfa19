/**
 * Follows jobs for a command-line run: progress on one line that rewrites itself in a terminal, or a line every
 * few seconds when the output is a file or a pipe, and the finished job back (an Error when it did not succeed).
 */
import type { EventBus } from '../domain/events.js';
import { DONE_PHASE, type JobsService } from '../domain/jobs/jobs-service.js';
import type { Job, JobProgress, Succeeded } from '../schemas/jobs.js';

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);
const PIPE_EVERY_MS = 3000;

/**
 * One progress line: `12/45 pages · message`, or the message alone while a job has counted nothing and knows no
 * total (an audit runs its checks in one go: "0 checks" would read as "it checked nothing").
 */
export function progressLine(p: JobProgress, unit: string): string {
  const count = p.total ? `${p.done}/${p.total} ${unit}` : p.done ? `${p.done} ${unit}` : '';
  return [count, p.message].filter(Boolean).join(' · ');
}

export class JobWatcher {
  private readonly stops = new Set<() => void>();

  constructor(
    private readonly bus: EventBus,
    private readonly jobs: JobsService,
    private readonly out: NodeJS.WritableStream & { isTTY?: boolean },
  ) {}

  /** Resolves with the job once it succeeded (typed as its kind, with its result); rejects with its error otherwise. */
  run<J extends Job>(job: J, unit: string): Promise<Succeeded<J>> {
    const tty = Boolean(this.out.isTTY);
    let lastLine = 0;
    let drawn = false;
    const onProgress = (j: Job) => {
      // The runner's last word ("Finished") says nothing the caller's summary line will not say better.
      if (j.id !== job.id || j.progress.phase === DONE_PHASE) return;
      const now = Date.now();
      const line = `      ${progressLine(j.progress, unit)}`;
      if (tty) {
        this.out.write(`\r${line.slice(0, 110)}\x1b[K`);
        drawn = true;
      } else if (now - lastLine >= PIPE_EVERY_MS) {
        this.out.write(`${line}\n`);
        lastLine = now;
      }
    };
    return new Promise<Succeeded<J>>((resolve, reject) => {
      const settle = (j: Job) => {
        stop();
        if (drawn) this.out.write('\r\x1b[K');
        // The same job (same id, so the same kind) as `job`, read again; a succeeded job stores its result.
        if (j.status === 'succeeded' && j.result) resolve(j as Succeeded<J>);
        else reject(new Error(`${j.kind} job ${j.id} ${j.status}${j.error ? `: ${j.error.detail}` : ''}`));
      };
      const onFinished = (j: Job) => j.id === job.id && settle(j);
      const stop = () => {
        this.bus.off('job.progress', onProgress);
        this.bus.off('job.finished', onFinished);
        this.stops.delete(stop);
      };
      this.stops.add(stop);
      this.bus.on('job.progress', onProgress);
      this.bus.on('job.finished', onFinished);
      // It may have finished before anyone listened.
      const now = this.jobs.get(job.id);
      if (TERMINAL.has(now.status)) settle(now);
    });
  }

  close(): void {
    for (const stop of [...this.stops]) stop();
  }
}
