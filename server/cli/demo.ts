/**
 * `siteloupe demo`: everything Siteloupe does, end to end, on the bundled sample site and nothing else. It
 * serves resources/sample-site on 127.0.0.1, runs the app's own services on a temporary (or given) data dir,
 * crawls, embeds with the real model, analyses overlap, and writes the report and the CSV exports into a
 * folder through the same export streams the API serves. Everything it starts it stops before returning.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startSampleSite, type SampleSiteServer } from '../adapters/sample-site-server.js';
import { resolveConfig } from '../config.js';
import { UnavailableError } from '../domain/errors.js';
import { isJobOf } from '../schemas/jobs.js';
import { openRuntime } from '../main.js';
import { JobWatcher } from './job-watcher.js';
import { writeExport } from './export.js';

export interface DemoFlags {
  out?: string;
  dataDir?: string;
  pdf: boolean;
}

/** The files the demo writes, in this order; the PDF only when Chromium is there. */
const FILES = [
  'report.html',
  'report.pdf',
  'pages.csv',
  'links.csv',
  'other-urls.csv',
  'similarity-pairs.csv',
  'clusters.csv',
  'issues.csv',
  'issue-urls.csv',
];

const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(0)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

export async function demo(flags: DemoFlags): Promise<void> {
  const out = process.stdout;
  const started = Date.now();
  const outDir = resolve(flags.out ?? 'siteloupe-demo');
  const tempData = flags.dataDir ? null : mkdtempSync(join(tmpdir(), 'siteloupe-demo-'));
  const config = resolveConfig({ dataDir: flags.dataDir ? resolve(flags.dataDir) : tempData! });
  mkdirSync(outDir, { recursive: true });

  let sample: SampleSiteServer | null = null;
  let siteId = -1;
  // Only this demo's jobs run here, even in a data dir that holds other sites' queued work.
  const rt: ReturnType<typeof openRuntime> = (() => {
    try {
      return openRuntime(
        { ...config, logLevel: config.logLevel === 'info' ? 'warn' : config.logLevel },
        { runnerFilter: (id): boolean => rt.services.jobs.get(id).site_id === siteId },
      );
    } catch (err) {
      if (tempData) rmSync(tempData, { recursive: true, force: true });
      throw err;
    }
  })();
  const { services } = rt;
  const watcher = new JobWatcher(rt.bus, services.jobs, out);
  let closed = false;
  const shutdown = async () => {
    if (closed) return;
    closed = true;
    watcher.close();
    await rt.runner.stop();
    await services.embeddings.close();
    rt.db.close();
    await sample?.close();
    if (tempData) rmSync(tempData, { recursive: true, force: true });
  };
  const onSigint = () => {
    out.write('\nStopping the demo…\n');
    void shutdown().then(() => process.exit(130));
  };
  process.once('SIGINT', onSigint);

  try {
    sample = await startSampleSite(join(config.resourcesDir, 'sample-site'));
    out.write(`Siteloupe demo: the bundled sample site, crawled, embedded and analysed on this machine.\n`);
    out.write(`Sample site: ${sample.startUrl}\n`);
    out.write(`Data: ${config.dataDir}${tempData ? ' (temporary, removed at the end)' : ''}\n`);
    rt.runner.start();

    const site = await services.sites.create({
      start_url: sample.startUrl,
      name: 'Northwind Gardening (sample site)',
      // The sample site is local: no need for the politeness a real site deserves.
      settings: { max_requests_per_second: 200 },
    });
    siteId = site.id;

    out.write('\n[1/5] Crawling the sample site\n');
    const crawl = await watcher.run(await services.crawl.start({ site_id: site.id, mode: 'spider' }), 'URLs');
    const c = crawl.result;
    out.write(`      ${c.fetched} URLs fetched in ${c.seconds} s, ${c.errors} errors\n`);

    out.write('\n[2/5] Embedding pages with the local model\n');
    if (services.embeddings.available()) {
      // A finished crawl queues the embedding itself (follow-ups); take that job, or start one.
      const queued = services.jobs
        .list({ limit: 1, site_id: site.id, kind: ['embed'] })
        .items.find((j) => isJobOf(j, 'embed'));
      const embed = await watcher.run(queued ?? services.embeddings.schedule(site.id), 'pages');
      const e = embed.result;
      out.write(`      ${e.pages} pages (${e.passages} passages) embedded in ${e.seconds} s\n`);

      out.write('\n[3/5] Finding duplicate and overlapping pages\n');
      const analysis = await watcher.run(services.similarity.schedule({ site_id: site.id }), 'steps');
      const a = analysis.result;
      out.write(
        `      ${a.duplicate} duplicate, ${a.merge} merge and ${a.related} related pairs; ${a.clusters} clusters\n`,
      );
    } else {
      out.write('      skipped: the embedding model is not built (run `npm run build:model`)\n');
      out.write('\n[3/5] Finding duplicate and overlapping pages\n      skipped: needs the embeddings\n');
    }

    out.write('\n[4/5] Auditing the site\n');
    // Each crawl and analysis queues an audit itself (follow-ups): wait for the latest, or start one.
    const auditing = services.jobs
      .list({
        limit: 1,
        site_id: site.id,
        kind: ['audit'],
        status: ['queued', 'running'],
      })
      .items.find((j) => isJobOf(j, 'audit'));
    const audit = await watcher.run(auditing ?? services.audit.schedule(site.id), 'checks');
    const r = audit.result;
    out.write(
      `      ${r.findings} findings from ${r.checks} checks; site health ${services.audit.health(site.id)?.score ?? '—'}/100\n`,
    );

    out.write(`\n[5/5] Writing the report and exports to ${outDir}\n`);
    const written: string[] = [];
    for (const file of FILES) {
      const [name, format] = file.split('.') as [string, string];
      // A file skipped now must not be mistaken for this run's (from an earlier run into the same folder).
      const skip = (why: string) => {
        rmSync(join(outDir, file), { force: true });
        out.write(`      ${file} skipped: ${why}\n`);
      };
      if (format === 'pdf' && !flags.pdf) {
        skip('--no-pdf');
        continue;
      }
      try {
        const path = await writeExport(services, name, format, site.id, () => join(outDir, file));
        written.push(path);
        out.write(`      ${file.padEnd(22)} ${size(statSync(path).size)}\n`);
      } catch (err) {
        if (!(err instanceof UnavailableError)) throw err;
        skip(err.message);
      }
    }

    out.write(
      `\nDone in ${Math.round((Date.now() - started) / 1000)} s. ${written.length} files in ${outDir}:\n`,
    );
    for (const path of written) out.write(`  ${path}\n`);
    out.write(`Open ${join(outDir, 'report.html')} in a browser to see the report.\n`);
    if (!tempData) out.write(`Explore the crawl with: siteloupe serve --data-dir ${config.dataDir}\n`);
  } finally {
    process.off('SIGINT', onSigint);
    await shutdown();
  }
}
