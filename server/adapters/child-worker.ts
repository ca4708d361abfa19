/**
 * A worker in a child process, with the part of `worker_threads.Worker`'s surface the extraction pool uses.
 * Rules an analyst writes run on hostile pages, and a worker thread's heap cap does not hold against a rule that
 * allocates fast: V8 can abort the whole process before the thread is stopped (nodejs/node#47224; seen here with
 * `//div//div//div` over 3,000 nested divs at a 64 MB cap, the app gone with "Reached heap limit"). A child
 * process started with `--max-old-space-size` dies alone, and `SIGKILL` stops it whatever it runs.
 *
 * Messages use the IPC channel's `advanced` serialization (the structured clone workers use, Buffers included).
 * A child out of heap prints V8's "heap out of memory" on stderr and aborts; the exit reports it with the code
 * worker threads use, `ERR_WORKER_OUT_OF_MEMORY`. A child whose parent dies without stopping it (SIGKILL, a
 * crash) kills itself (child-worker-guard.ts), even while a rule holds its main thread.
 *
 * Beside the IPC channel a child has a signal channel, a pipe it writes short lines to synchronously: a message
 * the IPC channel could not write at once (a large answer the parent has not read yet) waits in the child's event
 * loop, and so does everything posted after it while the child's main thread runs on. A line on its own pipe
 * reaches the parent while the child is busy. The extraction pool's watchdog reads where a worker is from it:
 * posted behind a 300 KB answer, the news that a worker had begun its next page (a rule that never ends) was
 * stuck until that page ended, so the watchdog saw an idle worker and never stopped it (the crawl hung).
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface WorkerError extends Error {
  code?: string;
}

export interface WorkerLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): this;
  on(event: 'error', listener: (err: WorkerError) => void): this;
  on(event: 'exit', listener: (code: number) => void): this;
  /** A line the child wrote on its signal channel (`ParentPort.signal`), in order, apart from its messages. */
  on(event: 'signal', listener: (line: string) => void): this;
  terminate(): Promise<void>;
  ref(): void;
  unref(): void;
  /** For diagnosis: the process and whether its channel is open. */
  /** Whether the child has said it listens (`ParentPort.ready()`); the 'ready' event says when. */
  readonly ready: boolean;
  on(event: 'ready', listener: () => void): this;
  /** For diagnosis: the process and whether its channel is open. */
  describe(): { pid: number | undefined; connected: boolean; exited: boolean; ready: boolean };
}

/** What a child posts once it listens (child-worker-guard.ts); never passed on as a message. */
export const READY_MESSAGE = 'siteloupe:child-worker-ready';

/** How much of the child's stderr is kept to tell why it died. */
const STDERR_TAIL = 8_192;
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Allocation failed/;
/** The child's fd of its signal channel: after stdin, stdout, stderr and the IPC channel. */
export const SIGNAL_FD = 4;

class ChildWorker extends EventEmitter implements WorkerLike {
  private exited: Promise<void>;
  private stderr = '';
  ready = false;

  constructor(private readonly child: ChildProcess) {
    super();
    child.stderr?.setEncoding('utf8');
    // Reading why a child died must not keep the app alive; the process and its channel decide that.
    (child.stderr as { unref?: () => void } | null)?.unref?.();
    child.stderr?.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL);
    });
    const signals = child.stdio[SIGNAL_FD] as Readable | null;
    (signals as { unref?: () => void } | null)?.unref?.();
    let partial = '';
    signals?.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      for (const line of lines) this.emit('signal', line);
    });
    child.on('message', (m) => {
      if (m !== READY_MESSAGE) return void this.emit('message', m);
      this.ready = true;
      this.emit('ready');
    });
    // A message that cannot be sent (the child is gone) is answered by the exit, not thrown at the caller.
    child.on('error', () => {});
    this.exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        if (OUT_OF_MEMORY.test(this.stderr)) {
          const err: WorkerError = new Error('the extraction process ran out of memory');
          err.code = 'ERR_WORKER_OUT_OF_MEMORY';
          this.emit('error', err);
        }
        this.emit('exit', code ?? (signal ? 128 : 1));
        resolve();
      });
    });
  }

  postMessage(message: unknown): void {
    if (this.child.connected) this.child.send(message as object);
  }

  terminate(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      // Like a worker thread's terminate(), the caller may wait for the end: an unref'd child would let the
      // event loop finish before its exit is seen.
      this.child.ref();
      this.child.kill('SIGKILL');
    }
    return this.exited;
  }

  describe() {
    const { pid, connected, exitCode, signalCode } = this.child;
    return { pid, connected, exited: exitCode !== null || signalCode !== null, ready: this.ready };
  }

  ref(): void {
    this.child.ref();
    (this.child.channel as { ref?: () => void } | undefined)?.ref?.();
  }

  unref(): void {
    this.child.unref();
    (this.child.channel as { unref?: () => void } | undefined)?.unref?.();
  }
}

/**
 * Starts `compiled` (a module beside the caller) in a child process with a heap of `memoryMb`. Running from
 * source (tests, tsx), the `.ts` module runs with tsx's loader.
 */
export function spawnChildWorker(compiled: URL, memoryMb: number): WorkerLike {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = fileURLToPath(fromSource ? compiled.href.replace(/\.js$/, '.ts') : compiled);
  const execArgv = [`--max-old-space-size=${memoryMb}`];
  if (fromSource)
    execArgv.unshift('--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href);
  const child = fork(file, [], {
    execArgv,
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc', 'pipe'],
  });
  return new ChildWorker(child);
}
