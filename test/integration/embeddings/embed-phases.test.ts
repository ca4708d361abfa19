/**
 * Embedding in two phases on the real model: every new page is searchable (a page vector from its title and
 * lead) before any passage is embedded; then passages are embedded and page vectors recomputed from them. A job
 * cancelled between the two leaves the pages searchable, and the next job finishes only their passages.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';
import type { Job, JobOf } from '../../../server/schemas/jobs.js';
import { finishedJob } from '../../helpers/crawl-site.js';
import { assertProblem, createTestApp, type TestApp } from '../../helpers/test-app.js';

let t: TestApp;
let site: FixtureSite;
let siteId: number;

const finish = <J extends Job>(job: J) => finishedJob(t, job, 240_000);
const rebuild = () => t.call('pages.rebuildEmbeddings', { site_id: siteId });

const count = (sql: string) => t.db.prepare(sql).pluck().get(siteId) as number;
const vectors = () => count('SELECT COUNT(*) FROM page_vectors WHERE site_id = ?');
const passages = () => count('SELECT COUNT(*) FROM passages WHERE site_id = ?');
const pending = () =>
  count('SELECT COUNT(*) FROM page_embeddings WHERE site_id = ? AND passages_pending = 1');
const pageVector = (id: number) => t.store.embeddings.pageVector(id)!.slice();

/**
 * Starts an embed job and calls `atSearchable` (synchronously, inside the event) when the site is first announced
 * searchable, with the job's id read from the store: the POST's answer may not have arrived yet.
 */
async function embedWatching(atSearchable: (jobId: number) => void): Promise<JobOf<'embed'>> {
  const runningJob = () =>
    t.db
      .prepare(`SELECT id FROM jobs WHERE site_id = ? AND kind = 'embed' AND status = 'running'`)
      .pluck()
      .get(siteId) as number;
  const onUpdate = (e: { site_id: number; changes: string[] }) => {
    if (e.site_id !== siteId || !e.changes.includes('embeddings')) return;
    t.bus.off('site.updated', onUpdate);
    atSearchable(runningJob());
  };
  t.bus.on('site.updated', onUpdate);
  return rebuild();
}

before(async () => {
  t = await createTestApp();
  site = await startFixtureSite({ seed: 7, articles: 30 });
  siteId = (
    await t.call('sites.create', { start_url: site.startUrl, settings: { max_requests_per_second: 500 } })
  ).id;
  const crawl = await t.call('crawl.start', { site_id: siteId });
  assert.equal((await finish(crawl)).status, 'succeeded');
});
after(async () => {
  await t.close();
  await site.close();
});

describe('embedding in two phases', () => {
  it(
    'makes every new page searchable before any passage, then replaces the lead vectors',
    { timeout: 300_000 },
    async () => {
      const embeddable = count(
        `SELECT COUNT(*) FROM pages WHERE site_id = ? AND indexable = 1 AND status_code = 200 AND content_type = 'text/html'`,
      );
      let atSearchable = { vectors: 0, passages: -1, pending: 0 };
      const leads = new Map<number, Float32Array>();
      const started = await embedWatching(() => {
        atSearchable = { vectors: vectors(), passages: passages(), pending: pending() };
        for (const id of t.db
          .prepare('SELECT page_id FROM page_embeddings WHERE site_id = ?')
          .pluck()
          .all(siteId) as number[])
          leads.set(id, pageVector(id));
      });
      const job = await finish(started);
      assert.equal(job.status, 'succeeded', JSON.stringify(job));
      assert.ok(embeddable > 20);
      assert.deepEqual(atSearchable, { vectors: embeddable, passages: 0, pending: embeddable });
      assert.equal(job.result?.searchable_pages, embeddable);
      assert.equal(pending(), 0);
      assert.ok(passages() > embeddable);
      // The full vector (every passage and the title) replaced the lead's wherever a page has more than its lead.
      const longPages = t.db
        .prepare('SELECT page_id FROM page_embeddings WHERE site_id = ? AND passages > 1')
        .pluck()
        .all(siteId) as number[];
      assert.ok(longPages.length >= 3, `${longPages.length} pages of more than one passage`);
      for (const id of longPages) assert.notDeepEqual(pageVector(id), leads.get(id));

      // Searchable, and nothing left to embed: a second job makes no page searchable again and embeds nothing.
      const search = await t.call('pages.search', { query: 'growing tomatoes', site_id: siteId, k: 3 });
      assert.equal(search.items.length, 3);
      const again = await finish(await rebuild());
      assert.equal(again.result?.searchable_pages, 0);
      assert.equal(again.result?.pages, 0);
    },
  );

  it(
    'keeps pages searchable when cancelled after the first phase; the next job embeds only their passages',
    { timeout: 300_000 },
    async () => {
      // Start over: a variant change re-embeds everything, so drop this site's vectors instead.
      t.db.prepare('DELETE FROM passages WHERE site_id = ?').run(siteId);
      t.db.prepare('DELETE FROM page_embeddings WHERE site_id = ?').run(siteId);
      const total = count(
        `SELECT COUNT(*) FROM pages WHERE site_id = ? AND indexable = 1 AND status_code = 200 AND content_type = 'text/html'`,
      );
      const cancelled = await finish(await embedWatching((id) => t.services.jobs.cancel(id)));
      assert.equal(cancelled.status, 'cancelled');
      assert.equal(vectors(), total);
      assert.ok(pending() > 0, 'the cancel came before every passage was embedded');
      const left = pending();
      // What reads passages waits for them, rather than answering as if those pages said nothing.
      assertProblem(
        await t.send('ideas.check', { idea: 'growing tomatoes', site_id: siteId }),
        409,
        'conflict',
      );
      assertProblem(await t.send('similarity.analyze', { site_id: siteId }), 409, 'conflict');
      const search = await t.call('pages.search', { query: 'growing tomatoes', site_id: siteId, k: 3 });
      assert.equal(search.items.length, 3, 'searchable meanwhile');

      const resumed = await finish(await rebuild());
      assert.equal(resumed.status, 'succeeded');
      assert.equal(resumed.result?.searchable_pages, 0);
      assert.equal(resumed.result?.pages, left);
      assert.equal(pending(), 0);
      assert.equal(vectors(), total);
    },
  );
});
