/**
 * Crawl throughput: a generated static site (bench/site/generated-site.ts, ~12 KB pages with menus, breadcrumbs,
 * in-text and related links) served from its own process on 127.0.0.1, crawled in the same run by
 *   (a) Siteloupe, with full extraction and storage (the crawl job through the API, SQLite on disk),
 *   (b) crawlee's CheerioCrawler, tuned for speed, keeping each page's title and links in memory,
 *   (c) a raw undici fetch loop over the known URLs, bodies read and dropped (the ceiling for this server).
 * Each crawl runs in a fresh process (bench/crawl-runner.ts). Prints pages/s, CPU per page and peak RSS of each,
 * and Siteloupe's ratios to the other two (targets: ≥ 2× crawlee, ≥ 0.7× the raw ceiling).
 *
 *   npm run bench:crawl -- [sizes=2000,20000] [--rounds=1] [--siteloupe=16] [--crawlee=32] [--raw=16] [--prof=DIR]
 *                          [--only=siteloupe,raw]
 *
 * `--prof=DIR` writes a V8 CPU profile of each Siteloupe run (main thread and extraction workers) into DIR.
 */
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
};
const profileDir = flags.get('prof') || undefined;
const only = flags.get('only')?.split(',');
const crawlers = (['raw', 'crawlee', 'siteloupe'] as const).filter((c) => !only || only.includes(c));

const fmt = (m: CrawlMeasurement) =>
  `${m.pages_per_second.toFixed(1).padStart(8)} pages/s  ${m.seconds.toFixed(1).padStart(6)} s  ` +
  `${m.cpu_ms_per_page.toFixed(2).padStart(5)} ms CPU/page  peak RSS ${String(m.peak_rss_mib).padStart(4)} MiB  (${m.pages} pages)`;

console.log(`crawl benchmark · ${machineLine()}`);
console.log(
  `concurrency: siteloupe ${concurrency.siteloupe}, crawlee ${concurrency.crawlee}, raw ${concurrency.raw}`,
);
for (const size of sizes) {
  const served = await startGeneratedSite(size);
  try {
    const best: Partial<Record<keyof typeof concurrency, CrawlMeasurement>> = {};
    for (let round = 1; round <= rounds; round++) {
      // Alternating order inside a round, best of the rounds: the machine is shared, so slow outliers are noise.
      for (const crawler of crawlers) {
        const m = await runCrawler(crawler, served.origin, size, concurrency[crawler], {
          cpuProfileDir: crawler === 'siteloupe' ? profileDir : undefined,
        });
        if (m.pages < size) throw new Error(`${crawler} fetched ${m.pages} of ${size} pages`);
        console.log(`${String(size).padStart(6)} pages · round ${round} · ${crawler.padEnd(9)} ${fmt(m)}`);
        if (!best[crawler] || m.pages_per_second > best[crawler].pages_per_second) best[crawler] = m;
      }
    }
    const { siteloupe, crawlee, raw } = best as Record<keyof typeof concurrency, CrawlMeasurement>;
    if (!siteloupe || !crawlee || !raw) continue;
    console.log(
      `${String(size).padStart(6)} pages · Siteloupe ${siteloupe.pages_per_second.toFixed(1)} pages/s = ` +
        `${(siteloupe.pages_per_second / crawlee.pages_per_second).toFixed(2)}× crawlee CheerioCrawler (target ≥ 2), ` +
        `${(siteloupe.pages_per_second / raw.pages_per_second).toFixed(2)}× the raw fetch ceiling (target ≥ 0.7)`,
    );
  } finally {
    await served.close();
  }
}
console.log(`done · ${machineLine()}`);
