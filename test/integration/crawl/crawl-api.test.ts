/** The crawl routes' refusals and job lifecycle: 404, 409, 503 without Chromium, cancel and resume. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertProblem, createTestApp, waitFor, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';
import { setVanishedChromium } from '../../helpers/vanished-chromium.js';

let t: TestApp;
let site: FixtureSite;
before(async () => {
  t = await createTestApp();
  site = await startFixtureSite({ seed: 3 });
});
after(async () => {
  await t.close();
  await site.close();
});

const jobStatus = async (id: number) => (await t.call('jobs.get', { job_id: id })).status;

describe('crawl API', () => {
  it('validates the request', async () => {
    assertProblem(await t.post('/crawl/start', {}), 400, 'validation');
    const p = assertProblem(await t.send('crawl.start', { site_id: 1, mode: 'list' }), 400, 'validation');
    assert.deepEqual(
      p.errors?.map((e) => e.path),
      ['body.urls'],
    );
    assertProblem(await t.send('crawl.start', { site_id: 999 }), 404, 'not-found');
    assertProblem(await t.send('crawl.cancel', { job_id: 999 }), 404, 'not-found');
  });

  it('answers 503 when rendering is asked for and no Chromium can be found', async () => {
    const created = await t.call('sites.create', { start_url: site.startUrl });
    await setVanishedChromium(t);
    try {
      const res = await t.send('crawl.start', { site_id: created.id, settings: { render_js: 'on' } });
      const p = assertProblem(res, 503, 'chromium-unavailable');
      assert.match(p.detail, /apt-get install chromium/);
    } finally {
      await t.call('system.updateSettings', { chromium_path: null });
    }
  });

  it(
    'refuses a second crawl of a running site, cancels, and resumes to completion',
    { timeout: 120_000 },
    async () => {
      // A slow pace so the crawl is still running when it is cancelled.
      const created = await t.call('sites.create', {
        start_url: site.startUrl,
        settings: { max_requests_per_second: 20 },
      });
      const siteId = created.id;
      // A typed call asserts the documented status, 202 here.
      const first = await t.call('crawl.start', { site_id: siteId });
      const conflict = assertProblem(await t.send('crawl.start', { site_id: siteId }), 409, 'conflict');
      assert.match(conflict.detail, new RegExp(`already has a crawl \\(job ${first.id}`));
      assert.equal(conflict.job_id, first.id, 'the 409 names the running job');

      await waitFor(
        async () => ((await t.call('jobs.get', { job_id: first.id })).progress.done >= 10 ? true : undefined),
        30_000,
      );
      await t.call('crawl.cancel', { job_id: first.id });
      await waitFor(async () => ((await jobStatus(first.id)) === 'cancelled' ? true : undefined), 30_000);
      const partial = (await t.call('sites.get', { site_id: siteId })).stats.pages;
      assert.ok(partial >= 10, `kept ${partial} pages`);
      assertProblem(await t.send('crawl.cancel', { job_id: first.id }), 409, 'conflict');

      await t.call('sites.update', { site_id: siteId, settings: { max_requests_per_second: 500 } });
      const resumed = await t.call('crawl.resume', { job_id: first.id });
      assert.equal(resumed.id, first.id);
      await waitFor(
        async () => ((await jobStatus(first.id)) === 'succeeded' ? true : undefined),
        90_000,
        'resumed crawl',
      );
      const { stats } = await t.call('sites.get', { site_id: siteId });
      assert.equal(stats.pages, site.expected().pages.size);
      assert.ok(stats.last_crawl_at);
      assertProblem(await t.send('crawl.resume', { job_id: first.id }), 409, 'conflict');

      const crawls = await t.call('sites.crawls', { site_id: siteId });
      assert.deepEqual(
        crawls.items.map((j) => j.id),
        [first.id],
      );
    },
  );
});
