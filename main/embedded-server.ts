/**
 * Hosts the Siteloupe server inside the Electron main process, on a free 127.0.0.1 port.
 *
 * Why in-process: it is the same `startServer` that `siteloupe serve` calls, so the desktop app and the browser
 * UI run one code path, and the shell needs no second runtime to fork, no stdout line to parse for the port and
 * no shutdown message protocol: it reads the port from the listening socket and closes the server by calling
 * it. The event loop it shares with the window management stays free because the heavy work already runs
 * elsewhere: HTML parsing and MinHash in extraction worker threads, model inference in the embedder's worker
 * thread, rendering and PDF printing in Chromium processes; the long loops left on the main thread (similarity
 * scoring, exports) yield between slices.
 *
 * Why no `electron` import here: the tests run this module under plain Node, where no Electron binary exists.
 * main.ts passes in what only Electron knows (the user-data, resources and app folders).
 */
import type { ServerConfig } from '../server/config.js';
import type { RunningServer } from '../server/main.js';
import type { SiteChangedEvent } from '../server/schemas/events.js';

export interface EmbeddedServerOptions {
  /** Where the database and the API token live (the shell uses `<userData>/data`). */
  dataDir: string;
  /** Models and sample site; the packaged app has them in Electron's resources folder, outside app.asar. */
  resourcesDir?: string;
  /** The built renderer; the packaged app reads it from inside app.asar through Electron's fs. */
  uiDir?: string;
  /** Read for `SITELOUPE_LOG_LEVEL` (and the resources folder, when no option names it). */
  env?: NodeJS.ProcessEnv;
}

/** How `stop()` ended: closed cleanly, still closing when the time ran out, or failed (the error is logged). */
export type StopOutcome = 'closed' | 'timed-out' | 'failed';

export interface EmbeddedServer {
  /** `http://127.0.0.1:PORT/?token=…`: the server turns the token into an HttpOnly cookie and redirects to `/`. */
  readonly openUrl: string;
  /** `http://127.0.0.1:PORT`: the only origin the window may show. */
  readonly origin: string;
  readonly dataDir: string;
  /**
   * Pauses running jobs (they resume on the next start), closes the embedder, the HTTP server and its open
   * event streams, then the database. Resolves after `timeoutMs` at the latest, so quitting never hangs on a
   * job that does not stop; later calls return the first call's promise.
   */
  stop(timeoutMs?: number): Promise<StopOutcome>;
  /** Calls `listener` with each `site.changed` notice (after a scheduled crawl); returns the unsubscribe. */
  onSiteChanged(listener: (event: SiteChangedEvent) => void): () => void;
}

export const STOP_TIMEOUT_MS = 5_000;

export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  // Loaded here rather than at the top of the file: a native module built for another ABI fails inside this
  // call, where the shell can still show a dialog, and a second app instance that only hands over to the
  // first never loads the server at all.
  const [{ resolveConfig }, { startServer }] = await Promise.all([
    import('../server/config.js'),
    import('../server/main.js'),
  ]);
  const config: ServerConfig = resolveConfig(
    {
      port: 0,
      dataDir: options.dataDir,
      auth: true,
      resourcesDir: options.resourcesDir,
      uiDir: options.uiDir,
    },
    options.env ?? process.env,
  );
  const server = await startServer(config);
  if (!server.token) {
    await server.close();
    throw new Error('The server started without an API token; the desktop app always runs with one.');
  }
  return wrap(server, config.dataDir, server.token);
}

function wrap(server: RunningServer, dataDir: string, token: string): EmbeddedServer {
  let stopping: Promise<StopOutcome> | undefined;
  return {
    openUrl: `${server.url}?token=${encodeURIComponent(token)}`,
    origin: new URL(server.url).origin,
    dataDir,
    onSiteChanged(listener) {
      server.services.bus.on('site.changed', listener);
      return () => server.services.bus.off('site.changed', listener);
    },
    stop(timeoutMs = STOP_TIMEOUT_MS) {
      stopping ??= new Promise<StopOutcome>((resolve) => {
        const timer = setTimeout(() => {
          server.logger.warn(`the server was still closing after ${timeoutMs} ms; quitting anyway`);
          resolve('timed-out');
        }, timeoutMs);
        server.close().then(
          () => {
            clearTimeout(timer);
            resolve('closed');
          },
          (err: unknown) => {
            clearTimeout(timer);
            server.logger.error('the server did not close cleanly', err);
            resolve('failed');
          },
        );
      });
      return stopping;
    },
  };
}

/**
 * The text of the dialog shown when the server cannot start: the error's own message, plus what to do for the
 * failures a user or packager can fix.
 */
export function explainStartError(err: unknown, dataDir: string): string {
  const message = err instanceof Error ? err.message : String(err);
  if (/NODE_MODULE_VERSION/.test(message)) {
    return (
      `${message}\n\nA native module (SQLite) was built for a different Node.js than the one inside this ` +
      'Electron. Rebuild native modules for Electron: node scripts/desktop.js install-app-deps'
    );
  }
  if (/database is locked|SQLITE_BUSY/i.test(message)) {
    return (
      `${message}\n\nAnother program is using the database in ${dataDir} (for example \`siteloupe serve\` ` +
      'with the same data folder). Close it and start Siteloupe again.'
    );
  }
  if (/EACCES|EPERM|EROFS/.test(message) || hasCode(err, ['EACCES', 'EPERM', 'EROFS'])) {
    return `${message}\n\nSiteloupe needs to write to ${dataDir}. Check the folder's permissions and free space.`;
  }
  return message;
}

function hasCode(err: unknown, codes: string[]): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && codes.includes(code);
}
