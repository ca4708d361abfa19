/**
 * A site's crawls are numbered 1, 2, 3 in the order they were started, by the API (`crawl_number`), so every
 * client names them alike (#37: the history read "#1, then #7", job ids that run across sites and kinds). The
 * numbers are the site's own, count every crawl whatever its outcome, and a running crawl reports its rate and
 * time left with the same reads.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';
import { FAST_CRAWL, finishedJob, jobResult } from '../../helpers/crawl-site.js';
import { cancelledCrawl, startHeldServer, type HeldServer } from '../../helpers/held-crawl.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';

let t: TestApp;
let site: FixtureSite;
let held: HeldServer;
before(async () => {
  t = await createTestApp();
  site = await startFixtureSite({ seed: 5, articles: 12 });
  held = await startHeldServer();
});
after(async () => {
  await t.close();
  await site.close();
  await held.close();
});

describe('crawl numbers', () => {
  it('numbers each site’s crawls 1, 2, 3 in order, whatever ran between them', async () => {
    const a = await t.call('sites.create', { start_url: site.startUrl, settings: FAST_CRAWL });
    const first = await t.call('crawl.start', { site_id: a.id });
    assert.equal(first.crawl_number, 1, 'the answer to the start names it');
    await jobResult(t, first);
    // Another site's crawl (cancelled) and this site's follow-ups take job ids in between.
    await cancelledCrawl(t, held);
    const second = await t.call('crawl.start', { site_id: a.id });
    await finishedJob(t, second);
    assert.ok(second.id > first.id + 1, `job ids ${first.id} and ${second.id} are not consecutive`);
    assert.equal(second.crawl_number, 2);

    const history = await t.call('sites.crawls', { site_id: a.id });
    assert.deepEqual(
      history.items.map((j) => [j.id, j.kind === 'crawl' ? j.crawl_number : null]),
      [
        [second.id, 2],
        [first.id, 1],
      ],
    );
    const read = await t.call('jobs.get', { job_id: second.id });
    assert.equal(read.kind === 'crawl' && read.crawl_number, 2, 'jobs.get says the same');
    const listed = await t.call('jobs.list', { site_id: a.id, kind: ['crawl'] });
    assert.deepEqual(
      listed.items.map((j) => j.kind === 'crawl' && j.crawl_number),
      [2, 1],
    );
  });

  it('counts a cancelled crawl, and starts at 1 on every site', async () => {
    const id = await cancelledCrawl(t, held);
    const job = await t.call('jobs.get', { job_id: id });
    assert.equal(job.kind === 'crawl' && job.crawl_number, 1);
    const resumed = await t.call('crawl.resume', { job_id: id });
    assert.equal(resumed.crawl_number, 1, 'a resumed crawl keeps its number');
    await t.call('jobs.cancel', { job_id: id });
  });

  it('gives a running crawl a rate and time left once 5 s are measured, "estimating" (null) before', async () => {
    const slow = await t.call('sites.create', {
      start_url: site.startUrl,
      settings: { ...FAST_CRAWL, max_requests_per_second: 4, concurrency: 1 },
    });
    const job = await t.call('crawl.start', { site_id: slow.id });
    const early = await t.call('jobs.get', { job_id: job.id });
    if (early.status === 'running') assert.equal(early.progress.rate ?? null, null);
    await new Promise((r) => setTimeout(r, 7000));
    const later = await t.call('jobs.get', { job_id: job.id });
    assert.equal(later.status, 'running', 'the paced crawl is still running after 7 s');
    assert.ok(later.progress.rate! > 1 && later.progress.rate! < 8, `rate ${later.progress.rate}`);
    assert.equal(typeof later.progress.eta_seconds, 'number');
    const done = await finishedJob(t, job);
    assert.equal(done.progress.rate, undefined, 'a finished job has no rate');
  });
});
