/**
 * The child side of child-worker.ts: the IPC port a child worker talks through, and the guard that ends the
 * child when its parent is gone. A parent killed with SIGKILL cannot stop its children, and a child whose main
 * thread is inside a rule never sees the channel close; a small thread of its own notices the new parent pid and
 * kills the process, so no orphan keeps a core busy after the app has gone.
 */
import { writeSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { READY_MESSAGE, SIGNAL_FD } from './child-worker.js';

const CHECK_MS = 500;

export interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: never) => void): void;
  /**
   * Tells the parent this child listens, once its handler is on. A child takes ~0.2 s to start (seconds from
   * source under tsx, on a busy machine more): the parent does not count that against the first job's budget.
   */
  ready(): void;
  /** Writes one line (no newline in it) on the signal channel at once, whatever the IPC channel still holds. */
  signal(line: string): void;
}

/** The parent's port, when this process was started by spawnChildWorker; null otherwise. */
export function childPort(): ParentPort | null {
  const send = process.send?.bind(process);
  if (!send) return null;
  process.on('disconnect', () => process.exit(0));
  const parent = process.ppid;
  // `process.kill` works from a worker thread and ends the whole process, busy main thread or not.
  const guard = new Worker(
    `const parent = ${parent};
     setInterval(() => { if (process.ppid !== parent) process.kill(${process.pid}, 'SIGKILL'); }, ${CHECK_MS});`,
    { eval: true },
  );
  guard.unref();
  return {
    postMessage: (message) => void send(message as object),
    on: (event, listener) => void process.on(event, listener as (m: unknown) => void),
    ready: () => void send(READY_MESSAGE),
    signal: (line) => void writeSync(SIGNAL_FD, `${line}\n`),
  };
}
