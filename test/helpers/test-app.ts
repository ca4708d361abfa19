/**
 * A real app on a fresh migrated SQLite file in a temp dir, with a real job runner, for supertest. Each call
 * gets its own data dir; `close()` stops the runner and removes the directory.
 */
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after } from 'node:test';
import supertest from 'supertest';
import { apiCaller } from './api-call.js';
import { buildApp } from '../../server/app.js';
import { answerClientErrors } from '../../server/http/client-errors.js';
import { EventBus } from '../../server/domain/events.js';
import { createServices } from '../../server/domain/services.js';
import { SitePasswords } from '../../server/domain/sites/site-passwords.js';
import { CrawlScheduler, type SchedulerClock } from '../../server/jobs/crawl-scheduler.js';
import { JobRunner } from '../../server/jobs/job-runner.js';
import type { JobKind } from '../../server/jobs/job-kind.js';
import { wireChangeNotices } from '../../server/jobs/change-notices.js';
import { wireFollowUps } from '../../server/jobs/follow-ups.js';
import { builtinJobKinds } from '../../server/jobs/kinds/index.js';
import { createLogger, type Logger } from '../../server/logger.js';
import { Problem } from '../../server/schemas/common.js';
import { problemType, type ProblemKind } from '../../server/schemas/problems.js';
import { createStore, openDatabase } from '../../server/store/index.js';
import { PROJECT_ROOT, VERSION } from '../../server/version.js';

export const TEST_TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuv';

export interface TestAppOptions {
  auth?: boolean;
  jobKinds?: JobKind[];
  bodyLimitBytes?: number;
  startRunner?: boolean;
  /** Defaults to the project's resources (the built model lives there). */
  resourcesDir?: string;
  /** Queue embeddings after crawls, as the server does. */
  followUps?: boolean;
  /** Defaults to a silent one; tests that check what is logged pass their own. */
  logger?: Logger;
  /** The built renderer to serve at `/` (browser tests); by default none, so `/` shows the fallback page. */
  uiDir?: string;
  /** A database file to open (or create) instead of a fresh one in a temp dir: benchmarks that keep a crawl. */
  dbFile?: string;
  /**
   * Runs the crawl scheduler as the server does, on this clock (which `next_crawl_at` reads too); its start-up
   * pass is done when the app is returned. Without it no schedule runs.
   */
  scheduler?: { clock: SchedulerClock };
}

