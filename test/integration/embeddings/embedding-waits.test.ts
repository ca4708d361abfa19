/**
 * What the passage readers do while a site is being embedded, with a real embed job held between its two phases
 * (every page searchable by its title and lead, no passage yet): a search answers with how much it covers; an
 * idea check asked now is refused naming the job, and queued as a job it waits and then answers as the check
 * would; a campaign expand and a similarity analysis wait and then run; a waiting job survives a restart; and
 * when the embed job is cancelled, what waited for it fails with the reason instead of waiting forever. What no
 * job will bring is refused with what to do.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { JobRunner } from '../../../server/jobs/job-runner.js';
import { builtinJobKinds } from '../../../server/jobs/kinds/index.js';
import { createLogger } from '../../../server/logger.js';
import type { Job } from '../../../server/schemas/jobs.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';
import { FAST_CRAWL, finishedJob, jobResult, runJob } from '../../helpers/crawl-site.js';
import { embedHolder } from '../../helpers/held-embed.js';
import { assertProblem, createTestApp, type TestApp } from '../../helpers/test-app.js';

const holder = embedHolder();
let t: TestApp;
let site: FixtureSite;
let siteId: number;
let campaignId: number;
/** Embeddable pages of the site. */
let pages: number;
let restarted: JobRunner | null = null;

const IDEA = 'growing tomatoes on a balcony';
const count = (sql: string) => t.db.prepare(sql).pluck().get(siteId) as number;
const pending = () =>
  count('SELECT COUNT(*) FROM page_embeddings WHERE site_id = ? AND passages_pending = 1');

/** Drops the site's vectors, so the next embed job embeds every page again in two phases. */
function forgetEmbeddings() {
  t.db.prepare('DELETE FROM passages WHERE site_id = ?').run(siteId);
  t.db.prepare('DELETE FROM page_embeddings WHERE site_id = ?').run(siteId);
}

/** An embed job of the site, held once every page is searchable by its lead. */
async function heldEmbed() {
  const hold = holder.arm();
  const job = await t.call('pages.rebuildEmbeddings', { site_id: siteId });
  assert.equal(await hold.held, job.id);
  return { job, release: hold.release };
}

/** Asserts a job is queued behind the embed job, saying so. */
function assertWaiting(job: Job, embedId: number) {
  assert.equal(job.status, 'queued', JSON.stringify(job));
  assert.equal(job.progress.phase, 'waiting');
  assert.match(job.progress.message, new RegExp(`^Queued behind embed job ${embedId}: runs when `));
}

before(async () => {
  t = await createTestApp({ jobKinds: [holder.kind] });
  holder.bind(t.services);
  site = await startFixtureSite({ seed: 11, articles: 30 });
  siteId = (await t.call('sites.create', { start_url: site.startUrl, settings: FAST_CRAWL })).id;
  await runJob(t, 'crawl.start', { site_id: siteId });
  pages = count(
    `SELECT COUNT(*) FROM pages WHERE site_id = ? AND indexable = 1 AND status_code = 200 AND content_type = 'text/html'`,
  );
  campaignId = (
    await t.call('campaigns.create', {
      hub_client_id: 'northwind',
      name: 'Balcony gardens',
      site_id: siteId,
      seed_topics: [IDEA, 'keeping backyard chickens'],
    })
  ).id;
});
after(async () => {
  await restarted?.stop(5000);
  await t.close();
  await site.close();
});

describe('before the site is embedded', () => {
  it('refuses the passage readers with what to do, and a search says nothing is searchable', async () => {
    const check = assertProblem(
      await t.send('ideas.check', { idea: IDEA, site_id: siteId }),
      409,
      'conflict',
    );
    // The site by the name the UI shows (#37), not "site 1".
    const { name } = await t.call('sites.get', { site_id: siteId });
    assert.ok(check.detail.includes(`None of the ${pages} pages of “${name}” is embedded`), check.detail);
    assert.match(check.detail, /POST \/pages\/embeddings\/rebuild/);
    assertProblem(await t.send('ideas.startCheck', { site_id: siteId, idea: IDEA }), 409, 'conflict');
    assertProblem(await t.send('campaigns.expand', { campaign_id: campaignId }), 409, 'conflict');

    const search = await t.call('pages.search', { query: IDEA, site_id: siteId });
    assert.deepEqual(search.items, []);
    assert.deepEqual(search.coverage, {
      pages,
      searchable_pages: 0,
      passages_pending: 0,
      embed_job_ids: [],
      eta_seconds: null,
      complete: true,
    });

    // A site with no page yet covers nothing, truly: its ideas are new (a campaign planned before the first
    // crawl keeps its manual targets), with nothing to wait for.
    const empty = await t.call('sites.create', { start_url: `${site.startUrl}never-crawled/` });
    const none = await t.call('ideas.check', { idea: IDEA, site_id: empty.id });
    assert.equal(none.verdict, 'new');
    assert.deepEqual(none.matches, []);
  });
});

