/**
 * Data behind every route, for tests that drive the whole API from `/openapi.json`: the analysed fixture site of
 * `analysedSite`, plus Search Console rows for its home page and a campaign with generated targets (a real
 * `expand`) and a manual one, so campaign, target and Search Console routes answer with rows, not empty lists; the
 * site is crawled twice, and the first crawl's home page carries an older title, so its history has a change.
 */
import assert from 'node:assert/strict';
import type { CallArgs } from '../../server/contract/index.js';
import { GscWriter } from '../../server/domain/analytics/gsc-writer.js';
import { plantedRecords } from '../fixtures/campaigns/planted-gsc.js';
import type { FixtureSite } from '../fixtures/sites/fixture-site.js';
import { STATE_FIELDS } from '../../server/store/repos/history-repo.js';
import { analysedSite } from './analysed-site.js';
import { jobResult, runJob } from './crawl-site.js';
import type { TestApp } from './test-app.js';

export interface ApiData {
  site: FixtureSite;
  siteId: number;
  campaignId: number;
  targetIds: number[];
  /** The site's two crawl snapshots, older first, so history routes have something to compare. */
  crawlIds: [number, number];
  /** The start page and a page it links to, for routes that name pages otherwise than `page_id` (`to`, `source`). */
  link: { source: number; target: number };
}

export async function apiData(t: TestApp, seed = 3): Promise<ApiData> {
  const { site, siteId } = await analysedSite(t, seed);
  const latestSnapshot = async () => {
    const [latest] = (await t.call('history.snapshots', { site_id: siteId })).items;
    assert.ok(latest, `site ${siteId} has a snapshot`);
    return latest.crawl_id;
  };
  const firstCrawl = await latestSnapshot();
  // Custom extraction rules (#21), so extractor routes and pages' `extract` have rows; the second crawl runs them.
  const rules: Omit<CallArgs<'extraction.create'>, 'site_id'>[] = [
    { name: 'heading', kind: 'css', selector: 'h1', take: 'text' },
    { name: 'mentions_compost', kind: 'contains', selector: 'compost', source: 'main_text' },
  ];
  for (const rule of rules) {
    await t.call('extraction.create', { site_id: siteId, ...rule });
  }
  await runJob(t, 'crawl.start', { site_id: siteId });
  const crawlIds: [number, number] = [firstCrawl, await latestSnapshot()];
  // The fixture does not change between crawls: the first one is given an older title of the home page, as an
  // editor's retitling would have left it, so the history routes have a change to list.
  const columns = ['site_id', 'url', 'url_id', 'present', ...STATE_FIELDS, 'content_cosine'].join(', ');
  const home = `${site.origin}/`;
  t.db
    .prepare(
      // OR IGNORE: the second crawl already has the home page's row when its state changed (its extract values).
      `INSERT OR IGNORE INTO url_states (crawl_id, ${columns}) SELECT ?, ${columns} FROM url_states WHERE crawl_id = ? AND url = ?`,
    )
    .run(crawlIds[1], firstCrawl, home);
  t.db
    .prepare(`UPDATE url_states SET title = 'Draft: ' || title WHERE crawl_id = ? AND url = ?`)
    .run(firstCrawl, home);
  new GscWriter(t.store, t.services.sites).write(
    siteId,
    'api',
    plantedRecords(site.origin, [
      { path: '/', query: 'garden advice for beginners', before: [5, 50], recent: [3, 60], position: 6.5 },
    ]),
  );
  const campaign = await t.call('campaigns.create', {
    hub_client_id: 'northwind',
    name: 'Spring garden guides',
    site_id: siteId,
    seed_topics: ['how to keep a lawn green in summer', 'composting kitchen waste'],
  });
  const campaignId = campaign.id;
  await jobResult(t, await t.call('campaigns.expand', { campaign_id: campaignId }), 240_000);
  await t.call('targets.create', {
    campaign_id: campaignId,
    kind: 'new_content',
    title: 'A planting calendar for small gardens',
  });
  const targets = await t.call('targets.list', { campaign_id: campaignId, limit: 1000 });
  const targetIds = targets.items.map((x) => x.id);
  assert.ok(targetIds.length >= 2, `expand proposed no targets: ${JSON.stringify(targets)}`);
  const link = t.db
    .prepare<[number], { source: number; target: number }>(
      `SELECT l.source_id AS source, l.target_id AS target FROM links l
         JOIN urls s ON s.id = l.source_id AND s.depth = 0 JOIN pages p ON p.id = l.target_id AND p.status_code = 200
       WHERE l.site_id = ? AND l.edge_kind = 'content' AND l.nofollow = 0 AND l.target_id != l.source_id
       ORDER BY l.id LIMIT 1`,
    )
    .get(siteId);
  assert.ok(link, 'the start page links to a page');
  return { site, siteId, campaignId, targetIds, crawlIds, link };
}
