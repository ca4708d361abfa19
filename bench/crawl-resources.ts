/**
 * What fetching resources and checking external links costs a crawl (#35): Debian's PostgreSQL manual served
 * from disk on 127.0.0.1, crawled through the API with `check_resources` and `check_external_links` off, then
 * on (alternating, `--rounds` times each, a fresh database each crawl), printing each crawl's time, what the
 * resource phase checked, and the ratio of the medians (target: at most 1.3×). The machine is offline here, so
 * the external links end at the offline probe; its figure says so.
 *
 *   npx tsx bench/crawl-resources.ts [postgres] [--rounds=2]
 */
import { startDocsServer } from '../test/fixtures/python-docs/docs-server.js';
import { runJob } from '../test/helpers/crawl-site.js';
import { createTestApp } from '../test/helpers/test-app.js';
import { requireCorpus } from './semantic/corpora.js';
import { machineLine } from './site/machine.js';

const args = process.argv.slice(2);
const name = args.find((a) => !a.startsWith('--')) ?? 'postgres';
const rounds = Number(args.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 2);

const corpus = requireCorpus(name);
const docs = await startDocsServer(corpus.root, { prefixes: corpus.prefixes });
const times: Record<'off' | 'on', number[]> = { off: [], on: [] };
try {
  for (let round = 0; round < rounds; round++)
    for (const mode of round % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
      const t = await createTestApp();
      try {
        const on = mode === 'on';
        const site = await t.call('sites.create', {
          start_url: docs.startUrl,
          settings: {
            max_requests_per_second: 500,
            concurrency: 6,
            max_pages: 20_000,
            check_resources: on,
            check_external_links: on,
          },
        });
        const started = performance.now();
        const r = await runJob(t, 'crawl.start', { site_id: site.id });
        const seconds = (performance.now() - started) / 1000;
        times[mode].push(seconds);
        console.log(
          `${mode.padEnd(3)} ${seconds.toFixed(2).padStart(7)} s  ${r.fetched} pages  ${r.resources_checked ?? 0} resources and links checked` +
            `${r.external_unreachable ? ' (no external host answered: offline)' : ''}`,
        );
      } finally {
        await t.close();
      }
    }
} finally {
  await docs.close();
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `${name}: off ${median(times.off).toFixed(2)} s, on ${median(times.on).toFixed(2)} s, ratio ${(median(times.on) / median(times.off)).toFixed(2)}× (target ≤ 1.3×)`,
);
console.log(machineLine());
