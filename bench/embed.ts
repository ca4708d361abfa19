/**
 * Embedding throughput, two modes.
 *
 * Fixture mode: Siteloupe's embed job over the pages of a crawled 2,000-article fixture site, against the same
 * texts (titles and passages) through a bare transformers.js pipeline in this process (batch 32, page order).
 * Prints texts/s of each and the ratio.
 *
 * Real-site mode (`--site=python`, any corpus of bench/semantic/corpora.ts; `--variant=fp32|q8`, default the
 * app's default; `--sample=0.25`, the share of the site the pipelines are compared on, 0 for none): bench/embed-site.ts.
 *
 *   npx tsx bench/embed.ts [articles=2000]
 *   npx tsx bench/embed.ts --site=python [--variant=q8]
 */
import { join } from 'node:path';
import { env, pipeline } from '@huggingface/transformers';
import { PROJECT_ROOT } from '../server/version.js';
import { startFixtureSite } from '../test/fixtures/sites/fixture-site.js';
import { createTestApp, waitFor } from '../test/helpers/test-app.js';

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const siteName = option('site');
if (siteName) {
  const { benchSite } = await import('./embed-site.js');
  const { APP_SETTINGS_DEFAULTS } = await import('../server/schemas/system.js');
  await benchSite(
    siteName,
    (option('variant') ?? APP_SETTINGS_DEFAULTS.embedding_variant) as 'fp32' | 'q8',
    Number(option('sample') ?? 0.25),
  );
  process.exit(0);
}

const articles = Number(process.argv[2] ?? 2000);
const site = await startFixtureSite({ seed: 11, articles });
const t = await createTestApp();
const finish = (id: number) =>
  waitFor(async () => {
    const j = (await t.get(`/jobs/${id}`)).body as { status: string; result: Record<string, number> };
    return ['succeeded', 'failed'].includes(j.status) ? j : undefined;
  }, 3_600_000);
const siteId = (
  await t.post('/sites', {
    start_url: site.startUrl,
    settings: { max_requests_per_second: 1000, max_pages: 100_000 },
  })
).body.id as number;
const crawl = await finish((await t.post('/crawl/start', { site_id: siteId })).body.id);
console.log(`crawled ${crawl.result.fetched} URLs`);

const started = performance.now();
const job = await finish((await t.post('/pages/embeddings/rebuild', { site_id: siteId })).body.id);
const oursSeconds = (performance.now() - started) / 1000;
const texts = [
  ...(t.db
    .prepare('SELECT text FROM passages WHERE site_id = ? ORDER BY page_id, ord')
    .pluck()
    .all(siteId) as string[]),
];
const titles = job.result.pages ?? 0; // one title passage per page
const oursTexts = texts.length + titles;
console.log(
  `siteloupe: ${job.result.pages} pages, ${oursTexts} texts in ${oursSeconds.toFixed(1)} s → ${(oursTexts / oursSeconds).toFixed(1)} texts/s`,
);

env.allowRemoteModels = false;
env.localModelPath = join(PROJECT_ROOT, 'resources', 'models') + '/';
const extractor = await pipeline('feature-extraction', 'all-MiniLM-L6-v2', { dtype: 'fp32', device: 'cpu' });
const titleTexts = t.db
  .prepare(
    `SELECT title FROM pages p JOIN page_embeddings e ON e.page_id = p.id WHERE p.site_id = ? ORDER BY p.id`,
  )
  .pluck()
  .all(siteId) as string[];
const bare = [...titleTexts, ...texts];
await extractor(['warm up'], { pooling: 'mean', normalize: true });
const bareStart = performance.now();
for (let i = 0; i < bare.length; i += 32)
  await extractor(bare.slice(i, i + 32), { pooling: 'mean', normalize: true });
const bareSeconds = (performance.now() - bareStart) / 1000;
console.log(
  `bare pipeline: ${bare.length} texts in ${bareSeconds.toFixed(1)} s → ${(bare.length / bareSeconds).toFixed(1)} texts/s`,
);
console.log(
  `ratio: ${(oursTexts / oursSeconds / (bare.length / bareSeconds)).toFixed(2)}× the bare pipeline (target ≥ 0.9)`,
);
await t.close();
await site.close();
