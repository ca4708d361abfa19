/**
 * One measured crawl in a process of its own (bench/crawl.ts and bench/crawl-memory.ts start one per crawler and
 * site, so no run inherits another's heap or warm caches). Prints one JSON line:
 * `{ crawler, pages, seconds, pages_per_second, peak_rss_mib, cpu_ms_per_page }`.
 *
 *   node --import tsx bench/crawl-runner.ts <siteloupe|siteloupe-rules|crawlee|raw|parse> <origin> <pages> <concurrency>
 *
 * - siteloupe: the crawl job through the API on a fresh SQLite file, as the app runs it: full extraction (fields,
 *   main text, MinHash, edges) and storage; timed from POST /crawl/start until the job has finished (finalising
 *   included).
 * - siteloupe-rules: the same with ten custom extraction rules on the site (#21), the mix an analyst sets up:
 *   CSS, XPath, regex over the HTML, and searches over the HTML and the main text.
 * - crawlee: CheerioCrawler, tuned for speed (fixed concurrency with the autoscaler's overload checks off,
 *   in-memory storage, no sessions or cookies, no fingerprint header generation), recording each page's title
 *   and links in memory and enqueueing the links.
 * - raw: undici requests for the known list of URLs, bodies read and dropped: the ceiling for this server.
 * - parse: the raw loop plus the least a crawler that reads links must do with each body: decode it, parse it
 *   with htmlparser2 and resolve every href against the page URL, keeping title and links in memory (no queue,
 *   no storage). Not a crawler: the floor under any crawler's cost, to see how far the raw ceiling is from one.
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';

const [crawler, origin, pagesArg, concurrencyArg] = process.argv.slice(2);
const pages = Number(pagesArg);
const concurrency = Number(concurrencyArg ?? 16);
if (!crawler || !origin || !Number.isInteger(pages)) {
  throw new Error(
    'usage: crawl-runner.ts <siteloupe|siteloupe-rules|crawlee|raw|parse> <origin> <pages> [concurrency]',
  );
}

/** Peak resident set of this process so far (VmHWM), in MiB. */
function peakRssMib(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Math.round(process.memoryUsage().rss / 2 ** 20);
}

/** Set up (imports, app, crawler objects), then hand back the crawl to time; `close` is not timed. */
interface Prepared {
  run(): Promise<number>;
  close?(): Promise<void>;
}

/** The raw loop; `onBody` sees each page's URL and body (the `parse` floor uses it). */
async function fetchLoop(onBody?: (url: string, body: Buffer) => void): Promise<Prepared> {
  const { generatedSite } = await import('./site/generated-site.js');
  const site = generatedSite(pages);
  const urls = Array.from({ length: pages }, (_, i) => origin + site.path(i));
  const agent = new Agent({ connections: concurrency, keepAliveTimeout: 30_000 });
  let next = 0;
  let fetched = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      const res = await request(url, { dispatcher: agent });
      const body = Buffer.from(await res.body.arrayBuffer());
      if (res.statusCode === 200) fetched++;
      onBody?.(url, body);
    }
  };
  return {
    run: async () => {
      await Promise.all(Array.from({ length: concurrency }, worker));
      return fetched;
    },
    close: () => agent.close(),
  };
}

const raw = () => fetchLoop();

async function parse(): Promise<Prepared> {
  const { Parser } = await import('htmlparser2');
  const results: { url: string; title: string; links: string[] }[] = [];
  return fetchLoop((url, body) => {
    const links: string[] = [];
    let title = '';
    let inTitle = false;
    const parser = new Parser({
      onopentag(name, attrs) {
        if (name === 'title') inTitle = true;
        else if (name === 'a' && attrs.href !== undefined) {
          try {
            links.push(new URL(attrs.href, url).href);
          } catch {
            // not a URL
          }
        }
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
      },
    });
    parser.end(body.toString('utf8'));
    results.push({ url, title, links });
  });
}

