/** Starting jobs and crawling a fixture site through the API, as most integration tests begin. */
import assert from 'node:assert/strict';
import type {
  CallAnswer,
  CallArgs,
  CallArgsList,
  OperationId,
  Operations,
} from '../../server/contract/index.js';
import { FINISHED_STATUSES, type Job } from '../../server/schemas/jobs.js';
import type { FixtureSite } from '../fixtures/sites/fixture-site.js';
import { waitFor, type TestApp } from './test-app.js';

/** Fast but paced: the fixture server is local. */
export const FAST_CRAWL = { max_requests_per_second: 500, concurrency: 6 };

/** The operations that start a job: each answers 202 with the job of its kind. */
export type JobStart = { [K in OperationId]: Operations[K] extends { job: true } ? K : never }[OperationId];

/** The job the poll read is the one started: same id, so same kind. */
function assertSameJob<J extends Job>(started: J, read: Job): asserts read is J {
  assert.equal(read.kind, started.kind, `job ${started.id}`);
}

/** Waits for a job to finish, whatever its outcome, and returns it as it ended. */
export async function finishedJob<J extends Job>(t: TestApp, job: J, timeoutMs = 180_000): Promise<J> {
  return waitFor(
    async () => {
      const read = await t.call('jobs.get', { job_id: job.id });
      assertSameJob(job, read);
      return FINISHED_STATUSES.includes(read.status) ? read : undefined;
    },
    timeoutMs,
    `${job.kind} job ${job.id}`,
  );
}

/** Waits for a started job, asserts it succeeded, and returns its result. */
export async function jobResult<J extends Job>(
  t: TestApp,
  job: J,
  timeoutMs = 180_000,
): Promise<NonNullable<J['result']>> {
  const done = await finishedJob(t, job, timeoutMs);
  assert.equal(done.status, 'succeeded', JSON.stringify(done));
  const result = done.result;
  assert.ok(result, `job ${job.id} succeeded without a result`);
  return result;
}

/** Starts a job by its operation, waits for it, and asserts it succeeded; returns its result. */
export async function runJob<K extends JobStart>(
  t: TestApp,
  id: K,
  ...args: CallArgsList<K>
): Promise<NonNullable<CallAnswer<K>['result']>> {
  return jobResult(t, await t.call(id, ...args));
}

/** Adds the fixture site with the given settings and crawls it to the end; returns the site id. */
export async function crawlFixture(
  t: TestApp,
  site: Pick<FixtureSite, 'startUrl'>,
  settings: CallArgs<'sites.create'>['settings'] = {},
): Promise<number> {
  const created = await t.call('sites.create', {
    start_url: site.startUrl,
    settings: { ...FAST_CRAWL, ...settings },
  });
  await runJob(t, 'crawl.start', { site_id: created.id });
  return created.id;
}

/** Waits until no job of the app is queued or running (a crawl's follow-ups: audit, embeddings, …). */
export async function jobsSettled(t: TestApp, timeoutMs = 120_000): Promise<void> {
  await waitFor(
    async () =>
      (await t.call('jobs.list', { status: ['queued', 'running'] })).items.length === 0 ? true : undefined,
    timeoutMs,
    'queued and running jobs',
  );
}

/** A spider crawl of the site and the follow-ups it starts, to the end; returns the crawl job's id. */
export async function crawlSettled(t: TestApp, siteId: number): Promise<number> {
  const crawl = await t.call('crawl.start', { site_id: siteId });
  await jobsSettled(t);
  assert.equal((await t.call('jobs.get', { job_id: crawl.id })).status, 'succeeded');
  return crawl.id;
}
