/**
 * Importing the Search Console UI export, for users who will not connect an account. When the upload arrives
 * its structure, sizes and the header and first rows of each table are checked, so a file that is not an
 * export is refused at once with what was expected; it is then kept in `<data dir>/gsc-uploads/` until its
 * job has read it in full and stored it. The file goes when the job ends however it ends (a queued job
 * cancelled included), and uploads no queued or running job refers to are removed at start-up. Each table
 * replaces the site's imported totals of its kind (an export is a snapshot of one date range), and importing
 * the same file again changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Store } from '../../store/index.js';
import type { JobParamsOf, JobProgress, JobResultOf } from '../../schemas/jobs.js';
import { ValidationError } from '../errors.js';
import type { EventBus } from '../events.js';
import type { JobsService } from '../jobs/jobs-service.js';
import type { SitesService } from '../sites/sites-service.js';
import { ExportFormatError, type ExportTable } from './gsc-export-csv.js';
import { checkExport, isZip, readExport } from './gsc-export-reader.js';
import { GSC_EXCLUSIVE_WITH } from './gsc-sync.js';
import type { GscRecord, GscWriter } from './gsc-writer.js';

export const GSC_UPLOAD_DIR = 'gsc-uploads';

type ImportParams = JobParamsOf<'gsc_import'>;

export class GscImport {
  private readonly dir: string;

  constructor(
    private readonly store: Store,
    private readonly jobs: JobsService,
    private readonly sites: SitesService,
    private readonly writer: GscWriter,
    dataDir: string,
    bus?: EventBus,
  ) {
    this.dir = join(dataDir, GSC_UPLOAD_DIR);
    bus?.on('job.finished', (job) => {
      if (job.kind === 'gsc_import') this.discard(job.params);
    });
    this.removeOrphans();
  }

  private fileOf(p: ImportParams): string {
    return join(this.dir, String(p.upload).replace(/[^\w.-]/g, ''));
  }

  private discard(p: ImportParams): void {
    if (p.upload) rmSync(this.fileOf(p), { force: true });
  }

  /** Uploads left by jobs that ended while Siteloupe was not running, or by a crash between keep and queue. */
  private removeOrphans(): void {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return;
    }
    const inUse = new Set(
      [...this.store.jobs.withStatus('queued'), ...this.store.jobs.withStatus('running')].flatMap((j) =>
        j.kind === 'gsc_import' ? [j.params.upload] : [],
      ),
    );
    for (const name of names) if (!inUse.has(name)) rmSync(join(this.dir, name), { force: true });
  }

  /** Checks the upload is an export, keeps it, and queues the job that stores it. */
  async accept(siteId: number, body: Buffer, opts: { filename?: string | undefined; declaredZip: boolean }) {
    this.sites.require(siteId);
    const filename = opts.filename ?? (isZip(body) ? 'export.zip' : 'export.csv');
    if (body.length === 0) {
      throw new ValidationError('The upload is empty.', [
        { path: 'body', message: 'must be a Search Console export (zip or CSV)' },
      ]);
    }
    if ((opts.declaredZip || /\.zip$/i.test(filename)) && !isZip(body)) {
      throw new ValidationError(`${filename} is called a zip but is not one.`, [
        { path: 'body', message: 'does not start with a zip signature' },
      ]);
    }
    await this.refuseNonExport(() => checkExport(body, filename));
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const upload = `${randomUUID()}${isZip(body) ? '.zip' : '.csv'}`;
    writeFileSync(join(this.dir, upload), body, { mode: 0o600 });
    try {
      return this.jobs.create({
        kind: 'gsc_import',
        site_id: siteId,
        params: { upload, filename, bytes: body.length },
        exclusive_with: GSC_EXCLUSIVE_WITH,
      });
    } catch (err) {
      rmSync(join(this.dir, upload), { force: true });
      throw err;
    }
  }

  /** ExportFormatError → a 400 naming the body; a size over the caps stays a 413. */
  private async refuseNonExport<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (err) {
      if (!(err instanceof ExportFormatError)) throw err;
      throw new ValidationError(
        `Not a Search Console performance export: ${err.message}`,
        [{ path: 'body', message: err.message }],
        { cause: err },
      );
    }
  }

  async run(
    siteId: number,
    p: ImportParams,
    run: { signal: AbortSignal; progress(p: Partial<JobProgress>): void },
  ): Promise<JobResultOf<'gsc_import'>> {
    const file = this.fileOf(p);
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch (err) {
      throw new ValidationError(`The uploaded file ${p.filename} is gone; upload it again.`, [], {
        cause: err,
      });
    }
    try {
      const parsed = await this.refuseNonExport(() => readExport(body, p.filename));
      const byKind = new Map<ExportTable, GscRecord[]>();
      for (const t of parsed.tables) byKind.set(t.kind, [...(byKind.get(t.kind) ?? []), ...t.records]);
      const result = {
        files: parsed.tables.map((t) => t.name),
        skipped_files: parsed.skipped,
        pages: 0,
        queries: 0,
        dates: 0,
        changed: 0,
        removed: 0,
        urls_added: 0,
        skipped_urls: 0,
      };
      let done = 0;
      for (const [kind, records] of byKind) {
        run.signal.throwIfAborted();
        run.progress({ phase: 'importing', done, total: byKind.size, message: `Storing ${kind} totals` });
        this.store.tx(() => {
          const w = this.writer.write(siteId, 'import', records);
          const keep =
            kind === 'page'
              ? w.urlIds
              : [...new Set(records.map((r) => (kind === 'query' ? r.query! : r.date!)))];
          result.removed += this.store.gscRows.pruneGrain(siteId, kind, keep);
          result[kind === 'page' ? 'pages' : kind === 'query' ? 'queries' : 'dates'] = w.rows;
          result.changed += w.changed;
          result.urls_added += w.urls_added;
          result.skipped_urls += w.skipped;
        });
        done++;
      }
      run.progress({ phase: 'importing', done, total: byKind.size, message: 'Imported' });
      return result;
    } finally {
      // A shutdown re-runs the job on the next start, which needs the file; otherwise it is done with.
      if (run.signal.reason !== 'shutdown') rmSync(file, { force: true });
    }
  }
}
