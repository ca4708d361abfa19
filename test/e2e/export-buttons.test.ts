/**
 * "Export" beside the lists in Debian's Chromium (#37): the Pages view's button downloads exactly the filtered,
 * sorted table with its shown columns, an issue's button that issue's URLs, and both files are named by the
 * site's name and the day, as the server names them.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { fileDate } from '../../server/domain/export/export-file-name.js';
import { openBrowser, waitForText, type TestBrowser } from '../helpers/browser.js';
import { ensureRendererBuilt } from '../helpers/build.js';
import { crawlFixture, runJob } from '../helpers/crawl-site.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../fixtures/sites/fixture-site.js';

let t: TestApp;
let site: FixtureSite;
let b: TestBrowser;
let siteId: number;

before(async () => {
  const uiDir = ensureRendererBuilt();
  site = await startFixtureSite({ seed: 5, articles: 20 });
  t = await createTestApp({ uiDir });
  siteId = await crawlFixture(t, site);
  await runJob(t, 'audit.run', { site_id: siteId });
  await t.call('sites.update', { site_id: siteId, name: 'Fixture Garden Shop' });
  b = await openBrowser();
  await b.page.goto(`${t.baseUrl}/?token=${TEST_TOKEN}`, { waitUntil: 'domcontentloaded' });
});
after(async () => {
  await b?.close();
  await t?.close();
  await site?.close();
});

const go = (hash: string) => b.page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
const day = () => fileDate(new Date());

describe('export buttons', () => {
  it('export the Pages view as shown: its filters, sort and columns, named by the site and day', async () => {
    const { page } = b;
    await go(`#/sites/${siteId}/pages?status=200&sort=-word_count`);
    await page.waitForSelector('.vtable-row');
    const shown = await page.$$eval('.vtable-row', (rows) => rows.length);
    assert.ok(shown > 0);
    await page.click('.export-button button[data-format="csv"]');
    const name = `fixture-garden-shop-pages-${day()}.csv`;
    const rows = parse((await b.downloaded(name)).toString('utf8'), { columns: true }) as Record<
      string,
      string
    >[];
    await waitForText(page, '.export-button-saved', name);
    const want = await t.call('pages.list', {
      site_id: siteId,
      status_code: [200],
      sort: '-word_count',
      limit: 1000,
    });
    assert.deepEqual(
      rows.map((r) => r.url),
      want.items.map((p) => p.url),
    );
    // The default table's columns: page (URL and title), status, type, indexability, depth, words, links,
    // response time and Search Console figures.
    assert.deepEqual(Object.keys(rows[0]!), [
      'url',
      'title',
      'status_code',
      'page_type',
      'indexable',
      'indexability_reason',
      'depth',
      'word_count',
      'inlinks',
      'outlinks',
      'response_ms',
      'gsc_clicks',
      'gsc_impressions',
      'gsc_position',
    ]);
    await b.screenshot('export-pages');
  });

  it('export an issue’s URLs from its view', async () => {
    const { page } = b;
    const { items } = await t.call('audit.issues', { site_id: siteId });
    const issue = items.find((i) => i.urls > 0)!;
    await go(`#/sites/${siteId}/issues/${issue.check}`);
    await page.waitForSelector('.issue-findings .export-button');
    await page.click('.issue-findings .export-button button[data-format="csv"]');
    const name = `fixture-garden-shop-issue-${issue.check.replace(/_/g, '-')}-${day()}.csv`;
    const rows = parse((await b.downloaded(name)).toString('utf8'), { columns: true }) as Record<
      string,
      string
    >[];
    assert.ok(rows.length > 0, 'the chosen tab’s URLs');
    const all = await t.call('audit.findings', { site_id: siteId, check: issue.check, limit: 1000 });
    const urls = new Set(all.items.map((f) => f.url));
    assert.ok(rows.every((r) => urls.has(r.url!)));
    assert.deepEqual(Object.keys(rows[0]!).slice(0, 4), ['url', 'title', 'page_id', 'fix']);
  });
});
