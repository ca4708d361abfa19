/**
 * The Search Console sync: `searchanalytics.query` by page, query and date over the requested range, a week
 * at a time, each week paged by `startRow` until an empty page (as Google's "all your data" guide does). A
 * week is stored in one transaction once all its pages are in, and the checkpoint then moves past it, so a
 * cancelled or interrupted sync resumes at the first week it had not stored. 429 and 5xx answers are retried
 * with exponential backoff (or the server's Retry-After), a bounded number of times; 401/403/400 end the job
 * with Google's explanation.
 */
import { z } from 'zod';
import {
  createSearchConsoleClient,
  SearchConsoleError,
  type SearchAnalyticsRow,
  type SearchConsoleClient,
} from '../../adapters/search-console-client.js';
import { daysBetween, GscSyncRequest } from '../../schemas/gsc.js';
import {
  GscSyncTotals,
  type JobKind,
  type JobOf,
  type JobParamsOf,
  type JobProgress,
  type JobResultOf,
} from '../../schemas/jobs.js';
import { CancelledError, ConflictError, TransientError } from '../errors.js';
import type { JobsService } from '../jobs/jobs-service.js';
import type { SettingsService } from '../settings/settings-service.js';
import type { SitesService } from '../sites/sites-service.js';
import type { GscCredentials } from './gsc-credentials.js';
import { GscSyncError } from './gsc-errors.js';
import { CONNECT_HINT, IMPORT_HINT, REPLACE_HINT } from './gsc-where.js';
import { shiftDays } from './gsc-queries.js';
import type { GscRecord, GscWriter } from './gsc-writer.js';

/** Sync and import of one site write the same rows, so one waits for the other. */
export const GSC_EXCLUSIVE_WITH = ['gsc_sync', 'gsc_import'] as const satisfies readonly JobKind[];

const CHUNK_DAYS = 7;
const MAX_ATTEMPTS = 6;
const BASE_DELAY_MS = 1000;
const MAX_DELAY_MS = 32_000;
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);

/** The week to fetch next and the totals so far; a row that is not this starts the sync over. */
const Checkpoint = GscSyncTotals.extend({ next_chunk: z.number().int().min(0) });
type Checkpoint = z.infer<typeof Checkpoint>;

export interface SyncRun {
  signal: AbortSignal;
  progress(p: Partial<JobProgress>): void;
  loadCheckpoint(): unknown;
  saveCheckpoint(c: Checkpoint): void;
}

/**
 * Inclusive [from, to] ranges of at most CHUNK_DAYS days. Counts days rather than comparing date strings:
 * past year 9999 `toISOString` writes `+010000-…`, which sorts before every four-digit year, so a string
 * comparison would never reach `to`.
 */
