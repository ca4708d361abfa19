/**
 * What a new user tripped over in the Overview and Pages views (#37), in Chromium against the real server: a
 * running crawl shows its pace and time left ("estimating…" until the server has measured 5 s), its pages list
 * inlinks as "—" and in crawl order rather than sorting by counts still 0, crawls are named "Crawl 1", "Crawl 2"
 * by site, and the Pages table's columns are picked by the user and kept per site across reloads.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { inPage, openBrowser, texts, waitForText, type TestBrowser } from '../helpers/browser.js';
import { ensureRendererBuilt } from '../helpers/build.js';
import { FAST_CRAWL, finishedJob } from '../helpers/crawl-site.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../fixtures/sites/fixture-site.js';

let t: TestApp;
let site: FixtureSite;
let b: TestBrowser;
let siteId: number;
let otherId: number;

const go = (hash: string) => b.page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
/** The table's column headers, without the sort mark. */
const headers = async () =>
  (await texts(b.page, '.vtable-header [role="columnheader"]')).map((h) => h.replace(/[▲▼]/g, ''));

before(async () => {
  const uiDir = ensureRendererBuilt();
  site = await startFixtureSite({ seed: 6, articles: 40 });
  t = await createTestApp({ uiDir });
  // Paced so the crawl runs for a while: about 60 URLs at 4 a second.
  siteId = (
    await t.call('sites.create', {
      start_url: site.startUrl,
      settings: { ...FAST_CRAWL, max_requests_per_second: 4, concurrency: 1 },
    })
  ).id;
  otherId = (await t.call('sites.create', { start_url: `${site.startUrl}?other`, settings: FAST_CRAWL })).id;
  b = await openBrowser();
  await b.page.goto(`${t.baseUrl}/?token=${TEST_TOKEN}`, { waitUntil: 'domcontentloaded' });
});

after(async () => {
  await b?.close();
  await t?.close();
  await site?.close();
});

describe('a running crawl, crawl names and the Pages columns', () => {
  it('shows a running crawl’s pace and time left, and no inlink counts until the crawl has made them', async () => {
    const { page } = b;
    await go(`#/sites/${siteId}`);
    await page.waitForSelector('.view-header h1');
    const crawl = await t.call('crawl.start', { site_id: siteId });
    await waitForText(page, '.job-pace', 'estimating…');
    await waitForText(page, '.job-title', 'Crawl 1');
    // After 5 s measured: "3.9 pages/s · about 20 s left", from the API's rate.
    await page.waitForFunction(
      `/\\d(\\.\\d)? pages\\/s · about \\d+ (s|min) left/.test(document.querySelector('.job-pace')?.textContent ?? '')`,
      { timeout: 20_000 },
    );
    await b.screenshot('37-overview-crawl-pace');

    await go(`#/sites/${siteId}/pages`);
    await page.waitForSelector('.vtable-row');
    await waitForText(page, '[role="status"]', 'counted when the crawl ends');
    const inlinks = await inPage<string[]>(
      page,
      `(() => { const i = [...document.querySelectorAll('.vtable-header [role="columnheader"]')].findIndex((h) => h.textContent.startsWith('Inlinks'));
        return [...document.querySelectorAll('.vtable-row')].map((r) => r.children[i].textContent); })()`,
    );
    assert.ok(inlinks.length > 0 && inlinks.every((v) => v === '—'), `inlinks while crawling: ${inlinks}`);
    assert.equal(await page.$('button[title="Sort by inlinks"]'), null, 'no sort by counts not made yet');

    assert.equal((await finishedJob(t, crawl)).status, 'succeeded');
    await page.waitForSelector('button[title="Sort by inlinks"]', { timeout: 15_000 });
    const [top] = (await t.call('pages.list', { site_id: siteId, sort: '-inlinks', limit: 1 })).items;
    await waitForText(page, '.vtable-row:first-child .page-name-title', top!.title!);
  });

  it('names crawls 1, 2 by site in the history, whatever job ids ran between', async () => {
    const { page } = b;
    // Jobs of another site take ids between this site's two crawls.
    await finishedJob(t, await t.call('crawl.start', { site_id: otherId }));
    await t.call('sites.update', { site_id: siteId, settings: { max_requests_per_second: 500 } });
    await finishedJob(t, await t.call('crawl.start', { site_id: siteId }));
    await go(`#/sites/${siteId}`);
    await waitForText(page, '.table', 'Crawl 2');
    const names = (await texts(page, '.table tbody tr td:first-child')).filter((n) => n.startsWith('Crawl'));
    assert.deepEqual(names, ['Crawl 2', 'Crawl 1']);
  });

  it('lets the user pick the Pages columns, and keeps the choice per site across reloads', async () => {
    const { page } = b;
    await go(`#/sites/${siteId}/pages`);
    await page.waitForSelector('.vtable-row');
    assert.ok(!(await headers()).includes('Meta description'));
    await page.click('.column-picker > button');
    for (const label of ['Meta description', 'Size', 'Canonical']) {
      await inPage(
        page,
        `[...document.querySelectorAll('.column-picker-list label')].find((l) => l.textContent.trim() === ${JSON.stringify(label)}).querySelector('input').click()`,
      );
    }
    await waitForText(page, '.vtable-header', 'Meta description');
    const shown = await headers();
    for (const h of ['Page', 'Meta description', 'Canonical', 'Size', 'Inlinks'])
      assert.ok(shown.includes(h), h);
    // The values are the pages' own.
    const [first] = (await t.call('pages.list', { site_id: siteId, sort: '-inlinks', limit: 1 })).items;
    if (first?.meta_description) await waitForText(page, '.vtable-row:first-child', first.meta_description);

    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.waitForSelector('.vtable-row');
    assert.deepEqual(await headers(), shown, 'the choice outlives a reload');

    await go(`#/sites/${otherId}/pages`);
    await page.waitForSelector('.vtable-row');
    assert.ok(!(await headers()).includes('Meta description'), 'another site keeps its own columns');
    await b.screenshot('37-pages-columns');
  });

  it('lists a page’s self-link among its inlinks, marked as not counted, the count and the list agreeing', async () => {
    const { page } = b;
    const selfLinked = t.db
      .prepare(
        `SELECT l.target_id FROM links l JOIN pages p ON p.id = l.target_id
         WHERE l.site_id = ? AND l.source_id = l.target_id AND p.inlinks BETWEEN 2 AND 40
         ORDER BY p.inlinks DESC LIMIT 1`,
      )
      .pluck()
      .get(siteId) as number | undefined;
    assert.ok(selfLinked, 'a page of the fixture site links to itself and has a few inlinks');
    const detail = await t.call('pages.get', { page_id: selfLinked });
    await go(`#/sites/${siteId}/pages/${selfLinked}`);
    await page.waitForSelector('[role="tabpanel"] table');
    await waitForText(page, '.links-caption', `${detail.inlinks} other pages link here`);
    await waitForText(page, '.links-caption', 'from the page to itself');
    const marked = await texts(page, '[role="tabpanel"] tr[data-not-counted] .badge');
    assert.ok(marked.includes('this page · not counted'), `marked rows: ${marked}`);
    assert.deepEqual(b.errors, []);
  });
});
