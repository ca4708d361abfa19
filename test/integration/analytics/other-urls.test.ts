/**
 * The other-URLs report on the crawled fixture site: every planted case (blocked, excluded, outside scope,
 * not crawled, redirect, error, non-HTML, not indexable) lands in its reason, indexable pages never appear,
 * and the filters and pagination work.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CallAnswer } from '../../../server/contract/index.js';
import { crawlFixture } from '../../helpers/crawl-site.js';
import { assertProblem, createTestApp, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type ExpectedPage, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

let t: TestApp;
let site: FixtureSite;
let siteId: number;
const SETTINGS = { exclude_patterns: ['/tag/**'] };
let rows: CallAnswer<'analytics.otherUrls'>['items'];

before(async () => {
  t = await createTestApp();
  site = await startFixtureSite({ seed: 6, articles: 40 });
  siteId = await crawlFixture(t, site, SETTINGS);
  rows = await t.callAll('analytics.otherUrls', { site_id: siteId, limit: 100 });
});
after(async () => {
  await t.close();
  await site.close();
});

/** What the report should say about a fetched URL, from the generator's expectations. */
function expectedReason(p: ExpectedPage): string | null {
  if (p.fetch_error && !(p.status_code && p.status_code >= 300 && p.status_code < 400)) return 'error';
  if (p.status_code === null) return 'error';
  if (p.status_code >= 300 && p.status_code < 400) return 'redirect';
  if (p.status_code >= 400) return 'error';
  if (p.content_type !== 'text/html') return 'non_html';
  return p.indexable ? null : 'non_indexable';
}

describe('GET /analytics/other-urls', () => {
  it('lists every known URL that is not an indexable page, with the right reason', () => {
    const exp = site.expected(SETTINGS);
    const want = new Map<string, string>();
    for (const [url, o] of exp.others) want.set(url, o.reason);
    for (const [url, p] of exp.pages) {
      const reason = expectedReason(p);
      if (reason) want.set(url, reason);
    }
    const got = new Map(rows.map((r) => [r.url, r.reason]));
    assert.equal(rows.length, got.size, 'one row per URL');
    assert.deepEqual([...got.entries()].sort(), [...want.entries()].sort());
    for (const reason of [
      'blocked_by_robots',
      'excluded_by_rule',
      'outside_scope',
      'not_crawled',
      'redirect',
      'error',
      'non_html',
      'non_indexable',
    ]) {
      assert.ok(
        rows.some((r) => r.reason === reason),
        `a planted ${reason}`,
      );
    }
  });

  it('carries sources, status and inlinks', () => {
    const blocked = rows.find((r) => r.reason === 'blocked_by_robots')!;
    assert.ok(blocked.sources.includes('link') && blocked.inlinks > 0 && blocked.status_code === null);
    const redirect = rows.find((r) => r.reason === 'redirect')!;
    assert.ok(redirect.status_code! >= 300 && redirect.status_code! < 400);
  });

  it('filters by reason and source, and validates', async () => {
    // Comma-separated values, as typed in a URL: sent raw, read typed.
    const { items } = t.answer(
      'analytics.otherUrls',
      await t.get(`/analytics/other-urls?site_id=${siteId}&reason=redirect,error&limit=1000`),
    );
    assert.ok(items.length > 0 && items.every((r) => ['redirect', 'error'].includes(r.reason)));
    const sitemap = await t.call('analytics.otherUrls', {
      site_id: siteId,
      source: ['sitemap'],
      limit: 1000,
    });
    assert.ok(sitemap.items.every((r) => r.sources.includes('sitemap')));
    assertProblem(await t.get('/analytics/other-urls'), 400, 'validation');
    assertProblem(await t.get(`/analytics/other-urls?site_id=${siteId}&reason=bogus`), 400, 'validation');
    assertProblem(await t.get('/analytics/other-urls?site_id=4242'), 404, 'not-found');
  });

  it('refuses a cursor it did not issue instead of starting again at page 1', async () => {
    for (const key of [['x'], [1, 2], []]) {
      const cursor = Buffer.from(JSON.stringify(key)).toString('base64url');
      const res = await t.get(`/analytics/other-urls?site_id=${siteId}&cursor=${cursor}`);
      const p = assertProblem(res, 400, 'validation');
      assert.deepEqual(
        p.errors.map((e) => e.path),
        ['query.cursor'],
        JSON.stringify(key),
      );
    }
  });
});
