/**
 * A sync stopped part-way keeps what it stored and, after a restart, carries on at the first week it had not
 * stored instead of fetching everything again; a cancel during a backoff wait ends the job at once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dateChunks, GSC_EXCLUSIVE_WITH } from '../../../server/domain/analytics/gsc-sync.js';
import { JobRunner } from '../../../server/jobs/job-runner.js';
import { builtinJobKinds } from '../../../server/jobs/kinds/index.js';
import { createLogger } from '../../../server/logger.js';
import { storedKeys } from '../../fixtures/gsc/gsc-plant.js';
import { finishedJob } from '../../helpers/crawl-site.js';
import { jobOutcome, startGscSite, sync, type GscSite } from '../../helpers/gsc-site.js';
import { waitFor } from '../../helpers/test-app.js';

let g: GscSite;
let weeks: [string, string][];

before(async () => {
  g = await startGscSite({ rowLimit: 40 });
  weeks = dateChunks(g.plant.firstDate, '2026-03-29');
});
after(async () => g?.close());

const jobRow = (id: number) =>
  g.t.db.prepare('SELECT status, checkpoint FROM jobs WHERE id = ?').get(id) as {
    status: string;
    checkpoint: string | null;
  };
const progressOf = async (id: number) => (await g.t.call('jobs.get', { job_id: id })).progress;

describe('a Search Console sync that stops part-way', () => {
  it('resumes after a restart at the first week it had not stored', async () => {
    // Week 4 answers 503 with a long Retry-After: the job sits in its backoff wait when Siteloupe stops.
    g.fake.failNext({ status: 503, retryAfter: 30, when: (e) => e.startDate === weeks[3]![0] });
    const started = await sync(g);
    const id = started.id;
    await waitFor(
      async () => ((await progressOf(id)).message.includes('retrying') ? true : undefined),
      30_000,
      'the backoff',
    );
    await g.t.runner.stop(5000);
    assert.equal(jobRow(id).status, 'queued', 'a shutdown puts the job back in the queue');
    assert.equal((JSON.parse(jobRow(id).checkpoint!) as { next_chunk: number }).next_chunk, 3);
    const inFirstWeeks = [...storedKeys(g.plant.rows)].filter((k) => k.split('|')[2]! <= weeks[2]![1]).length;
    const stored = g.t.db.prepare(`SELECT COUNT(*) AS n FROM gsc_rows WHERE grain = 'pqd'`).get() as {
      n: number;
    };
    assert.equal(stored.n, inFirstWeeks, 'three whole weeks were stored');

    const calls = g.fake.log.length;
    const runner = new JobRunner(g.t.services.jobs, g.t.bus, createLogger('silent'), 2);
    for (const k of builtinJobKinds(g.t.services)) runner.register(k);
    runner.start();
    try {
      const job = await finishedJob(g.t, started, 60_000);
      assert.equal(job.status, 'succeeded', JSON.stringify(job));
      const resumed = g.fake.log.slice(calls);
      assert.equal(resumed[0]!.startDate, weeks[3]![0], 'the resumed run starts at week 4');
      assert.ok(
        resumed.every((e) => e.startDate >= weeks[3]![0]),
        'no stored week is fetched again',
      );
      assert.equal(job.result?.stored, storedKeys(g.plant.rows).size);
      const all = g.t.db.prepare(`SELECT COUNT(*) AS n FROM gsc_rows WHERE grain = 'pqd'`).get() as {
        n: number;
      };
      assert.equal(all.n, storedKeys(g.plant.rows).size);
    } finally {
      await runner.stop(2000);
    }
  });

  it('is cancelled at once while it waits to retry', async () => {
    const runner = new JobRunner(g.t.services.jobs, g.t.bus, createLogger('silent'), 2);
    for (const k of builtinJobKinds(g.t.services)) runner.register(k);
    runner.start();
    try {
      g.fake.failNext({ status: 429, retryAfter: 60 });
      const started = await sync(g);
      const id = started.id;
      await waitFor(
        async () => ((await progressOf(id)).message.includes('retrying') ? true : undefined),
        30_000,
        'the backoff',
      );
      const t0 = Date.now();
      await g.t.call('jobs.cancel', { job_id: id });
      const job = await jobOutcome(g.t, started);
      assert.equal(job.status, 'cancelled');
      assert.ok(Date.now() - t0 < 5000, 'the 60 s wait did not hold the cancel');
      const running = await g.t.call('jobs.list', { kind: ['gsc_sync'], status: ['running'] });
      assert.equal(running.items.length, 0);
    } finally {
      await runner.stop(2000);
    }
  });

  it('fails a queued sync whose range is no longer valid instead of running it', async () => {
    const runner = new JobRunner(g.t.services.jobs, g.t.bus, createLogger('silent'), 2);
    for (const k of builtinJobKinds(g.t.services)) runner.register(k);
    runner.start();
    try {
      // As a job queued before the range was bounded would be found on start-up.
      const queued = g.t.services.jobs.create({
        kind: 'gsc_sync',
        site_id: g.siteId,
        params: { property: g.property, date_from: '9999-12-30', date_to: '9999-12-31' },
        exclusive_with: GSC_EXCLUSIVE_WITH,
      });
      const calls = g.fake.log.length;
      const job = await finishedJob(g.t, queued, 30_000);
      assert.equal(job.status, 'failed');
      assert.equal(job.error!.type, 'urn:siteloupe:problem:gsc-rejected');
      assert.match(job.error!.detail, /date_from must be a date in the years 2000 to 2100/);
      assert.equal(g.fake.log.length, calls, 'Search Console was not asked');
    } finally {
      await runner.stop(2000);
    }
  });
});
