/**
 * Where the passage reranker's raw score (mean of the two directions' average best passage cosine) falls for
 * pages of known relation, on the fixture site's blog after a real crawl and real embeddings: same topic written
 * twice in other words (should be `merge`), same category but another topic (`related` at most), other category
 * (no pair). Prints quantiles per relation, raw and mapped, so the mapping's anchors are measured, not guessed.
 *
 *   npx tsx bench/reranker-calibration.ts [articles=90]
 */
import { composeArticles } from '../test/fixtures/sites/articles.js';
import { startFixtureSite } from '../test/fixtures/sites/fixture-site.js';
import { seededRandom } from '../test/fixtures/sites/seeded-random.js';
import { crawlFixture, jobResult } from '../test/helpers/crawl-site.js';
import { createTestApp } from '../test/helpers/test-app.js';
import { PARAPHRASE_CEILING, rawPassageScore } from '../server/domain/similarity/reranker.js';

const ARTICLES = Number(process.argv[2] ?? 90);
const SEED = 5;
const t = await createTestApp();
const site = await startFixtureSite({ seed: SEED, articles: ARTICLES });
try {
  const siteId = await crawlFixture(t, site);
  await jobResult(t, await t.call('pages.rebuildEmbeddings', { site_id: siteId }), 900_000);
  const articles = composeArticles(ARTICLES, seededRandom(SEED).fork('articles'));
  const store = t.store;
  const byUrl = new Map(
    (
      store.db.prepare('SELECT id, url FROM pages WHERE site_id = ?').all(siteId) as {
        id: number;
        url: string;
      }[]
    ).map((r) => [r.url, r.id]),
  );
  const pages = articles
    .map((a) => ({ a, id: byUrl.get(`${site.origin}${a.path}`) }))
    .filter((x): x is { a: (typeof articles)[number]; id: number } => x.id !== undefined)
    .map((x) => ({ ...x, passages: store.similarity.passageVectors(x.id).map((r) => r.vector) }))
    .filter((x) => x.passages.length > 0);
  const groups = new Map<string, number[]>();
  for (let i = 0; i < pages.length; i++) {
    for (let j = i + 1; j < pages.length; j++) {
      const [x, y] = [pages[i]!, pages[j]!];
      const relation =
        x.a.topic.slug === y.a.topic.slug
          ? 'same topic'
          : x.a.topic.category === y.a.topic.category
            ? 'same category'
            : 'other category';
      groups.set(relation, [...(groups.get(relation) ?? []), rawPassageScore(x.passages, y.passages)]);
    }
  }
  const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]!.toFixed(3);
  console.log(`${pages.length} articles; raw score quantiles (mapped in brackets)`);
  console.log('relation         n      p05      p25      p50      p75      p95      max');
  for (const [relation, xs] of groups) {
    xs.sort((a, b) => a - b);
    const cells = [0.05, 0.25, 0.5, 0.75, 0.95, 1].map((p) => `${q(xs, p)}`);
    console.log(`${relation.padEnd(15)} ${String(xs.length).padStart(4)}  ${cells.join('    ')}`);
    const mapped = [0.05, 0.25, 0.5, 0.75, 0.95, 1].map((p) =>
      Math.min(1, Number(q(xs, p)) / PARAPHRASE_CEILING).toFixed(3),
    );
    console.log(`${''.padEnd(15)} ${''.padStart(4)} [${mapped.join('] [')}]`);
  }
} finally {
  await t.close();
  await site.close();
}
