/** Starting jobs and crawling a fixture site through the API, as most integration tests begin. */
import assert from 'node:assert/strict';
import type { FixtureSite } from '../fixtures/sites/fixture-site.js';
import { waitFor, type TestApp } from './test-app.js';

/** Fast but paced: the fixture server is local. */
export const FAST_CRAWL = { max_requests_per_second: 500, concurrency: 6 };

/** Starts a job (a 202 route), waits for it, and asserts it succeeded; returns its result. */
export async function runJob(
  t: TestApp,
  path: string,
  body: object,
  timeoutMs = 180_000,
): Promise<Record<string, number>> {
  const res = await t.post(path, body);
  assert.equal(res.status, 202, JSON.stringify(res.body));
  const job = await waitFor(
    async () => {
      const j = (await t.get(`/jobs/${res.body.id}`)).body as {
        status: string;
        result: Record<string, number>;
      };
      return ['succeeded', 'failed', 'cancelled'].includes(j.status) ? j : undefined;
    },
    timeoutMs,
    `${path} job`,
  );
  assert.equal(job.status, 'succeeded', JSON.stringify(job));
  return job.result;
}

/** Adds the fixture site with the given settings and crawls it to the end; returns the site id. */
export async function crawlFixture(
  t: TestApp,
  site: Pick<FixtureSite, 'startUrl'>,
  settings: object = {},
): Promise<number> {
  const created = await t.post('/sites', {
    start_url: site.startUrl,
    settings: { ...FAST_CRAWL, ...settings },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  await runJob(t, '/crawl/start', { site_id: created.body.id });
  return created.body.id as number;
}

/** Waits until no job of the app is queued or running (a crawl's follow-ups: audit, embeddings, …). */
export async function jobsSettled(t: TestApp, timeoutMs = 120_000): Promise<void> {
  await waitFor(
    async () => ((await t.get('/jobs?status=queued,running')).body.items.length === 0 ? true : undefined),
    timeoutMs,
    'queued and running jobs',
  );
}

/** A spider crawl of the site and the follow-ups it starts, to the end; returns the crawl job's id. */
export async function crawlSettled(t: TestApp, siteId: number): Promise<number> {
  const res = await t.post('/crawl/start', { site_id: siteId });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  await jobsSettled(t);
  assert.equal((await t.get(`/jobs/${res.body.id}`)).body.status, 'succeeded');
  return res.body.id as number;
}