export function dateChunks(from: string, to: string): [string, string][] {
  const days = daysBetween(from, to);
  if (!Number.isFinite(days)) throw new RangeError(`${from} to ${to} is not a date range`);
  const out: [string, string][] = [];
  for (let offset = 0; offset <= days; offset += CHUNK_DAYS) {
    out.push([shiftDays(from, offset), shiftDays(from, Math.min(offset + CHUNK_DAYS - 1, days))]);
  }
  return out;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new CancelledError(String(signal.reason)));
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      done();
      reject(new CancelledError(String(signal.reason)));
    };
    const timer = setTimeout(() => {
      done();
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export class GscSync {
  constructor(
    private readonly jobs: JobsService,
    private readonly sites: SitesService,
    private readonly settings: SettingsService,
    private readonly credentials: GscCredentials,
    private readonly writer: GscWriter,
  ) {}

  schedule(req: GscSyncRequest): JobOf<'gsc_sync'> {
    this.sites.require(req.site_id);
    if (!this.credentials.forClient()) {
      throw new ConflictError(
        `No Search Console credentials are stored. Connect Search Console first with a service account key or an OAuth token ${CONNECT_HINT}, or import an export from Search Console instead ${IMPORT_HINT}.`,
      );
    }
    return this.jobs.create({
      kind: 'gsc_sync',
      site_id: req.site_id,
      params: { property: req.property, date_from: req.date_from, date_to: req.date_to },
      exclusive_with: GSC_EXCLUSIVE_WITH,
    });
  }

  async run(siteId: number, params: JobParamsOf<'gsc_sync'>, run: SyncRun): Promise<JobResultOf<'gsc_sync'>> {
    // Jobs queued before the request's limits were tightened resume on start-up; check them again.
    const valid = GscSyncRequest.safeParse({ ...params, site_id: siteId });
    if (!valid.success) {
      const why = valid.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ');
      throw new GscSyncError('gsc-rejected', `The sync request is not valid: ${why}. Start a new sync.`);
    }
    const creds = this.credentials.forClient();
    if (!creds) {
      throw new GscSyncError(
        'gsc-unauthorized',
        `The Search Console credentials were removed before the sync ran. Connect Search Console again ${CONNECT_HINT}, then start the sync again.`,
      );
    }
    const s = this.settings.get();
    const client = createSearchConsoleClient({
      credentials: creds.auth,
      apiRoot: s.gsc_api_root,
      tokenUrl: s.gsc_token_url,
    });
    const chunks = dateChunks(params.date_from, params.date_to);
    const cp: Checkpoint = Checkpoint.nullable().catch(null).parse(run.loadCheckpoint()) ?? {
      next_chunk: 0,
      fetched: 0,
      stored: 0,
      changed: 0,
      urls_added: 0,
      requests: 0,
      retries: 0,
    };
    const report = (message: string) =>
      run.progress({ phase: 'fetching', done: cp.next_chunk, total: chunks.length, message });
    for (; cp.next_chunk < chunks.length;) {
      const [from, to] = chunks[cp.next_chunk]!;
      const records: GscRecord[] = [];
      for (let startRow = 0; ; startRow += s.gsc_row_limit) {
        report(`${cp.fetched} rows fetched; reading ${from} to ${to} from row ${startRow}`);
        const rows = await this.fetchPage(client, params.property, creds.account, cp, run, report, {
          startDate: from,
          endDate: to,
          dimensions: ['page', 'query', 'date'],
          rowLimit: s.gsc_row_limit,
          startRow,
        });
        cp.fetched += rows.length;
        for (const r of rows) {
          records.push({
            grain: 'pqd',
            page: r.keys[0] ?? '',
            query: r.keys[1] ?? '',
            date: r.keys[2] ?? from,
            clicks: r.clicks,
            impressions: r.impressions,
            position: r.position,
          });
        }
        if (rows.length === 0) break;
      }
      run.signal.throwIfAborted();
      const written = this.writer.write(siteId, 'api', records);
      cp.stored += written.rows;
      cp.changed += written.changed;
      cp.urls_added += written.urls_added;
      cp.next_chunk++;
      run.saveCheckpoint(cp);
    }
    report(`${cp.fetched} rows fetched, ${cp.changed} new or changed`);
    const { next_chunk: _, ...totals } = cp;
    return { property: params.property, chunks: chunks.length, ...totals };
  }

  /** One page, retried on 429/5xx/no answer; every other failure ends the sync with what Google said. */
  private async fetchPage(
    client: SearchConsoleClient,
    property: string,
    account: string,
    cp: Checkpoint,
    run: SyncRun,
    report: (m: string) => void,
    q: Parameters<SearchConsoleClient['query']>[1],
  ): Promise<SearchAnalyticsRow[]> {
    for (let attempt = 1; ; attempt++) {
      run.signal.throwIfAborted();
      cp.requests++;
      try {
        return await client.query(property, q, run.signal);
      } catch (err) {
        if (run.signal.aborted) throw new CancelledError(String(run.signal.reason), {}, { cause: err });
        if (!(err instanceof SearchConsoleError)) throw err;
        const retryable = err.status === null || RETRY_STATUSES.has(err.status);
        if (retryable && attempt < MAX_ATTEMPTS) {
          const backoff = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1));
          const delay = Math.min(err.retryAfterMs ?? backoff * (1 + Math.random() * 0.25), 2 * MAX_DELAY_MS);
          cp.retries++;
          report(
            `Search Console answered ${err.status ?? err.message}; retrying in ${(delay / 1000).toFixed(1)} s`,
          );
          await wait(delay, run.signal);
          continue;
        }
        throw this.failure(err, property, account, attempt);
      }
    }
  }

  private failure(err: SearchConsoleError, property: string, account: string, attempts: number): Error {
    if (err.auth || err.status === 401) {
      return new GscSyncError(
        'gsc-unauthorized',
        `Google did not accept the stored credentials (${account}): ${err.message}. Connect Search Console again with a valid key or token ${REPLACE_HINT}.`,
        { cause: err },
      );
    }
    if (err.status === 403 || err.status === 404) {
      return new GscSyncError(
        'gsc-forbidden',
        `The ${account} cannot read the Search Console property "${property}" (HTTP ${err.status}: ${err.message}). Add this account as a user of the property in Search Console, or check the property's spelling (sc-domain:example.com or https://example.com/).`,
        { cause: err },
      );
    }
    if (err.status !== null && !RETRY_STATUSES.has(err.status)) {
      return new GscSyncError(
        'gsc-rejected',
        `Search Console refused the request for "${property}" (HTTP ${err.status}): ${err.message}`,
        { cause: err },
      );
    }
    return new TransientError(
      `Search Console did not answer for "${property}" after ${attempts} attempts (last: ${err.status ?? err.message}); the sync resumes from the last stored week when it runs again.`,
      {},
      { cause: err },
    );
  }
}