async function crawlee(): Promise<Prepared> {
  const { CheerioCrawler, Configuration, log, LogLevel } = await import('@crawlee/cheerio');
  log.setLevel(LogLevel.OFF);
  const results: { url: string; title: string; links: string[] }[] = [];
  const config = new Configuration({ persistStorage: false, purgeOnStart: true });
  const c = new CheerioCrawler(
    {
      minConcurrency: concurrency,
      maxConcurrency: concurrency,
      maxRequestRetries: 1,
      useSessionPool: false,
      persistCookiesPerSession: false,
      statusMessageLoggingInterval: 3600,
      autoscaledPoolOptions: {
        desiredConcurrency: concurrency,
        maybeRunIntervalSecs: 0.01,
        // Never scale down: the machine is shared, and the other crawlers do not back off either.
        systemStatusOptions: {
          maxCpuOverloadedRatio: 1,
          maxEventLoopOverloadedRatio: 1,
          maxMemoryOverloadedRatio: 1,
          maxClientOverloadedRatio: 1,
        },
      },
      preNavigationHooks: [
        (_ctx, gotOptions) => {
          (gotOptions as { useHeaderGenerator?: boolean }).useHeaderGenerator = false;
        },
      ],
      async requestHandler({ $, request: req, enqueueLinks }) {
        const base = req.loadedUrl ?? req.url;
        const links: string[] = [];
        $('a[href]').each((_, el) => {
          try {
            links.push(new URL($(el).attr('href')!, base).href);
          } catch {
            // not a URL
          }
        });
        results.push({ url: base, title: $('title').text(), links });
        await enqueueLinks({ urls: links });
      },
    },
    config,
  );
  return {
    run: async () => {
      await c.run([`${origin}/`]);
      return results.length;
    },
  };
}

/** Ten rules of every kind, as an analyst would set them up on a content site. */
const TEN_RULES = [
  { name: 'h1', kind: 'css', selector: 'main h1' },
  { name: 'description', kind: 'css', selector: 'meta[name=description]', take: 'attribute:content' },
  { name: 'related', kind: 'css', selector: 'aside.related li a', take: 'attribute:href', all: true },
  { name: 'menu_links', kind: 'css', selector: 'nav.menu a', take: 'count' },
  { name: 'title', kind: 'xpath', selector: '//title' },
  { name: 'filed_under', kind: 'xpath', selector: '//p[@class="meta"]/a' },
  { name: 'analytics_id', kind: 'regex', selector: "gtag\\('config', '([^']+)'" },
  { name: 'years', kind: 'regex', selector: '\\b(?:19|20)\\d\\d\\b', take: 'count', source: 'main_text' },
  { name: 'no_analytics', kind: 'not_contains', selector: 'googletagmanager.com' },
  { name: 'old_brand', kind: 'contains', selector: 'greenway', source: 'main_text' },
];

async function siteloupe(withRules = false): Promise<Prepared> {
  const { createTestApp, waitFor } = await import('../test/helpers/test-app.js');
  const t = await createTestApp();
  const created = await t.post('/sites', {
    start_url: `${origin}/`,
    settings: { max_requests_per_second: 1000, concurrency, max_pages: pages + 1000 },
  });
  if (withRules)
    for (const rule of TEN_RULES) {
      const res = await t.post(`/sites/${created.body.id}/extractors`, rule);
      if (res.status !== 201) throw new Error(`rule ${rule.name}: ${JSON.stringify(res.body)}`);
    }
  return {
    run: async () => {
      const job = await t.post('/crawl/start', { site_id: created.body.id });
      const done = (await waitFor(
        async () => {
          const j = (await t.get(`/jobs/${job.body.id}`)).body as { status: string };
          return ['succeeded', 'failed', 'cancelled'].includes(j.status) ? j : undefined;
        },
        3_600_000,
        'the crawl',
      )) as { status: string; result: { fetched: number }; error: unknown };
      if (done.status !== 'succeeded') throw new Error(`crawl ${done.status}: ${JSON.stringify(done.error)}`);
      return done.result.fetched;
    },
    close: () => t.close(),
  };
}

const runners: Record<string, () => Promise<Prepared>> = {
  raw,
  parse,
  crawlee,
  siteloupe: () => siteloupe(),
  'siteloupe-rules': () => siteloupe(true),
};
const prepare = runners[crawler];
if (!prepare) throw new Error(`unknown crawler ${crawler}`);
const prepared = await prepare();
const cpuBefore = process.cpuUsage();
const started = performance.now();
const fetched = await prepared.run();
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
await prepared.close?.();
process.stdout.write(
  `${JSON.stringify({
    crawler,
    pages: fetched,
    seconds: Math.round(seconds * 100) / 100,
    pages_per_second: Math.round((fetched / seconds) * 10) / 10,
    peak_rss_mib: peakRssMib(),
    // CPU of this process (every thread) per page: steadier than wall time on a shared machine.
    cpu_ms_per_page: Math.round(((cpu.user + cpu.system) / 1000 / Math.max(1, fetched)) * 100) / 100,
  })}\n`,
);
// crawlee leaves timers behind; the measurement is done.
process.exit(0);