describe('while an embed job embeds the passages', { timeout: 600_000 }, () => {
  it('a search says how much it covers; readers wait for the passages, then run', async () => {
    const embed = await heldEmbed();
    assert.equal(pending(), pages);

    const search = await t.call('pages.search', { query: IDEA, site_id: siteId, k: 5 });
    assert.equal(search.items.length, 5, 'searchable by their leads meanwhile');
    assert.ok(search.items.every((hit) => hit.passage === null));
    const { eta_seconds, ...coverage } = search.coverage;
    assert.deepEqual(coverage, {
      pages,
      searchable_pages: pages,
      passages_pending: pages,
      embed_job_ids: [embed.job.id],
      complete: false,
    });
    assert.ok(eta_seconds === null || eta_seconds >= 0);
    assert.deepEqual(await t.call('pages.searchCoverage', { site_id: siteId }), search.coverage);

    // Asked for now, the idea check is refused naming the job, and says how to queue it.
    const refused = await t.send('ideas.check', { idea: IDEA, site_id: siteId });
    const problem = assertProblem(refused, 409, 'conflict');
    assert.equal(refused.body.job_id, embed.job.id);
    assert.match(problem.detail, new RegExp(`the passages of all ${pages} pages are not in yet`));
    assert.match(problem.detail, new RegExp(`POST /sites/${siteId}/idea-checks queues the check`));

    const check = await t.call('ideas.startCheck', { site_id: siteId, idea: IDEA, k: 3 });
    const expand = await t.call('campaigns.expand', { campaign_id: campaignId });
    const analysis = await t.call('similarity.analyze', { site_id: siteId });
    for (const job of [check, expand, analysis]) assertWaiting(job, embed.job.id);
    assert.match(check.progress.message, new RegExp(`the passages of all ${pages} pages are embedded`));
    assert.deepEqual([check.progress.done, check.progress.total], [0, pages]);
    // The runner has a free slot (it runs two jobs, and only the embed job runs), yet none of them starts.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const job of [check, expand, analysis])
      assertWaiting(await t.call('jobs.get', { job_id: job.id }), embed.job.id);

    embed.release();
    assert.equal((await finishedJob(t, embed.job, 300_000)).status, 'succeeded');
    const answer = await jobResult(t, check);
    const now = await t.call('ideas.check', { idea: IDEA, site_id: siteId, k: 3 });
    assert.deepEqual(answer, now, 'the queued check answers as the check itself does');
    assert.ok((await jobResult(t, expand)).candidates > 0);
    await jobResult(t, analysis);

    const done = await t.call('pages.searchCoverage', { site_id: siteId });
    assert.deepEqual(done, {
      pages,
      searchable_pages: pages,
      passages_pending: 0,
      embed_job_ids: [],
      eta_seconds: null,
      complete: true,
    });
  });

  it('fails what waited with the reason when the embed job is cancelled', async () => {
    forgetEmbeddings();
    const embed = await heldEmbed();
    const check = await t.call('ideas.startCheck', { site_id: siteId, idea: IDEA });
    const expand = await t.call('campaigns.expand', { campaign_id: campaignId });
    const analysis = await t.call('similarity.analyze', { site_id: siteId });
    await t.call('jobs.cancel', { job_id: embed.job.id });
    assert.equal((await finishedJob(t, embed.job)).status, 'cancelled');
    for (const waited of [check, expand, analysis]) {
      const job = await finishedJob(t, waited);
      assert.equal(job.status, 'failed', JSON.stringify(job));
      assert.equal(job.error?.type, 'urn:siteloupe:problem:conflict');
      assert.match(job.error!.detail, new RegExp(`embed job ${embed.job.id} was cancelled`));
      assert.match(job.error!.detail, /POST \/pages\/embeddings\/rebuild finishes them/);
    }
    // Nothing will bring them now: asked again, the readers are refused with what to do.
    const refused = assertProblem(
      await t.send('ideas.startCheck', { site_id: siteId, idea: IDEA }),
      409,
      'conflict',
    );
    assert.match(refused.detail, new RegExp(`embed job ${embed.job.id} was cancelled`));
  });

  it('keeps a job waiting across a restart; it runs when the restarted embedding is done', async () => {
    forgetEmbeddings();
    const embed = await heldEmbed();
    const check = await t.call('ideas.startCheck', { site_id: siteId, idea: IDEA });
    assertWaiting(check, embed.job.id);
    // Siteloupe stops: the running embed job goes back to the queue, the waiting check stays queued.
    await t.runner.stop(5000);
    assert.equal((await t.call('jobs.get', { job_id: embed.job.id })).status, 'queued');
    assertWaiting(await t.call('jobs.get', { job_id: check.id }), embed.job.id);

    restarted = new JobRunner(t.services.jobs, t.bus, createLogger('silent'), 2);
    for (const kind of builtinJobKinds(t.services, [holder.kind])) restarted.register(kind);
    restarted.start();
    assert.equal((await finishedJob(t, embed.job, 300_000)).status, 'succeeded');
    assert.equal(pending(), 0);
    assert.deepEqual(await jobResult(t, check), await t.call('ideas.check', { idea: IDEA, site_id: siteId }));
  });
});
