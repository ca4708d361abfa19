/**
 * `siteloupe crawl <url>`: crawls a site into the data dir's database from the terminal, with a live progress
 * bar and a summary at the end. It runs only the crawl it starts (a server on the same data dir keeps its own
 * jobs), and Ctrl-C pauses the crawl so that the next `crawl --resume` or `serve` continues it.
 */
import { readFileSync } from 'node:fs';
import cliProgress from 'cli-progress';
import { resolveConfig } from '../config.js';
import { openRuntime } from '../main.js';
import { isJobOf, type JobOf } from '../schemas/jobs.js';
import { CrawlSettingsOverride, type Site } from '../schemas/sites.js';
import { ERRORS_HINT } from '../domain/export/report/report-html.js';
import { listAllSites, resolveSiteArg, SiteArgError } from './site-arg.js';

export interface CrawlFlags {
  dataDir?: string;
  maxPages?: string;
  maxDepth?: string;
  concurrency?: string;
  rps?: string;
  renderJs?: string;
  userAgent?: string;
  include?: string[];
  exclude?: string[];
  robots: boolean;
  sitemaps: boolean;
  list?: string;
  resume?: boolean;
}

function settingsFrom(flags: CrawlFlags): CrawlSettingsOverride {
  const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const raw = {
    max_pages: num(flags.maxPages),
    max_depth: num(flags.maxDepth),
    concurrency: num(flags.concurrency),
    max_requests_per_second: num(flags.rps),
    render_js: flags.renderJs,
    user_agent: flags.userAgent,
    include_patterns: flags.include,
    exclude_patterns: flags.exclude,
    respect_robots: flags.robots ? undefined : false,
    use_sitemaps: flags.sitemaps ? undefined : false,
  };
  const parsed = CrawlSettingsOverride.safeParse(
    Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)),
  );
  if (!parsed.success) {
    throw new Error(
      `invalid option: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}

export async function crawl(startUrl: string, flags: CrawlFlags): Promise<void> {
  const config = resolveConfig({ dataDir: flags.dataDir });
  const settings = settingsFrom(flags);
  let jobId = -1;
  const rt = openRuntime(
    { ...config, logLevel: config.logLevel === 'info' ? 'warn' : config.logLevel },
    { runnerFilter: (id) => id === jobId },
  );
  const { services } = rt;
  const out = process.stdout;

  const known = listAllSites(services.sites);
  let site: Site | undefined;
  if (/^https?:\/\//i.test(startUrl)) {
    const url = new URL(startUrl);
    site = known.find((x) => x.start_url === url.href) ?? known.find((x) => x.origin === url.origin);
  } else {
    // A known site again by the id or name the app and `export --site` take.
    try {
      site = resolveSiteArg(known, startUrl, config.dataDir);
    } catch (err) {
      if (!(err instanceof SiteArgError)) throw err;
      throw new Error(`${err.message}\nTo crawl a new site, give its full URL (https://…).`, { cause: err });
    }
  }
  site ??= await services.sites.create({ start_url: startUrl });

  let job: JobOf<'crawl'>;
  if (flags.resume) {
    const last = services.jobs
      .list({ limit: 1, site_id: site.id, kind: ['crawl'] })
      .items.find((j) => isJobOf(j, 'crawl'));
    if (!last) throw new Error(`“${site.name}” has no crawl to resume`);
    // A crawl left `running` by a killed process is taken over: the runner's start-up recovery re-queues it.
    job = last.status === 'queued' || last.status === 'running' ? last : services.crawl.resume(last.id);
  } else {
    const urls = flags.list
      ? readFileSync(flags.list, 'utf8')
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter(Boolean)
      : undefined;
    job = await services.crawl.start({
      site_id: site.id,
      mode: urls ? 'list' : 'spider',
      ...(urls ? { urls } : {}),
      settings,
    });
  }
  jobId = job.id;
  out.write(`Crawling “${site.name}” (${site.start_url}, job ${job.id}) into ${config.dataDir}\n`);

  const tty = Boolean(process.stdout.isTTY);
  const bar = new cliProgress.SingleBar(
    {
      format: '{bar} {percentage}% | {value}/{total} pages | {rate} pages/s | {left} | {message}',
      hideCursor: true,
      noTTYOutput: !tty,
      notTTYSchedule: 5000,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(1, 0, { rate: '…', left: 'estimating…', message: 'starting' });
  // The rate and time left the API gives every client (domain/jobs/job-rate.ts: the last 30 s).
  rt.bus.on('job.progress', (j) => {
    if (j.id !== jobId) return;
    const { rate, eta_seconds: eta } = j.progress;
    bar.setTotal(Math.max(j.progress.total ?? 1, j.progress.done, 1));
    bar.update(j.progress.done, {
      rate: rate == null ? '…' : rate.toFixed(1),
      left: eta == null ? 'estimating…' : `${eta} s left`,
      message: j.progress.message,
    });
  });

  const finished = new Promise<JobOf<'crawl'>>((resolve) =>
    rt.bus.on('job.finished', (j) => j.id === jobId && isJobOf(j, 'crawl') && resolve(j)),
  );
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
    void rt.runner.stop().then(() => {
      bar.stop();
      out.write(
        `\nPaused. Continue with: siteloupe crawl ${startUrl} --resume${flags.dataDir ? ` --data-dir ${flags.dataDir}` : ''}\n`,
      );
      rt.db.close();
      process.exit(130);
    });
  });
  rt.runner.start();
  const done = await finished;
  if (interrupted) return;
  bar.stop();
  await rt.runner.stop();
  printSummary(done, services.sites.summary(site.id));
  rt.db.close();
  if (done.status !== 'succeeded') process.exitCode = 1;
}

function printSummary(
  job: JobOf<'crawl'>,
  summary: ReturnType<ReturnType<typeof openRuntime>['services']['sites']['summary']>,
): void {
  const out = process.stdout;
  if (job.status !== 'succeeded' || !job.result) {
    out.write(`Crawl ${job.status}${job.error ? `: ${job.error.detail}` : ''}\n`);
    return;
  }
  const r = job.result;
  out.write(
    `Done: ${r.fetched} URLs fetched in ${r.seconds} s (${r.pages_per_second} pages/s), ${r.errors} error${r.errors === 1 ? '' : 's'} (${ERRORS_HINT}).\n`,
  );
  for (const note of r.notes ?? []) out.write(`  Note: ${note}\n`);
  const line = (label: string, rows: { key: string; count: number }[]) =>
    out.write(`  ${label.padEnd(14)} ${rows.map((x) => `${x.key}: ${x.count}`).join('  ')}\n`);
  line('Status codes', summary.status_codes);
  line('Indexability', summary.indexability);
  line('Depths', summary.depths);
  line('Content types', summary.content_types);
  out.write(
    `  Response time  p50 ${summary.response_ms.p50 ?? '-'} ms, p95 ${summary.response_ms.p95 ?? '-'} ms\n`,
  );
  out.write('Explore the results with: siteloupe serve\n');
}
