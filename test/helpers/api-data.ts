/**
 * Data behind every route, for tests that drive the whole API from `/openapi.json`: the analysed fixture site of
 * `analysedSite`, plus Search Console rows for its home page and a campaign with generated targets (a real
 * `expand`) and a manual one, so campaign, target and Search Console routes answer with rows, not empty lists.
 */
import assert from 'node:assert/strict';
import { GscWriter } from '../../server/domain/analytics/gsc-writer.js';
import { plantedRecords } from '../fixtures/campaigns/planted-gsc.js';
import type { FixtureSite } from '../fixtures/sites/fixture-site.js';
import { analysedSite } from './analysed-site.js';
import { runJob } from './crawl-site.js';
import type { TestApp } from './test-app.js';

export interface ApiData {
  site: FixtureSite;
  siteId: number;
  campaignId: number;
  targetIds: number[];
}

export async function apiData(t: TestApp, seed = 3): Promise<ApiData> {
  const { site, siteId } = await analysedSite(t, seed);
  new GscWriter(t.store, t.services.sites).write(
    siteId,
    'api',
    plantedRecords(site.origin, [
      { path: '/', query: 'garden advice for beginners', before: [5, 50], recent: [3, 60], position: 6.5 },
    ]),
  );
  const campaign = await t.post('/api/campaigns', {
    hub_client_id: 'northwind',
    name: 'Spring garden guides',
    site_id: siteId,
    seed_topics: ['how to keep a lawn green in summer', 'composting kitchen waste'],
  });
  assert.equal(campaign.status, 201, JSON.stringify(campaign.body));
  const campaignId = campaign.body.id as number;
  await runJob(t, `/api/campaigns/${campaignId}/expand`, {}, 240_000);
  const manual = await t.post('/api/targets', {
    campaign_id: campaignId,
    kind: 'new_content',
    title: 'A planting calendar for small gardens',
  });
  assert.equal(manual.status, 201, JSON.stringify(manual.body));
  const targets = await t.get(`/api/targets?campaign_id=${campaignId}&limit=1000`);
  const targetIds = (targets.body.items as { id: number }[]).map((x) => x.id);
  assert.ok(targetIds.length >= 2, `expand proposed no targets: ${JSON.stringify(targets.body)}`);
  return { site, siteId, campaignId, targetIds };
}
