/**
 * What running custom rules in limited worker threads (issue #34) costs a real crawl: the PostgreSQL manual
 * (1,173 pages, one flat folder) served by startDocsServer and crawled by the test app, with no rules and with
 * three ordinary ones (a CSS heading, an XPath attribute, a main-text regex), best of `reps` runs each. Run it
 * against the code before and after a change to compare pages per second.
 *
 *   node --import tsx bench/extraction-sandbox.ts [reps=2]
 */
import { startDocsServer } from '../test/fixtures/python-docs/docs-server.js';
import { runJob } from '../test/helpers/crawl-site.js';
import { createTestApp } from '../test/helpers/test-app.js';
import { machineLine } from './site/machine.js';

const ROOT = '/usr/share/doc/postgresql-doc-15/html';
const reps = Number(process.argv[2] ?? 2);

const RULES = [
  { name: 'heading', kind: 'css', selector: 'h1, h2.title', take: 'text' },
  { name: 'next', kind: 'xpath', selector: "//a[@accesskey='N']/@href", take: 'text' },
  { name: 'version', kind: 'regex', selector: 'PostgreSQL (\\d+(?:\\.\\d+)?)', source: 'main_text' },
] as const;

const docs = await startDocsServer(ROOT);
console.log(`extraction sandbox benchmark · ${machineLine()}`);
try {
  for (const withRules of [false, true]) {
    let best = { pages: 0, seconds: Infinity };
    for (let r = 0; r < reps; r++) {
      const t = await createTestApp();
      try {
        const site = await t.call('sites.create', {
          start_url: docs.startUrl,
          settings: { max_requests_per_second: 500, concurrency: 6, max_pages: 20_000 },
        });
        if (withRules)
          for (const rule of RULES) await t.call('extraction.create', { site_id: site.id, ...rule });
        const t0 = performance.now();
        const report = await runJob(t, 'crawl.start', { site_id: site.id });
        const seconds = (performance.now() - t0) / 1000;
        if (seconds < best.seconds) best = { pages: report.fetched, seconds };
        if (withRules) {
          const list = await t.call('pages.list', { site_id: site.id, limit: 3 });
          if (r === 0) console.log('  sample values:', JSON.stringify(list.items.map((p) => p.extract)));
        }
      } finally {
        await t.close();
      }
    }
    console.log(
      `${withRules ? 'three rules' : 'no rules   '}: ${best.pages} pages in ${best.seconds.toFixed(1)} s = ${(best.pages / best.seconds).toFixed(1)} pages/s (best of ${reps})`,
    );
  }
} finally {
  await docs.close();
}
process.exit(0);
