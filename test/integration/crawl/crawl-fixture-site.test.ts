/**
 * The crawler against the generated fixture site, through the API: the pages, skipped URLs and edges must be
 * exactly those the generator's own model of docs/crawler.md expects, and no URL may be requested twice.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { snapshotCrawl } from '../../helpers/crawl-db.js';
import type { CallArgs } from '../../../server/contract/index.js';
import type { JobResultOf } from '../../../server/schemas/jobs.js';
import { jobResult, runJob } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type Expectations, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

let t: TestApp;
let site: FixtureSite;
before(async () => {
  t = await createTestApp();
  site = await startFixtureSite({ seed: 1 });
});
after(async () => {
  await t.close();
  await site.close();
});

const FAST = { max_requests_per_second: 500, concurrency: 6 };

async function crawl(settings: CallArgs<'sites.create'>['settings'] = {}) {
  const created = await t.call('sites.create', {
    start_url: site.startUrl,
    settings: { ...FAST, ...settings },
  });
  const siteId = created.id;
  const res = await t.send('crawl.start', { site_id: siteId });
  const started = t.answer('crawl.start', res);
  assert.equal(res.headers.location, `/jobs/${started.id}`);
  lastResult = await jobResult(t, started, 120_000);
  return siteId;
}
let lastResult: JobResultOf<'crawl'> | null = null;

function compare(siteId: number, exp: Expectations) {
  const got = snapshotCrawl(t.dir, siteId);
  const missing = [...exp.pages.keys()].filter((u) => !got.pages.has(u));
  const extra = [...got.pages.keys()].filter((u) => !exp.pages.has(u));
  assert.deepEqual({ missing, extra }, { missing: [], extra: [] }, 'fetched URLs');
  for (const [url, e] of exp.pages) {
    const p = got.pages.get(url)!;
    const actual = {
      status_code: p.status_code,
      content_type: p.content_type,
      title: p.title,
      h1: p.h1,
      indexable: p.indexable === 1,
      indexability_reason: p.indexability_reason,
      canonical_state: p.canonical_state,
      depth: p.depth,
      ...(e.fetch_error !== undefined ? { fetch_error: p.fetch_error } : {}),
    };
    const wanted = {
      status_code: e.status_code,
      content_type: e.content_type,
      title: e.title,
      h1: e.h1,
      indexable: e.indexable,
      indexability_reason: e.indexability_reason,
      canonical_state: e.canonical_state,
      depth: e.depth,
      ...(e.fetch_error !== undefined ? { fetch_error: e.fetch_error } : {}),
    };
    assert.deepEqual(actual, wanted, url);
    if (e.word_count_min !== undefined)
      assert.ok(Number(p.word_count) >= e.word_count_min, `${url} word count ${p.word_count}`);
  }
  const others = new Map([...exp.others].map(([u, o]) => [u, o.reason]));
  assert.deepEqual(
    [...got.others.entries()].sort(),
    [...others.entries()].sort(),
    'skipped URLs and reasons',
  );
  const edges = (set: Iterable<string>) =>
    [...set]
      .map((e) => JSON.parse(e) as unknown[])
      .map(([s, tg, k, nf]) => `${s} → ${tg} ${k}${nf ? ' nofollow' : ''}`);
  const wantEdges = exp.edges.map(
    (e) => `${e.source} → ${e.target} ${e.edge_kind}${e.nofollow ? ' nofollow' : ''}`,
  );
  assert.deepEqual(edges(got.edges).sort(), wantEdges.sort(), 'edges');
}

describe('crawling the fixture site', () => {
  it(
    'finds exactly the expected pages, classifications, skipped URLs and edges, fetching each URL once',
    { timeout: 180_000 },
    async () => {
      site.requests.clear();
      const siteId = await crawl();
      compare(siteId, site.expected());
      const twice = [...site.requests].filter(([, n]) => n > 1);
      assert.deepEqual(twice, [], 'no URL requested twice');

      const summary = await t.call('sites.summary', { site_id: siteId });
      assert.equal(summary.pages, site.expected().pages.size);
      const { stats } = await t.call('sites.get', { site_id: siteId });
      assert.equal(stats.pages, site.expected().pages.size);
      assert.equal(
        stats.blocked,
        [...site.expected().others.values()].filter((o) => o.reason === 'blocked_by_robots').length,
      );
      // One definition of an error (4xx, 5xx, no usable answer): the crawl's count, the site's and the oracle's
      // agree, redirect loops included although they are only known once the crawl has settled.
      const errors = [...site.expected().pages.values()].filter(
        (p) => (p.status_code ?? 0) >= 400 || p.fetch_error,
      );
      assert.ok(
        errors.some((p) => p.fetch_error === 'redirect_loop'),
        'the fixture has a redirect loop',
      );
      assert.equal(lastResult?.errors, errors.length, 'the crawl result counts redirect loops as errors');
      assert.equal(stats.errors, errors.length);
    },
  );

  it('honours exclude patterns and max_depth', { timeout: 180_000 }, async () => {
    const settings = { exclude_patterns: ['/tag/**'] };
    const siteId = await crawl(settings);
    compare(siteId, site.expected(settings));
  });

  it(
    'a re-crawl after adding an exclude pattern stores what a first crawl with it would',
    { timeout: 240_000 },
    async () => {
      const siteId = await crawl();
      const settings = { exclude_patterns: ['/tag/**'] };
      await t.call('sites.update', { site_id: siteId, settings });
      await runJob(t, 'crawl.start', { site_id: siteId });
      const want = site.expected(settings);
      compare(siteId, want);

      // Pages the first crawl fetched and the rules now keep out are listed as other URLs, not as pages.
      const excluded = [...want.others.values()]
        .filter((o) => o.reason === 'excluded_by_rule')
        .map((o) => o.url);
      assert.ok(excluded.length > 0, 'the fixture has /tag/ pages');
      const pages = await t.call('pages.list', { site_id: siteId, q: '/tag/', limit: 1000 });
      assert.deepEqual(pages.items, []);
      const others = await t.call('analytics.otherUrls', {
        site_id: siteId,
        reason: ['excluded_by_rule'],
        limit: 1000,
      });
      assert.deepEqual(others.items.map((o) => o.url).sort(), excluded.sort());
      const { stats } = await t.call('sites.get', { site_id: siteId });
      assert.equal(stats.pages, want.pages.size);
    },
  );
});
