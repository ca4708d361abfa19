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
 */
import { fork, type ChildProcess } from 'node:child_process';
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
  terminate(): Promise<void>;
  ref(): void;
  unref(): void;
}

/** How much of the child's stderr is kept to tell why it died. */
const STDERR_TAIL = 8_192;
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Allocation failed/;

class ChildWorker extends EventEmitter implements WorkerLike {
  private exited: Promise<void>;
  private stderr = '';

  constructor(private readonly child: ChildProcess) {
    super();
    child.stderr?.setEncoding('utf8');
    // Reading why a child died must not keep the app alive; the process and its channel decide that.
    (child.stderr as { unref?: () => void } | null)?.unref?.();
    child.stderr?.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL);
    });
    child.on('message', (m) => this.emit('message', m));
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
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  return new ChildWorker(child);
}
