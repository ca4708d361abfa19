/**
 * Crawl memory: Siteloupe crawls a generated 10,000-page and a 100,000-page site (bench/site/generated-site.ts,
 * served from a process of its own), each crawl in a fresh process, and the peak
 * resident set (VmHWM, every thread) of each is compared. The frontier, the pages and the links live in SQLite, so
 * the peak should hardly move with the site's size (target: peak at 100k ≤ 1.3× peak at 10k).
 *
 *   npm run bench:crawl-memory -- [sizes=10000,100000] [--concurrency=16]
 */
import { machineLine } from './site/machine.js';
import { runCrawler, type CrawlMeasurement } from './site/run-crawler.js';
import { startGeneratedSite } from './site/start-site.js';

const args = process.argv.slice(2);
const sizes = (args.find((a) => !a.startsWith('--')) ?? '10000,100000').split(',').map(Number);
const concurrency = Number(args.find((a) => a.startsWith('--concurrency='))?.split('=')[1] ?? 16);

console.log(`crawl memory benchmark · ${machineLine()}`);
const results: CrawlMeasurement[] = [];
for (const size of sizes) {
  const served = await startGeneratedSite(size);
  try {
    const m = await runCrawler('siteloupe', served.origin, size, concurrency);
    if (m.pages < size) throw new Error(`fetched ${m.pages} of ${size} pages`);
    results.push(m);
    console.log(
      `${String(size).padStart(7)} pages: peak RSS ${m.peak_rss_mib} MiB · ${m.pages_per_second.toFixed(1)} pages/s · ${m.seconds.toFixed(1)} s`,
    );
  } finally {
    await served.close();
  }
}
if (results.length >= 2) {
  const first = results[0]!;
  const last = results.at(-1)!;
  console.log(
    `peak RSS at ${sizes.at(-1)} pages = ${(last.peak_rss_mib / first.peak_rss_mib).toFixed(2)}× the peak at ${sizes[0]} (target ≤ 1.3)`,
  );
}
console.log(`done · ${machineLine()}`);
