/**
 * What the rendered audit's JavaScript part (#36 §1) costs a rendered crawl: the raw extraction of every rendered
 * page (in an extraction worker, while Chromium renders), the comparison, and the console probe's listeners.
 * A real site (PostgreSQL's manual by default) is crawled with `render_js: on`, alternately
 *   with:    the crawl as it is (raw extraction, comparison, console probe);
 *   without: the same crawl with no probe and a raw extraction that answers at once with nothing to compare
 *            (the crawl as it was before #36: a rendered page's raw HTML was not parsed);
 * each on a fresh database, and prints each round's seconds, the ratio, and the raw extraction's own CPU time per
 * page measured on the same pages on this thread.
 *
 *   node --import tsx bench/js-render-cost.ts [pages=300] [--rounds=2] [--dir=/usr/share/doc/postgresql-doc-15/html]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BrowserPool } from '../server/adapters/browser-pool.js';
import { locateChromium } from '../server/adapters/chromium-locator.js';
import { HttpFetcher } from '../server/adapters/http-fetcher.js';
import { ConsoleProbe } from '../server/adapters/render-probe-console.js';
import { Crawler } from '../server/domain/crawl/crawler.js';
import { ExtractorPool, type PageExtractor } from '../server/domain/crawl/extract-pool.js';
import { failedPage } from '../server/domain/crawl/page-builder.js';
import { extractRawPage } from '../server/domain/crawl/page-extraction.js';
import { CRAWL_SETTINGS_DEFAULTS, CrawlSettings } from '../server/schemas/sites.js';
import { createTestApp } from '../test/helpers/test-app.js';
import { htmlFiles, startDocsServer } from '../test/fixtures/python-docs/docs-server.js';
import { machineLine } from './site/machine.js';

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const pages = Number(args.find((a) => !a.startsWith('--')) ?? 300);
const rounds = Number(flag('rounds', '2'));
const dir = flag('dir', '/usr/share/doc/postgresql-doc-15/html');
const chromium = locateChromium();
if (!chromium) throw new Error('Chromium not found');

const docs = await startDocsServer(dir);
const t = await createTestApp({ startRunner: false });
const logger = { info() {}, warn() {}, error() {}, debug() {} } as never;
const workers = new ExtractorPool();

/** Answers every raw extraction at once with a record that has nothing to compare (render-compare skips it). */
const noRaw = (inner: PageExtractor): PageExtractor => ({
  raw: async (job) => ({
    record: failedPage(job.ctx, 'protocol', null),
    encoding: 'utf-8',
    needsRendering: true,
  }),
  rendered: (job, signal) => inner.rendered(job, signal),
  close: async () => {},
});

async function crawl(withAudit: boolean): Promise<{ seconds: number; fetched: number }> {
  const site = await t.call('sites.create', { start_url: `${docs.origin}/index.html` });
  const settings = CrawlSettings.parse({
    ...CRAWL_SETTINGS_DEFAULTS,
    render_js: 'on',
    max_pages: pages,
    max_requests_per_second: 1000,
    concurrency: 4,
    use_sitemaps: false,
  });
  const fetcher = new HttpFetcher({ connectionsPerOrigin: 4, timeoutMs: settings.timeout_ms });
  const renderer = new BrowserPool({
    executablePath: chromium!,
    maxPages: 4,
    ...(withAudit ? { probes: () => [new ConsoleProbe()] } : {}),
  });
  const controller = new AbortController();
  const crawler = new Crawler(
    t.store,
    fetcher,
    renderer,
    {
      siteId: site.id,
      startUrl: `${docs.origin}/index.html`,
      settings,
      mode: 'spider',
      listUrls: [],
      signal: controller.signal,
      checkpoint: null,
      saveCheckpoint: () => {},
      progress: () => {},
    },
    logger,
    withAudit ? workers : noRaw(workers),
  );
  const started = performance.now();
  const report = await crawler.crawl();
  const seconds = (performance.now() - started) / 1000;
  await Promise.all([fetcher.close(), renderer.close()]);
  return { seconds, fetched: report.fetched };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(machineLine());
console.log(`${dir}: ${pages} pages rendered (render_js: on, 4 tabs), ${rounds} rounds`);
const times = { with: [] as number[], without: [] as number[] };
for (let r = 0; r < rounds; r++) {
  for (const mode of r % 2 ? (['with', 'without'] as const) : (['without', 'with'] as const)) {
    const out = await crawl(mode === 'with');
    times[mode].push(out.seconds);
    console.log(`round ${r + 1} ${mode.padEnd(7)} ${out.seconds.toFixed(1)} s, ${out.fetched} pages`);
  }
}
const w = median(times.with);
const wo = median(times.without);
console.log(`median: with ${w.toFixed(1)} s, without ${wo.toFixed(1)} s, ratio ${(w / wo).toFixed(3)}`);
// The raw parse's own CPU a page, on this thread, over the site's files (what each rendered page adds to a worker).
const perPage: number[] = [];
for (const file of htmlFiles(dir).slice(0, pages)) {
  const body = readFileSync(join(dir, file));
  const url = `${docs.origin}/${file}`;
  const started = performance.now();
  extractRawPage({
    ctx: {
      id: 1,
      siteId: 1,
      url,
      depth: 1,
      followLinks: true,
      queryParams: 'keep',
      now: new Date().toISOString(),
    },
    res: {
      url,
      status: 200,
      headers: { 'content-type': 'text/html' },
      body,
      bytes: body.length,
      truncated: false,
      responseMs: 1,
    },
  });
  perPage.push(performance.now() - started);
}
console.log(
  `raw extraction: median ${median(perPage).toFixed(1)} ms a page, total ${(perPage.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s over ${perPage.length} pages (one thread)`,
);
await workers.close();
await t.close();
await docs.close();
