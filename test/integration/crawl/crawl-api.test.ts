/** The crawl routes' refusals and job lifecycle: 404, 409, 503 without Chromium, cancel and resume. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertProblem, createTestApp, waitFor, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

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

const jobStatus = async (id: number) => ((await t.get(`/jobs/${id}`)).body as { status: string }).status;

describe('crawl API', () => {
  it('validates the request', async () => {
    assertProblem(await t.post('/crawl/start', {}), 400, 'validation');
    const p = assertProblem(
      await t.post('/crawl/start', { site_id: 1, mode: 'list' }),
      400,
      'validation',
    ) as {
      errors: { path: string }[];
    };
    assert.deepEqual(
      p.errors.map((e) => e.path),
      ['body.urls'],
    );
    assertProblem(await t.post('/crawl/start', { site_id: 999 }), 404, 'not-found');
    assertProblem(await t.post('/crawl/jobs/999/cancel'), 404, 'not-found');
  });

  it('answers 503 when rendering is asked for and no Chromium can be found', async () => {
    const created = await t.post('/sites', { start_url: site.startUrl });
    await t.patch('/settings', { chromium_path: '/nonexistent/chromium' });
    try {
      const res = await t.post('/crawl/start', { site_id: created.body.id, settings: { render_js: 'on' } });
      const p = assertProblem(res, 503, 'chromium-unavailable');
      assert.match(p.detail!, /apt-get install chromium/);
    } finally {
      await t.patch('/settings', { chromium_path: null });
    }
  });

  it(
    'refuses a second crawl of a running site, cancels, and resumes to completion',
    { timeout: 120_000 },
    async () => {
      // A slow pace so the crawl is still running when it is cancelled.
      const created = await t.post('/sites', {
        start_url: site.startUrl,
        settings: { max_requests_per_second: 20 },
      });
      const siteId = created.body.id as number;
      const first = await t.post('/crawl/start', { site_id: siteId });
      assert.equal(first.status, 202);
      const conflict = assertProblem(await t.post('/crawl/start', { site_id: siteId }), 409, 'conflict');
      assert.match(conflict.detail!, new RegExp(`crawl job \\(${first.body.id}`));
      assert.equal((conflict as { job_id?: number }).job_id, first.body.id, 'the 409 names the running job');

      await waitFor(
        async () => ((await t.get(`/jobs/${first.body.id}`)).body.progress.done >= 10 ? true : undefined),
        30_000,
      );
      assert.equal((await t.post(`/crawl/jobs/${first.body.id}/cancel`)).status, 200);
      await waitFor(
        async () => ((await jobStatus(first.body.id)) === 'cancelled' ? true : undefined),
        30_000,
      );
      const partial = (await t.get(`/sites/${siteId}`)).body.stats.pages as number;
      assert.ok(partial >= 10, `kept ${partial} pages`);
      assertProblem(await t.post(`/crawl/jobs/${first.body.id}/cancel`), 409, 'conflict');

      await t.patch(`/sites/${siteId}`, { settings: { max_requests_per_second: 500 } });
      const resumed = await t.post(`/crawl/jobs/${first.body.id}/resume`);
      assert.equal(resumed.status, 202);
      assert.equal(resumed.body.id, first.body.id);
      await waitFor(
        async () => ((await jobStatus(first.body.id)) === 'succeeded' ? true : undefined),
        90_000,
        'resumed crawl',
      );
      const stats = (await t.get(`/sites/${siteId}`)).body.stats as {
        pages: number;
        last_crawl_at: string | null;
      };
      assert.equal(stats.pages, site.expected().pages.size);
      assert.ok(stats.last_crawl_at);
      assertProblem(await t.post(`/crawl/jobs/${first.body.id}/resume`), 409, 'conflict');

      const crawls = await t.get(`/sites/${siteId}/crawls`);
      assert.deepEqual(
        crawls.body.items.map((j: { id: number }) => j.id),
        [first.body.id],
      );
    },
  );
});
