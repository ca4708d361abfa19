/**
 * Crawl throughput: a generated static site (bench/site/generated-site.ts, ~12 KB pages with menus, breadcrumbs,
 * in-text and related links) served from its own process on 127.0.0.1, crawled in the same run by
 *   (a) Siteloupe, with full extraction and storage (the crawl job through the API, SQLite on disk),
 *   (b) crawlee's CheerioCrawler, tuned for speed, keeping each page's title and links in memory,
 *   (c) a raw undici fetch loop over the known URLs, bodies read and dropped (the ceiling for this server),
 *   (d) the same loop parsing each body with htmlparser2 and resolving its links, nothing stored: the floor
 *       under the cost of any crawler that reads links, to show how much of the ceiling parsing alone leaves.
 * Each crawl runs in a fresh process (bench/crawl-runner.ts). Prints pages/s, CPU per page (the crawler's and
 * the site server's) and peak RSS of each, Siteloupe's ratios to crawlee and to the raw ceiling (targets: ≥ 2×,
 * ≥ 0.7×), and the CPU a page may cost a crawler for 0.7× the ceiling on this machine.
 *
 *   npm run bench:crawl -- [sizes=2000,20000] [--rounds=1] [--siteloupe=16] [--crawlee=32] [--raw=16] [--prof=DIR]
 *                          [--only=siteloupe,raw,parse] [--rules]
 *
 * `--rules` adds `siteloupe-rules`: Siteloupe with ten custom extraction rules on the site (#21), reported as a
 * ratio to the run without (target: at most 15 % slower). `--only=siteloupe,siteloupe-rules` measures just that.
 *
 * `--prof=DIR` writes a V8 CPU profile of each Siteloupe run (main thread and extraction workers) into DIR.
 */
import { availableParallelism } from 'node:os';
import { machineLine } from './site/machine.js';
import { runCrawler, type CrawlMeasurement } from './site/run-crawler.js';
import { startGeneratedSite } from './site/start-site.js';

const flags = new Map(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith('--'))
    .map((a) => {
      const [k, v] = a.slice(2).split('=');
      return [k!, v ?? ''] as const;
    }),
);
const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const sizes = (positional[0] ?? '2000,20000').split(',').map(Number);
const rounds = Number(flags.get('rounds') ?? 1);
const concurrency = {
  siteloupe: Number(flags.get('siteloupe') ?? 16),
  crawlee: Number(flags.get('crawlee') ?? 32),
  raw: Number(flags.get('raw') ?? 16),
  parse: Number(flags.get('raw') ?? 16),
  'siteloupe-rules': Number(flags.get('siteloupe') ?? 16),
};
const profileDir = flags.get('prof') || undefined;
const only = flags.get('only')?.split(',');
const crawlers = (['raw', 'parse', 'crawlee', 'siteloupe', 'siteloupe-rules'] as const).filter((c) =>
  only ? only.includes(c) : c !== 'siteloupe-rules' || flags.has('rules'),
);

/** A crawler's measurement plus the site server's CPU per page during it. */
type Measured = CrawlMeasurement & { server_cpu_ms_per_page: number | null };

const fmt = (m: Measured) =>
  `${m.pages_per_second.toFixed(1).padStart(8)} pages/s  ${m.seconds.toFixed(1).padStart(6)} s  ` +
  `${m.cpu_ms_per_page.toFixed(2).padStart(5)} ms CPU/page  ` +
  `(server ${m.server_cpu_ms_per_page?.toFixed(2) ?? '?'})  ` +
  `peak RSS ${String(m.peak_rss_mib).padStart(4)} MiB  (${m.pages} pages)`;
const cores = availableParallelism();

console.log(`crawl benchmark · ${machineLine()}`);
console.log(
  `concurrency: siteloupe ${concurrency.siteloupe}, crawlee ${concurrency.crawlee}, raw ${concurrency.raw}`,
);
for (const size of sizes) {
  const served = await startGeneratedSite(size);
  try {
    const best: Partial<Record<keyof typeof concurrency, Measured>> = {};
    for (let round = 1; round <= rounds; round++) {
      // Alternating order inside a round, best of the rounds: the machine is shared, so slow outliers are noise.
      for (const crawler of crawlers) {
        const serverBefore = served.cpuMs();
        const measured = await runCrawler(crawler, served.origin, size, concurrency[crawler], {
          cpuProfileDir: crawler === 'siteloupe' ? profileDir : undefined,
        });
        const serverAfter = served.cpuMs();
        // The server also answers the crawler's start-up requests (robots.txt, sitemaps): close enough per page.
        const m: Measured = {
          ...measured,
          server_cpu_ms_per_page:
            serverBefore === null || serverAfter === null
              ? null
              : (serverAfter - serverBefore) / measured.pages,
        };
        if (m.pages < size) throw new Error(`${crawler} fetched ${m.pages} of ${size} pages`);
        console.log(`${String(size).padStart(6)} pages · round ${round} · ${crawler.padEnd(9)} ${fmt(m)}`);
        if (!best[crawler] || m.pages_per_second > best[crawler].pages_per_second) best[crawler] = m;
      }
    }
    const { siteloupe, crawlee, raw, parse } = best;
    const withRules = best['siteloupe-rules'];
    const label = String(size).padStart(6);
    if (siteloupe && withRules) {
      const slower = 1 - withRules.pages_per_second / siteloupe.pages_per_second;
      console.log(
        `${label} pages · ten extraction rules: ${withRules.pages_per_second.toFixed(1)} pages/s = ` +
          `${(withRules.pages_per_second / siteloupe.pages_per_second).toFixed(3)}× without ` +
          `(${(slower * 100).toFixed(1)} % slower, target ≤ 15 %); CPU a page ` +
          `${withRules.cpu_ms_per_page.toFixed(2)} vs ${siteloupe.cpu_ms_per_page.toFixed(2)} ms`,
      );
    }
    if (siteloupe && crawlee && raw) {
      console.log(
        `${label} pages · Siteloupe ${siteloupe.pages_per_second.toFixed(1)} pages/s = ` +
          `${(siteloupe.pages_per_second / crawlee.pages_per_second).toFixed(2)}× crawlee CheerioCrawler (target ≥ 2), ` +
          `${(siteloupe.pages_per_second / raw.pages_per_second).toFixed(2)}× the raw fetch ceiling (target ≥ 0.7)`,
      );
    }
    if (raw && parse) {
      // At 0.7× the ceiling, every core-millisecond of the machine is shared by the crawler and the site server.
      const perPage = (cores * 1000) / (0.7 * raw.pages_per_second);
      const server = parse.server_cpu_ms_per_page ?? raw.server_cpu_ms_per_page ?? 0;
      console.log(
        `${label} pages · parse floor ${(parse.pages_per_second / raw.pages_per_second).toFixed(2)}× the raw ceiling; ` +
          `0.7× the ceiling (${(0.7 * raw.pages_per_second).toFixed(0)} pages/s on ${cores} cores) leaves a crawler ` +
          `${Math.max(0, perPage - server).toFixed(2)} ms CPU a page beside the server's ${server.toFixed(2)}; ` +
          `the parse floor spends ${parse.cpu_ms_per_page.toFixed(2)}` +
          (siteloupe ? `, Siteloupe ${siteloupe.cpu_ms_per_page.toFixed(2)}` : ''),
      );
    }
  } finally {
    await served.close();
  }
}
console.log(`done · ${machineLine()}`);
