/**
 * The similarity analysis with Search Console data synced through Google's client from a local fake: pairs carry
 * the number of queries both pages have impressions for, the same count the Search Console store gives, and two
 * pages shown for the same searches are one subject for a `merge` even where their titles say otherwise.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { GscQueries } from '../../../server/domain/analytics/gsc-queries.js';
import type { CallAnswer, CallArgs } from '../../../server/contract/index.js';
import { jobResult, runJob } from '../../helpers/crawl-site.js';
import { jobOutcome, startGscSite, sync, type GscSite } from '../../helpers/gsc-site.js';
import { dayBefore, LAST_DATE } from '../../fixtures/gsc/gsc-plant.js';

let g: GscSite;

before(async () => {
  g = await startGscSite();
  const synced = await jobOutcome(g.t, await sync(g));
  assert.equal(synced.status, 'succeeded', JSON.stringify(synced.error));
  await jobResult(g.t, await g.t.call('pages.rebuildEmbeddings', { site_id: g.siteId }), 240_000);
  // Keep every candidate so pairs of pages that rank together are all visible.
  await runJob(g.t, 'similarity.analyze', { site_id: g.siteId, thresholds: { related_reranker: 0 } });
});
after(async () => g?.close());

describe('similarity with Search Console data', () => {
  it('counts the queries both pages of a pair rank for', async () => {
    const pairs = (await g.t.call('similarity.pairs', { site_id: g.siteId, limit: 500 })).items;
    const shared = new GscQueries(g.t.store).sharedQueryCounts(g.siteId);
    for (const p of pairs) assert.equal(p.shared_queries, shared(p.page_a.id, p.page_b.id));
    assert.ok(
      pairs.some((p) => p.shared_queries > 0),
      'some candidate pairs compete for the same searches',
    );
  });

  it('lets the searches both pages are shown for name a merge’s subject where their titles disagree', async () => {
    type Pair = CallAnswer<'similarity.pairs'>['items'][number];
    const analyze = async (thresholds: CallArgs<'similarity.analyze'>['thresholds']) => {
      await runJob(g.t, 'similarity.analyze', { site_id: g.siteId, thresholds });
      return (await g.t.call('similarity.pairs', { site_id: g.siteId, limit: 500, sort: '-reranker' })).items;
    };
    // Every pair is close enough to merge here, so those still `related` are the ones no subject check passes.
    const open = { related_reranker: 0, merge_reranker: 0 };
    const before = await analyze({ ...open, query_agreement: 0 });
    const shared = new GscQueries(g.t.store).sharedQueryCounts(g.siteId);
    const pair = before.find((p) => p.outcome === 'related' && shared(p.page_a.id, p.page_b.id) === 0);
    assert.ok(pair, 'a pair that only the titles keep apart');
    const isPair = (p: Pair) => p.page_a.id === pair.page_a.id && p.page_b.id === pair.page_b.id;
    assert.equal((await analyze(open)).find(isPair)?.outcome, 'related', 'no shared searches yet');

    // Both pages are shown, for a fortnight, for the same two searches and little else.
    const extra = [pair.page_a.url, pair.page_b.url].flatMap((page, i) =>
      Array.from({ length: 14 }, (_, day) => [
        {
          page,
          query: 'cut back roses in autumn',
          date: dayBefore(LAST_DATE, day),
          clicks: 2,
          impressions: 30 + i * 10,
          position: 6 + i,
        },
        {
          page,
          query: 'rose pruning calendar',
          date: dayBefore(LAST_DATE, day),
          clicks: 1,
          impressions: 20,
          position: 8,
        },
      ]).flat(),
    );
    g.fake.plant(g.property, [...g.plant.rows, ...extra]);
    const synced = await jobOutcome(g.t, await sync(g));
    assert.equal(synced.status, 'succeeded', JSON.stringify(synced.error));
    assert.equal((await analyze(open)).find(isPair)?.outcome, 'merge', 'the same searches name one subject');
    assert.equal(
      (await analyze({ ...open, query_agreement: 0 })).find(isPair)?.outcome,
      'related',
      '0 turns the check off',
    );
  });
});
