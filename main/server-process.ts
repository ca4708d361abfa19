/**
 * Runs the Siteloupe server in an Electron utility process and finds its URL.
 *
 * Why a separate process: main/ may share only types with server/, and a crashed or busy server (crawls, SQLite,
 * embeddings) must not freeze the window. The child is the ordinary CLI (`bin/siteloupe.js serve`), so the
 * desktop app and `npx siteloupe serve` start the server the same way; the shell learns the port and token from
 * the `Open: <url>` line the CLI prints, because the port is chosen by the OS (`--port 0`).
 */
import { createInterface } from 'node:readline';
import { utilityProcess, type UtilityProcess } from 'electron';

/** What the shell needs once the server listens. */
export interface ServerInfo {
  /** The link printed after `Open: ` (carries `?token=` when auth is on; the server turns it into a cookie). */
  openUrl: string;
  /** `http://127.0.0.1:PORT`: the only origin the window may show. */
  origin: string;
}

export interface StartServerOptions {
  /** Absolute path of `bin/siteloupe.js` (inside app.asar when packaged). */
  entry: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** How long to wait for the `Open:` line before giving up. */
  readyTimeoutMs?: number;
  /** Called when the server dies after it was ready and nobody asked it to stop (a crash). */
  onCrash?: (message: string) => void;
}

export interface ServerHandle {
  /** Resolves when the server printed its URL; rejects with a readable message (stderr tail included). */
  readonly ready: Promise<ServerInfo>;
  /** True until the child process exited. */
  readonly running: boolean;
  /**
   * Asks the server to stop with a `shutdown` message (it pauses jobs and closes the database), sends SIGTERM
   * halfway through `timeoutMs`, and kills it when the time is up. Idempotent.
   */
  stop(timeoutMs?: number): Promise<void>;
}

const OPEN_LINE = /^Open: (\S+)\s*$/;
/** Understood by `siteloupe serve` when it runs in a utility process (see server/cli/serve.ts). */
const SHUTDOWN_MESSAGE = { type: 'shutdown' };
const STDERR_TAIL_LINES = 20;

/** Forks the server; call after `app` is ready (utilityProcess requires it). */
export function startServer(options: StartServerOptions): ServerHandle {
  const child: UtilityProcess = utilityProcess.fork(
    options.entry,
    ['serve', '--port', '0', '--data-dir', options.dataDir, '--no-open'],
    { stdio: 'pipe', env: options.env, serviceName: 'Siteloupe server' },
  );

  const stderrTail: string[] = [];
  let exited = false;
  let wasReady = false;
  let stopping: Promise<void> | undefined;
  let settle: { resolve: (info: ServerInfo) => void; reject: (err: Error) => void } | undefined;

  const ready = new Promise<ServerInfo>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const withTail = (reason: string) =>
    stderrTail.length > 0 ? `${reason}\n\nLast messages from the server:\n${stderrTail.join('\n')}` : reason;
  const fail = (reason: string) => {
    if (!settle) return;
    settle.reject(new Error(withTail(reason)));
    settle = undefined;
  };

  const readyTimeoutMs = options.readyTimeoutMs ?? 20_000;
  const timer = setTimeout(() => {
    fail(`The server did not start within ${Math.round(readyTimeoutMs / 1000)} s.`);
    child.kill();
  }, readyTimeoutMs);

  if (child.stdout) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      process.stdout.write(`[server] ${line}\n`);
      const match = OPEN_LINE.exec(line);
      if (!match || !settle) return;
      const info = parseOpenUrl(match[1]!);
      clearTimeout(timer);
      if (info) {
        wasReady = true;
        settle.resolve(info);
        settle = undefined;
      } else {
        fail(`The server printed an address that is not a local http URL: ${match[1]!}`);
        child.kill();
      }
    });
  }
  if (child.stderr) {
    createInterface({ input: child.stderr }).on('line', (line) => {
      process.stderr.write(`[server] ${line}\n`);
      if (line.trim() === '') return;
      stderrTail.push(line);
      if (stderrTail.length > STDERR_TAIL_LINES) stderrTail.shift();
    });
  }

  child.on('error', (type, location) => {
    stderrTail.push(`${type} at ${location}`);
  });
  child.once('exit', (code) => {
    exited = true;
    clearTimeout(timer);
    // The stderr stream may still hold the last lines; let readline flush them before reporting.
    setImmediate(() => {
      if (settle) fail(`The server exited (code ${code}) before it was ready.`);
      else if (wasReady && !stopping)
        options.onCrash?.(withTail(`The server stopped unexpectedly (code ${code}).`));
    });
  });

  return {
    ready,
    get running() {
      return !exited;
    },
    stop(timeoutMs = 5_000) {
      if (exited) return Promise.resolve();
      stopping ??= new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          if (!exited && child.pid !== undefined) {
            try {
              process.kill(child.pid, 'SIGKILL');
            } catch {
              // already gone
            }
          }
          resolve();
        }, timeoutMs);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        // The message works on every platform (the server pauses jobs and closes the database); SIGTERM from
        // kill() is the POSIX fallback should the message not be handled.
        child.postMessage(SHUTDOWN_MESSAGE);
        setTimeout(() => {
          if (!exited) child.kill();
        }, timeoutMs / 2).unref();
      });
      return stopping;
    },
  };
}

/** Accepts only a loopback http URL: the window must never be pointed elsewhere by a stray stdout line. */
function parseOpenUrl(text: string): ServerInfo | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol !== 'http:' || !loopback) return undefined;
  return { openUrl: url.href, origin: url.origin };
}
