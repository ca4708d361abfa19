/**
 * A re-crawl applies the site's current scope to the URLs it already knows: turning `follow_subdomains` off (or
 * on), or moving the start URL to another host, changes which known URLs are the site's own, and the next crawl
 * fetches, keeps and lists them by the new rule rather than by what the earlier crawl stored.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CallArgs } from '../../../server/contract/index.js';
import type { OtherUrlReason } from '../../../server/schemas/analytics.js';
import { FAST_CRAWL, jobResult, runJob } from '../../helpers/crawl-site.js';
import { mapLocalhostNames } from '../../helpers/localhost-names.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { startSubdomainSite, type SubdomainSite } from '../../fixtures/sites/subdomain-site.js';

let t: TestApp;
let site: SubdomainSite;
let unmap: () => void;
before(async () => {
  unmap = mapLocalhostNames();
  t = await createTestApp();
  site = await startSubdomainSite();
});
after(async () => {
  await t.close();
  await site.close();
  unmap();
});

const SETTINGS = { ...FAST_CRAWL, render_js: 'off', use_sitemaps: false } as const;

async function addSite(settings: CallArgs<'sites.create'>['settings']): Promise<number> {
  const created = await t.call('sites.create', {
    start_url: site.startUrl,
    settings: { ...SETTINGS, ...settings },
  });
  return created.id;
}

async function pageUrls(siteId: number): Promise<string[]> {
  const { items } = await t.call('pages.list', { site_id: siteId, limit: 1000 });
  return items.map((p) => p.url).sort();
}

async function otherUrls(siteId: number, reason: OtherUrlReason): Promise<string[]> {
  const { items } = await t.call('analytics.otherUrls', { site_id: siteId, reason: [reason], limit: 1000 });
  return items.map((o) => o.url).sort();
}

/** The site's own URLs that only Search Console (or a sitemap) knows, as the link graph lists them. */
async function orphans(siteId: number): Promise<string[]> {
  const { nodes } = await t.call('graph.linkGraph', { site_id: siteId, include_orphans: true, limit: 10000 });
  return nodes.filter((n) => n.orphan).map((n) => n.url);
}

/** Imports a Search Console "Pages" table listing these URLs, as exported from its UI. */
async function importSearchConsolePages(siteId: number, urls: string[]): Promise<void> {
  const csv = ['Top pages,Clicks,Impressions,CTR,Position', ...urls.map((u) => `${u},3,40,7.5%,4.2`)].join(
    '\n',
  );
  const res = await t.http
    .post(`/analytics/gsc/import?site_id=${siteId}&filename=Pages.csv`)
    .set(t.auth)
    .set('Content-Type', 'text/csv')
    .send(Buffer.from(`${csv}\n`, 'utf8'));
  await jobResult(t, t.answer('analytics.gscImport', res), 10_000);
}

/** Requests other than HEAD (the external link check's) for one host since `from`: pages fetched. */
const pageFetchesTo = (origin: string, from: number) =>
  requestsTo(origin, from).filter((line) => !line.startsWith('HEAD '));

/** Requests the server got for one host since `from` (an index into its log). */
function requestsTo(origin: string, from: number): string[] {
  const host = new URL(origin).host;
  return site.log.slice(from).filter((line) => line.split(' ')[1] === host);
}

const crawl = (siteId: number) => runJob(t, 'crawl.start', { site_id: siteId });
const sorted = (urls: string[]) => [...urls].sort();

describe('a re-crawl after the scope changed', () => {
  it('turning follow_subdomains off: subdomain pages stop being pages and are not requested', async () => {
    const siteId = await addSite({ follow_subdomains: true });
    // Search Console knows a shop page no link reaches: a re-crawl keeps it without meeting it.
    const giftCards = `${site.shopOrigin}/gift-cards/`;
    await importSearchConsolePages(siteId, [giftCards]);
    await crawl(siteId);
    assert.deepEqual(await pageUrls(siteId), sorted([...site.mainPages, ...site.shopPages]));
    assert.deepEqual(await orphans(siteId), [giftCards]);

    await t.call('sites.update', { site_id: siteId, settings: { follow_subdomains: false } });
    const mark = site.log.length;
    const result = await crawl(siteId);

    // Outside the site now, its URLs the main site links to are only checked as external links (HEAD, #35).
    assert.deepEqual(pageFetchesTo(site.shopOrigin, mark), [], 'no page was fetched from the shop subdomain');
    assert.ok(requestsTo(site.origin, mark).length >= site.mainPages.length, 'the main site was crawled');
    assert.deepEqual(await pageUrls(siteId), sorted(site.mainPages));
    // The shop URLs the main site still links to are listed as outside the site; the rest are gone.
    assert.deepEqual(await otherUrls(siteId, 'outside_scope'), sorted(site.shopPagesLinkedFromMain));
    const { stats } = await t.call('sites.get', { site_id: siteId });
    assert.equal(stats.pages, site.mainPages.length);
    // The Search Console URL stays known, but as another site's: no longer one of this site's orphan pages.
    assert.deepEqual(await otherUrls(siteId, 'gsc_only'), [giftCards]);
    assert.deepEqual(await orphans(siteId), []);
    // Every shop page lost its page row; the two shop URLs nothing links to any more lost their URL row too.
    assert.equal(result.pages_removed, site.shopPages.length);
    assert.equal(result.urls_removed, site.shopPages.length - site.shopPagesLinkedFromMain.length);
    assert.equal(result.swept, result.urls_removed);
  });

  it('turning follow_subdomains on: subdomain URLs known as outside the site are crawled', async () => {
    const siteId = await addSite({ follow_subdomains: false });
    await crawl(siteId);
    assert.deepEqual(await pageUrls(siteId), sorted(site.mainPages));
    assert.deepEqual(await otherUrls(siteId, 'outside_scope'), sorted(site.shopPagesLinkedFromMain));

    await t.call('sites.update', { site_id: siteId, settings: { follow_subdomains: true } });
    const result = await crawl(siteId);
    assert.deepEqual(await pageUrls(siteId), sorted([...site.mainPages, ...site.shopPages]));
    assert.deepEqual(await otherUrls(siteId, 'outside_scope'), []);
    assert.equal(result.pages_removed, 0);
    assert.equal(result.urls_removed, 0);
  });

  it('moving the start URL to the subdomain: the old host becomes outside the site', async () => {
    const siteId = await addSite({ follow_subdomains: false });
    await crawl(siteId);
    await t.call('sites.update', { site_id: siteId, start_url: `${site.shopOrigin}/` });
    const mark = site.log.length;
    await crawl(siteId);

    assert.deepEqual(await pageUrls(siteId), sorted(site.shopPages));
    // The shop links back to the main site's home, which is now another site's URL; nothing was fetched there.
    assert.deepEqual(await otherUrls(siteId, 'outside_scope'), [`${site.origin}/`]);
    assert.deepEqual(pageFetchesTo(site.origin, mark), []);
    assert.deepEqual(
      requestsTo(site.origin, mark),
      [`HEAD ${new URL(site.origin).host} /`],
      'its link, checked',
    );
  });
});
