/**
 * A realistic database for tests that drive the whole API: a small fixture site crawled, embedded, analysed and
 * audited, so sites, pages, links, jobs, similarity pairs, clusters and audit findings all exist (about 6 s).
 */
import { startFixtureSite, type FixtureSite } from '../fixtures/sites/fixture-site.js';
import { crawlFixture, runJob } from './crawl-site.js';
import type { TestApp } from './test-app.js';

export async function analysedSite(t: TestApp, seed = 3): Promise<{ site: FixtureSite; siteId: number }> {
  const site = await startFixtureSite({ seed, articles: 8 });
  const siteId = await crawlFixture(t, site);
  await runJob(t, 'pages.rebuildEmbeddings', { site_id: siteId });
  await runJob(t, 'similarity.analyze', { site_id: siteId });
  await runJob(t, 'audit.run', { site_id: siteId });
  return { site, siteId };
}
