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
import { ERRORS_HINT } from '../domain/export/report/report-html.js';
import type { Services } from '../domain/services.js';
import { CHECK_IDS } from '../schemas/audit-checks.js';
import type { Severity } from '../schemas/audit-terms.js';
import { isJobOf } from '../schemas/jobs.js';
import { openRuntime } from '../main.js';
import { JobWatcher } from './job-watcher.js';
import { writeExport } from './export.js';
import { Laps } from './laps.js';

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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function demo(flags: DemoFlags): Promise<void> {
  const out = process.stdout;
  // From the process's start: loading the code and the model runtime is part of the user's wait (4 s warm on the
  // 2-core machine, most of a minute from a cold disk), and so is stopping.
  const laps = new Laps();
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

  const written: string[] = [];
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

    laps.lap('starting');

    out.write('\n[1/5] Crawling the sample site\n');
    const crawl = await watcher.run(await services.crawl.start({ site_id: site.id, mode: 'spider' }), 'URLs');
    const c = crawl.result;
    out.write(
      `      ${c.fetched} URLs fetched, ${plural(c.errors, 'error')} (${ERRORS_HINT})${laps.took('crawl')}\n`,
    );

    out.write('\n[2/5] Embedding pages with the local model\n');
    if (services.embeddings.available()) {
      // A finished crawl queues the embedding itself (follow-ups); take that job, or start one.
      const queued = services.jobs
        .list({ limit: 1, site_id: site.id, kind: ['embed'] })
        .items.find((j) => isJobOf(j, 'embed'));
      const embed = await watcher.run(queued ?? services.embeddings.schedule(site.id), 'pages');
      const e = embed.result;
      // The step's wall time, as the user waited it: the job's own `seconds` leaves out its wait in the queue.
      out.write(`      ${e.pages} pages (${e.passages} passages) embedded${laps.took('embedding')}\n`);

      out.write('\n[3/5] Finding duplicate and overlapping pages\n');
      const analysis = await watcher.run(services.similarity.schedule({ site_id: site.id }), 'steps');
      const a = analysis.result;
      out.write(
        `      ${a.duplicate} duplicate, ${a.merge} merge and ${a.related} related pairs; ${a.clusters} clusters${laps.took('analysis')}\n`,
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
    for (const line of auditLines(services, site.id, audit.result.findings, laps.took('audit')))
      out.write(`      ${line}\n`);

    out.write(`\n[5/5] Writing the report and exports to ${outDir}\n`);
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

    out.write(`      ${written.length} files${laps.took('files')}\n`);
  } finally {
    process.off('SIGINT', onSigint);
    await shutdown();
  }
  laps.lap('stopping');

  out.write(`\nDone in ${laps.total()} (${laps.parts()}). ${written.length} files in ${outDir}:\n`);
  for (const path of written) out.write(`  ${path}\n`);
  out.write(`Open ${join(outDir, 'report.html')} in a browser to see the report.\n`);
  if (!tempData) out.write(`Explore the crawl with: siteloupe serve --data-dir ${config.dataDir}\n`);
}

/**
 * What the audit found, as the other steps say what they did: findings by severity, the health score and the
 * worst checks (the issue list's order: priority, then URLs).
 */
function auditLines(services: Services, siteId: number, findings: number, took: string): string[] {
  const issues = services.audit.issues(siteId, {
    limit: CHECK_IDS.length,
    include_empty: false,
    include_muted: false,
  }).items;
  const of = (severity: Severity) => issues.filter((i) => i.severity === severity).length;
  const health = services.audit.health(siteId)?.score ?? '—';
  const lines = [
    `${plural(findings, 'finding')} from ${issues.length} of ${CHECK_IDS.length} checks: ${plural(of('issue'), 'issue')}, ${plural(of('warning'), 'warning')}, ${plural(of('notice'), 'notice')}; site health ${health}/100${took}`,
  ];
  const worst = issues.slice(0, 3).map((i) => `${i.title} (${plural(i.urls, 'URL')})`);
  if (worst.length) lines.push(`Top issues: ${worst.join('; ')}`);
  return lines;
}
