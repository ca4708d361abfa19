/**
 * What follows a crawl, with the real model: the audit and the embeddings, and then, on a site that has had a
 * similarity analysis, the analysis again with the thresholds it last ran with — after a scheduled crawl and after
 * one a person started alike, since either makes the analysis stale. A site never analysed is not analysed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Job } from '../../../server/schemas/jobs.js';
import { FAST_CRAWL, runJob } from '../../helpers/crawl-site.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { createTestApp, waitFor, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

let t: TestApp;
let site: FixtureSite;
let siteId: number;
const clock = new FakeClock('2030-01-07T10:07:00.000Z');

before(async () => {
  site = await startFixtureSite({ articles: 4 });
  t = await createTestApp({ followUps: true, scheduler: { clock } });
  const created = await t.call('sites.create', { start_url: site.startUrl, settings: FAST_CRAWL });
  siteId = created.id;
});
after(async () => {
  await t.close();
  await site.close();
});

const jobs = async (kind: Job['kind']): Promise<Job[]> =>
  (await t.call('jobs.list', { site_id: siteId, kind: [kind] })).items.reverse();

/** Waits until the site has `count` jobs of `kind` and the last has succeeded; returns it. */
async function nth(kind: Job['kind'], count: number): Promise<Job> {
  const job = await waitFor(
    async () => {
      const all = await jobs(kind);
      const last = all[count - 1];
      if (!last || !['succeeded', 'failed', 'cancelled'].includes(last.status)) return undefined;
      return last;
    },
    120_000,
    `${kind} job ${count}`,
  );
  assert.equal(job.status, 'succeeded', JSON.stringify(job));
  return job;
}

/** Sets a schedule a minute ahead and moves the clock to it: one scheduled crawl. */
async function scheduledCrawl(slot: string): Promise<void> {
  await t.call('sites.update', { site_id: siteId, settings: { crawl_schedule: '*/15 * * * *' } });
  await clock.advanceTo(slot, () => t.scheduler!.settled());
}

describe('after a crawl', { timeout: 300_000 }, () => {
  it('embeds but does not analyse a site that was never analysed', async () => {
    await scheduledCrawl('2030-01-07T10:15:00.000Z');
    const crawl = await nth('crawl', 1);
    assert.equal(crawl.kind === 'crawl' && crawl.params.trigger, 'schedule');
    await nth('embed', 1);
    await nth('audit', 1);
    assert.equal((await jobs('similarity')).length, 0);
  });

  it('analyses again after a crawl the analyst started, once its embeddings are done', async () => {
    await runJob(t, 'similarity.analyze', { site_id: siteId, thresholds: { related_reranker: 0.6 } });
    await runJob(t, 'crawl.start', { site_id: siteId });
    const embed = await nth('embed', 2);
    const analysis = await nth('similarity', 2);
    assert.ok(analysis.id > embed.id, 'the analysis follows the embeddings');
    assert.deepEqual(analysis.params, { thresholds: { related_reranker: 0.6 } });
    const site = await t.call('sites.get', { site_id: siteId });
    assert.equal(site.similarity_analysis?.stale, false, 'the new analysis is current');
  });

  it('analyses again after a scheduled crawl, with the last thresholds, once the embeddings are done', async () => {
    await clock.advanceTo('2030-01-07T10:30:00.000Z', () => t.scheduler!.settled());
    const crawl = await nth('crawl', 3);
    assert.equal(crawl.kind === 'crawl' && crawl.params.scheduled_for, '2030-01-07T10:30:00.000Z');
    const embed = await nth('embed', 3);
    const analysis = await nth('similarity', 3);
    assert.ok(analysis.id > embed.id, 'the analysis follows the embeddings');
    assert.deepEqual(analysis.params, { thresholds: { related_reranker: 0.6 } });
    // The analysis is followed by the audit, as any analysis is.
    await waitFor(
      async () => ((await jobs('audit')).some((a) => a.id > analysis.id) ? true : undefined),
      60_000,
      'the audit after the analysis',
    );
  });
});
