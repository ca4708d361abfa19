/**
 * One measured rendering crawl in a process of its own, for bench/crawl-render.ts. Prints one JSON line:
 * `{ crawler, pages, rendered, with_h1, link_pairs, seconds, pages_per_second, peak_rss_mib }`, where `with_h1`
 * (pages whose heading was found) and `link_pairs` (distinct source → target links) show whether the crawler saw
 * what the site's JavaScript draws.
 *
 *   node --import tsx bench/crawl-render-runner.ts <siteloupe-auto|siteloupe-on|crawlee> <origin> <pages> <tabs>
 *     [crawlee-idle-ms]
 *
 * - siteloupe-*: the crawl job through the API on a fresh SQLite file with render_js `auto` or `on`, full
 *   extraction and storage, timed from POST /crawl/start until the job's `finished_at`; its browser pool has
 *   `tabs` tabs. The job is polled every 200 ms: polling as fast as a test does (every 25 ms) would put some
 *   forty API requests a second into the measured process.
 * - crawlee: PuppeteerCrawler over the same Chromium with the same flags, `tabs` pages at once, in-memory storage,
 *   no sessions or fingerprints, images, fonts and media blocked; it waits for DOMContentLoaded and then for
 *   `crawlee-idle-ms` without requests (by default Siteloupe's quiet window, QUIET_MS: puppeteer has no
 *   counterpart of Siteloupe's probe of pending timers and fetches, so the network window is the same length
 *   and this site, which draws nothing from timers, is still seen whole). Records each page's title, h1 and
 *   links in memory and enqueues the links.
 */
import { readFileSync } from 'node:fs';
import { LAUNCH_ARGS } from '../server/adapters/browser-pool.js';
import { QUIET_MS } from '../server/adapters/browser-tab-settle.js';
import { locateChromium } from '../server/adapters/chromium-locator.js';

const [crawler, originArg, pagesArg, tabsArg, idleArg] = process.argv.slice(2);
const pages = Number(pagesArg);
const tabs = Number(tabsArg ?? 4);
const crawleeIdleMs = Number(idleArg ?? QUIET_MS);
if (!crawler || !originArg || !Number.isInteger(pages)) {
  throw new Error(
    'usage: crawl-render-runner.ts <siteloupe-auto|siteloupe-on|crawlee> <origin> <pages> [tabs]',
  );
}
const origin: string = originArg;
const chromium = locateChromium();
if (!chromium)
  throw new Error('Chromium not found: install it (apt-get install chromium) or set CHROME_PATH');

interface Found {
  /** When the crawler knows its own end better than the time run() returns. */
  seconds?: number;
  pages: number;
  rendered: number;
  with_h1: number;
  link_pairs: number;
}
interface Prepared {
  run(): Promise<Found>;
  close?(): Promise<void>;
}

function peakRssMib(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Math.round(process.memoryUsage().rss / 2 ** 20);
}