export function makeTempDir(prefix = 'siteloupe-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A temp-dir maker for one test file: every folder it made is removed by the file's last hook. */
export function tempDirsRemovedAfter(): () => string {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  return () => {
    const d = makeTempDir();
    dirs.push(d);
    return d;
  };
}

/** supertest parser: the whole body as one UTF-8 string. */
function bytes(
  res: { on(e: string, f: (c?: Buffer) => void): void },
  cb: (err: Error | null, body: Buffer) => void,
): void {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

function utf8Text(
  res: { setEncoding(e: string): void; on(e: string, f: (c?: string) => void): void },
  cb: (err: Error | null, body: string) => void,
): void {
  let data = '';
  res.setEncoding('utf8');
  res.on('data', (c) => (data += c));
  res.on('end', () => cb(null, data));
}

export async function createTestApp(opts: TestAppOptions = {}) {
  const dir = makeTempDir();
  const file = opts.dbFile ?? join(dir, 'siteloupe.db');
  const db = openDatabase(file, { movePasswords: (p) => new SitePasswords(file).putAll(p) });
  const store = createStore(db, file);
  const bus = new EventBus();
  const logger = opts.logger ?? createLogger('silent');
  const services = createServices(store, bus, {
    version: VERSION,
    resourcesDir: opts.resourcesDir ?? join(PROJECT_ROOT, 'resources'),
    logger,
    ...(opts.scheduler ? { now: () => opts.scheduler!.clock.now() } : {}),
  });
  const runner = new JobRunner(services.jobs, bus, logger, 2);
  for (const k of builtinJobKinds(services, opts.jobKinds)) runner.register(k);
  if (opts.followUps) {
    wireFollowUps(services, logger);
    wireChangeNotices(services, logger);
  }
  if (opts.startRunner ?? true) runner.start();
  const token = opts.auth === false ? null : TEST_TOKEN;
  const built = buildApp({
    services,
    logger,
    token,
    version: VERSION,
    bodyLimitBytes: opts.bodyLimitBytes ?? 1024 * 1024,
    uiDir: opts.uiDir ?? join(dir, 'no-ui'),
    validateResponses: true,
  });
  // A real listening socket on 127.0.0.1, so Host checks see one fixed port as they do in production.
  const server = built.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  answerClientErrors(server);
  const port = (server.address() as AddressInfo).port;
  services.crawlTargets.servesOn(port);
  const scheduler = opts.scheduler ? new CrawlScheduler(services, logger, opts.scheduler) : null;
  await scheduler?.start();
  const baseUrl = `http://127.0.0.1:${port}`;
  const http = supertest(baseUrl);
  const auth = { Authorization: `Bearer ${TEST_TOKEN}` };
  const typed = apiCaller(http, auth);
  return {
    ...built,
    dir,
    file,
    db,
    store,
    bus,
    services,
    runner,
    scheduler,
    http,
    port,
    baseUrl,
    auth,
    /** A typed call by operation id: asserts its documented success status and returns its body, typed. */
    call: typed.call,
    /** The request of a typed call, for tests that look at the status, headers or a problem. */
    send: typed.send,
    /** The typed body of what `send` answered, once its documented success status is asserted. */
    answer: typed.answer,
    /** Every item of a keyset-paged list, page after page, typed as the list's items. */
    callAll: typed.callAll,
    get: (path: string) => http.get(path).set(auth),
    /** A GET whose body is read as UTF-8 text whatever its media type (CSV, NDJSON, HTML, XML downloads). */
    getText: (path: string) => http.get(path).set(auth).buffer(true).parse(utf8Text),
    /** A GET of an XLSX download, opened as a workbook. */
    async getWorkbook(path: string): Promise<ExcelJS.Workbook> {
      const res = await http.get(path).set(auth).buffer(true).parse(bytes);
      assert.equal(res.status, 200, `${path} answered ${res.status}`);
      const body = bytesOf(res);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(
        body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
      );
      return book;
    },
    post: (path: string, body?: object) => http.post(path).set(auth).send(body),
    patch: (path: string, body?: object) => http.patch(path).set(auth).send(body),
    put: (path: string, body?: object) => http.put(path).set(auth).send(body),
    del: (path: string) => http.delete(path).set(auth),
    async close() {
      scheduler?.stop();
      await scheduler?.settled();
      await runner.stop(2000);
      await services.embeddings.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The body of a `getText` answer, or of a request parsed the same way: one UTF-8 string. */
export function textOf(res: { body: unknown }): string {
  const body = res.body;
  assert.ok(typeof body === 'string', `the answer was read as text, not ${typeof body}`);
  return body;
}

/** The body of a download read as bytes (a workbook, a PDF). */
export function bytesOf(res: { body: unknown }): Buffer {
  const body = res.body;
  assert.ok(Buffer.isBuffer(body), 'the answer was read as bytes');
  return body;
}

type Answered = { status: number; headers: Record<string, string>; body: unknown };

/**
 * Asserts `res` is the problem+json answer of `kind` with `status`, and returns its body; a validation problem
 * lists the fields at fault, so its `errors` are asserted too.
 */
export function assertProblem(
  res: Answered,
  status: number,
  kind: 'validation',
): Problem & { errors: NonNullable<Problem['errors']> };
export function assertProblem(res: Answered, status: number, kind: ProblemKind): Problem;
export function assertProblem(res: Answered, status: number, kind: ProblemKind): Problem {
  const body = Problem.safeParse(res.body);
  const ok =
    res.status === status &&
    String(res.headers['content-type']).startsWith('application/problem+json') &&
    body.success &&
    body.data.type === problemType(kind) &&
    body.data.status === status &&
    body.data.detail.length > 0 &&
    (kind !== 'validation' || body.data.errors !== undefined);
  if (!ok) {
    throw new Error(
      `expected ${status} ${kind} problem, got ${res.status} ${String(res.headers['content-type'])} ${JSON.stringify(res.body)}`,
    );
  }
  return body.data;
}
