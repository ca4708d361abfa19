/**
 * A crawl makes a site's similarity analysis stale: the pairs list and the site say so, with the reason and what
 * happens next, until the analysis runs again. A list across sites, and a site never analysed, carry no state.
 * (That the analysis reruns by itself after the crawl's embeddings is test/integration/jobs/scheduled-follow-ups.)
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { crawlFixture, runJob } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

let t: TestApp;
let site: FixtureSite;
let siteId: number;

before(async () => {
  site = await startFixtureSite({ seed: 8, articles: 6 });
  t = await createTestApp();
  siteId = await crawlFixture(t, site);
  await runJob(t, 'pages.rebuildEmbeddings', { site_id: siteId });
});
after(async () => {
  await t?.close();
  await site?.close();
});

const state = async () => {
  const [list, got] = await Promise.all([
    t.call('similarity.sitePairs', { site_id: siteId, limit: 1 }),
    t.call('sites.get', { site_id: siteId }),
  ]);
  assert.deepEqual(list.analysis, got.similarity_analysis, 'the list and the site say the same');
  return list.analysis;
};

describe('the analysis state', { timeout: 300_000 }, () => {
  it('is null for a site never analysed', async () => {
    assert.equal(await state(), null);
  });

  it('is current after an analysis, and stale after a crawl, with the reason and the offer to rerun', async () => {
    await runJob(t, 'similarity.analyze', { site_id: siteId });
    const fresh = await state();
    assert.ok(fresh);
    assert.equal(fresh.stale, false);
    assert.equal(fresh.reason, null);
    assert.ok(fresh.last_crawl_at! < fresh.analyzed_at);

    await runJob(t, 'crawl.start', { site_id: siteId });
    const stale = await state();
    assert.ok(stale);
    assert.equal(stale.run_id, fresh.run_id, 'the same analysis, now out of date');
    assert.equal(stale.stale, true);
    assert.match(stale.reason ?? '', /crawled again after this analysis.*Run it again/);
    assert.ok(stale.last_crawl_at! > stale.analyzed_at);
    assert.equal(stale.rerun_job_id, null, 'nothing will rerun it here (no follow-ups): the UI offers it');
  });

  it('is current again once the analysis has run again', async () => {
    await runJob(t, 'similarity.analyze', { site_id: siteId });
    const again = await state();
    assert.equal(again?.stale, false);
  });

  it('is left out of a list across sites', async () => {
    assert.equal((await t.call('similarity.pairs', { limit: 1 })).analysis, null);
  });
});
