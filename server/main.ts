/**
 * Starts Siteloupe: data dir, database, services, job runner, then listens on 127.0.0.1 only. Used by
 * `siteloupe serve`, the Electron shell (in its main process, main/embedded-server.ts) and the process-level
 * tests.
 */
import { mkdirSync } from 'node:fs';
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { loadOrCreateToken } from './adapters/api-token.js';
import { removeServerFile, writeServerFile } from './adapters/server-file.js';
import { buildApp } from './app.js';
import { answerClientErrors } from './http/client-errors.js';
import type { ServerConfig } from './config.js';
import { EventBus } from './domain/events.js';
import { createServices, type Services } from './domain/services.js';
import { SitePasswords } from './domain/sites/site-passwords.js';
import { CrawlScheduler } from './jobs/crawl-scheduler.js';
import { JobRunner } from './jobs/job-runner.js';
import type { JobKind } from './jobs/job-kind.js';
import { wireChangeNotices } from './jobs/change-notices.js';
import { wireFollowUps } from './jobs/follow-ups.js';
import { builtinJobKinds } from './jobs/kinds/index.js';
import { createLogger, type Logger } from './logger.js';
import { createStore, openDatabase } from './store/index.js';
import { VERSION } from './version.js';

export const DB_FILE = 'siteloupe.db';

export interface RunningServer {
  url: string;
  port: number;
  token: string | null;
  /** The app itself, for callers in this process that dispatch to it without the network (`siteloupe mcp`). */
  app: RequestListener;
  services: Services;
  runner: JobRunner;
  logger: Logger;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Job kinds that replace the built-in ones of their names (tests run the runner with work they control). */
  jobKinds?: JobKind[];
  logger?: Logger;
}

/** The data dir's database, the services and a job runner (not started): what the server and CLI share. */
export function openRuntime(
  config: ServerConfig,
  opts: StartOptions & { runnerFilter?: (jobId: number) => boolean } = {},
) {
  const logger = opts.logger ?? createLogger(config.logLevel);
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const dbFile = join(config.dataDir, DB_FILE);
  // A database from before migration 30 hands its site passwords to the secret store as it opens.
  const db = openDatabase(dbFile, { movePasswords: (p) => new SitePasswords(dbFile).putAll(p) });
  const store = createStore(db, dbFile);
  const bus = new EventBus();
  const services = createServices(store, bus, {
    version: VERSION,
    resourcesDir: config.resourcesDir,
    logger,
  });
  const runner = new JobRunner(services.jobs, bus, logger, config.maxConcurrentJobs, opts.runnerFilter);
  for (const kind of builtinJobKinds(services, opts.jobKinds)) runner.register(kind);
  wireFollowUps(services, logger);
  wireChangeNotices(services, logger);
  return { logger, db, store, bus, services, runner };
}

export async function startServer(config: ServerConfig, opts: StartOptions = {}): Promise<RunningServer> {
  const { logger, db, services, runner } = openRuntime(config, opts);
  // The data dir's token proves this server to `siteloupe mcp` (`GET /health?challenge=`) even with --no-auth.
  const proofKey = loadOrCreateToken(config.dataDir);
  const token = config.auth ? proofKey : null;

  const { app } = buildApp({
    services,
    logger,
    token,
    proofKey,
    version: VERSION,
    bodyLimitBytes: config.bodyLimitBytes,
    uiDir: config.uiDir,
  });

  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, '127.0.0.1');
    s.once('listening', () => resolve(s));
    s.once('error', (err: NodeJS.ErrnoException) => {
      db.close();
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(
              `Port ${config.port} on 127.0.0.1 is in use. Choose another with --port N (0 picks a free one).`,
            )
          : err,
      );
    });
  });
  runner.start();
  answerClientErrors(server);
  const port = (server.address() as AddressInfo).port;
  // A crawl of this port would crawl the app itself.
  services.crawlTargets.servesOn(port);
  // After the port is known, so a schedule cannot crawl the app itself. Only a server runs schedules: a
  // `siteloupe crawl` in a terminal runs the one crawl it was asked for.
  const scheduler = new CrawlScheduler(services, logger);
  void scheduler.start();
  const url = `http://127.0.0.1:${port}/`;
  // Where local tools that know only the data dir (`siteloupe mcp`) find this server; removed on close, and on
  // any exit the process sees (process.exit, an uncaught exception or rejection). Signals are the command's to
  // handle (`serve` and `mcp` close on SIGINT, SIGTERM and SIGHUP); SIGKILL and the OOM killer leave the file,
  // which the token challenge then tells apart.
  const owner = { pid: process.pid, port };
  writeServerFile(config.dataDir, { url, ...owner });
  const removeOnExit = () => removeServerFile(config.dataDir, owner);
  process.on('exit', removeOnExit);

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      removeServerFile(config.dataDir, owner);
      process.off('exit', removeOnExit);
      scheduler.stop();
      await scheduler.settled();
      await runner.stop();
      await services.embeddings.close();
      // SSE connections never end on their own; closeAllConnections lets server.close() finish.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      db.close();
    })());

  return { url, port, token, app, services, runner, logger, close };
}
