/**
 * The similarity analysis with Search Console data synced through Google's client from a local fake: pairs carry
 * the number of queries both pages have impressions for, the same count the Search Console store gives.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { GscQueries } from '../../../server/domain/analytics/gsc-queries.js';
import { runJob } from '../../helpers/crawl-site.js';
import { jobOutcome, startGscSite, sync, type GscSite } from '../../helpers/gsc-site.js';

let g: GscSite;

before(async () => {
  g = await startGscSite();
  const synced = await jobOutcome(g.t, await sync(g));
  assert.equal(synced.status, 'succeeded', JSON.stringify(synced.error));
  await runJob(g.t, '/pages/embeddings/rebuild', { site_id: g.siteId }, 240_000);
  // Keep every candidate so pairs of pages that rank together are all visible.
  await runJob(g.t, '/similarity/analyze', { site_id: g.siteId, thresholds: { related_reranker: 0 } });
});
after(async () => g?.close());

describe('similarity with Search Console data', () => {
  it('counts the queries both pages of a pair rank for', async () => {
    const pairs = (await g.t.get(`/similarity/pairs?site_id=${g.siteId}&limit=500`)).body.items as {
      page_a: { id: number };
      page_b: { id: number };
      shared_queries: number;
    }[];
    const shared = new GscQueries(g.t.store).sharedQueryCounts(g.siteId);
    for (const p of pairs) assert.equal(p.shared_queries, shared(p.page_a.id, p.page_b.id));
    assert.ok(
      pairs.some((p) => p.shared_queries > 0),
      'some candidate pairs compete for the same searches',
    );
  });
});