async function crawlee(): Promise<Prepared> {
  const { PuppeteerCrawler, Configuration, log, LogLevel, puppeteerUtils } =
    await import('@crawlee/puppeteer');
  const puppeteer = await import('puppeteer-core');
  log.setLevel(LogLevel.OFF);
  const results: { url: string; title: string; h1: string; links: string[] }[] = [];
  const config = new Configuration({ persistStorage: false, purgeOnStart: true });
  const c = new PuppeteerCrawler(
    {
      launchContext: {
        launcher: puppeteer.default,
        useChrome: false,
        launchOptions: { executablePath: chromium!, headless: true, args: LAUNCH_ARGS },
      },
      browserPoolOptions: { useFingerprints: false, retireBrowserAfterPageCount: 10_000 },
      minConcurrency: tabs,
      maxConcurrency: tabs,
      maxRequestRetries: 1,
      useSessionPool: false,
      persistCookiesPerSession: false,
      statusMessageLoggingInterval: 3600,
      autoscaledPoolOptions: {
        desiredConcurrency: tabs,
        maybeRunIntervalSecs: 0.01,
        systemStatusOptions: {
          maxCpuOverloadedRatio: 1,
          maxEventLoopOverloadedRatio: 1,
          maxMemoryOverloadedRatio: 1,
          maxClientOverloadedRatio: 1,
        },
      },
      preNavigationHooks: [
        async ({ page }, gotoOptions) => {
          (gotoOptions as { waitUntil?: string }).waitUntil = 'domcontentloaded';
          // crawlee's default patterns: images, fonts, media and the like.
          await puppeteerUtils.blockRequests(page);
        },
      ],
      async requestHandler({ page, request: req, enqueueLinks }) {
        await page.waitForNetworkIdle({ idleTime: crawleeIdleMs, timeout: 30_000 });
        // A string, since this project's TypeScript has no DOM types: it runs in the page.
        const found = (await page.evaluate(`({
          title: document.title,
          h1: document.querySelector('h1')?.textContent ?? '',
          links: [...document.querySelectorAll('a[href]')].map((a) => a.href),
        })`)) as { title: string; h1: string; links: string[] };
        results.push({ url: req.loadedUrl ?? req.url, ...found });
        await enqueueLinks({ urls: found.links });
      },
    },
    config,
  );
  return {
    run: async () => {
      await c.run([`${origin}/`]);
      const pairs = new Set<string>();
      for (const r of results) {
        for (const l of r.links) {
          if (!l.startsWith(origin)) continue;
          pairs.add(`${r.url} ${l.replace(/#.*/, '')}`);
        }
      }
      return {
        pages: results.length,
        rendered: results.length,
        with_h1: results.filter((r) => r.h1).length,
        link_pairs: pairs.size,
      };
    },
    close: () => c.teardown(),
  };
}

async function siteloupe(render_js: 'auto' | 'on'): Promise<Prepared> {
  const { createTestApp } = await import('../test/helpers/test-app.js');
  const t = await createTestApp();
  const created = await t.post('/sites', {
    start_url: `${origin}/`,
    settings: { render_js, max_requests_per_second: 1000, concurrency: tabs, max_pages: pages + 1000 },
  });
  const siteId = created.body.id as number;
  return {
    run: async () => {
      const startedAt = Date.now();
      const job = await t.post('/crawl/start', { site_id: siteId });
      let done: { status: string; finished_at: string; result: { fetched: number }; error: unknown };
      for (;;) {
        done = (await t.get(`/jobs/${job.body.id}`)).body as typeof done;
        if (['succeeded', 'failed', 'cancelled'].includes(done.status)) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      if (done.status !== 'succeeded') throw new Error(`crawl ${done.status}: ${JSON.stringify(done.error)}`);
      const count = (sql: string) => t.db.prepare(sql).pluck().get(siteId) as number;
      return {
        seconds: (Date.parse(done.finished_at) - startedAt) / 1000,
        pages: done.result.fetched,
        rendered: count('SELECT COUNT(*) FROM pages WHERE site_id = ? AND rendered = 1'),
        with_h1: count(`SELECT COUNT(*) FROM pages WHERE site_id = ? AND h1 IS NOT NULL AND h1 <> ''`),
        link_pairs: count(
          'SELECT COUNT(*) FROM (SELECT DISTINCT source_id, target_id FROM links WHERE site_id = ?)',
        ),
      };
    },
    close: () => t.close(),
  };
}

const runners: Record<string, () => Promise<Prepared>> = {
  crawlee,
  'siteloupe-auto': () => siteloupe('auto'),
  'siteloupe-on': () => siteloupe('on'),
};
const prepare = runners[crawler];
if (!prepare) throw new Error(`unknown crawler ${crawler}`);
const prepared = await prepare();
const started = performance.now();
const found = await prepared.run();
const seconds = found.seconds ?? (performance.now() - started) / 1000;
await prepared.close?.();
process.stdout.write(
  `${JSON.stringify({
    crawler,
    ...found,
    seconds: Math.round(seconds * 100) / 100,
    pages_per_second: Math.round((found.pages / seconds) * 100) / 100,
    peak_rss_mib: peakRssMib(),
  })}\n`,
);
// crawlee leaves timers behind; the measurement is done.
process.exit(0);
