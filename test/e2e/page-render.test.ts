/**
 * Raw HTML against rendered in the UI (#36 §1), in Chromium against the real server: after a rendered crawl of
 * Beanline (test/fixtures/sites/js-shop), a page whose title JavaScript sets shows both titles side by side with
 * the row marked changed, a page JavaScript left alone shows its table with nothing marked, and the Pages view's
 * JavaScript filter lists only the pages JavaScript changed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { locateChromium } from '../../server/adapters/chromium-locator.js';
import { inPage, openBrowser, texts, type TestBrowser } from '../helpers/browser.js';
import { ensureRendererBuilt } from '../helpers/build.js';
import { FAST_CRAWL, runJob } from '../helpers/crawl-site.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../helpers/test-app.js';
import { startJsShop, type JsShop } from '../fixtures/sites/js-shop/js-shop-site.js';

let t: TestApp;
let shop: JsShop;
let b: TestBrowser;
let siteId = 0;

const go = (hash: string) => b.page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
const pageId = async (path: string) => {
  const { items } = await t.call('pages.list', { site_id: siteId, q: path, limit: 5 });
  const page = items.find((p) => p.url === `${shop.origin}${path}`);
  assert.ok(page, path);
  return page.id;
};
/** Each row of the comparison table: its cells' text, and whether it is marked changed. */
const rows = () =>
  inPage<{ cells: string[]; changed: boolean }[]>(
    b.page,
    `[...document.querySelectorAll('.render-table tbody tr')].map((tr) => ({
      cells: [...tr.children].map((c) => c.textContent.trim()),
      changed: tr.classList.contains('changed'),
    }))`,
  );

before(async () => {
  assert.ok(locateChromium(), 'Chromium not found');
  const uiDir = ensureRendererBuilt();
  shop = await startJsShop();
  t = await createTestApp({ uiDir });
  siteId = (
    await t.call('sites.create', {
      start_url: shop.start,
      settings: { ...FAST_CRAWL, concurrency: 3, render_js: 'on', use_sitemaps: false },
    })
  ).id;
  await runJob(t, 'crawl.start', { site_id: siteId });
  b = await openBrowser();
  await b.page.goto(`${t.baseUrl}/?token=${TEST_TOKEN}`, { waitUntil: 'domcontentloaded' });
});

after(async () => {
  await b?.close();
  await t?.close();
  await shop?.close();
});

describe('raw HTML and rendered in the page details and the Pages view', () => {
  it('shows the raw and the rendered title side by side, the changed row marked', async () => {
    await go(`#/sites/${siteId}/pages/${await pageId('/products/pour-over-kettle/')}`);
    await b.page.waitForSelector('.render-table');
    const table = await rows();
    const title = table.find((r) => r.cells[0]!.startsWith('Title'))!;
    assert.deepEqual(title.cells.slice(1), ['Loading… | Beanline', 'Pour-over kettle | Beanline']);
    assert.equal(title.changed, true);
    assert.deepEqual(
      table.filter((r) => r.changed).map((r) => r.cells[0]),
      ['Title changed'],
    );
  });

  it('shows a page JavaScript left alone with nothing marked', async () => {
    await go(`#/sites/${siteId}/pages/${await pageId('/about/')}`);
    await b.page.waitForFunction(
      `document.querySelector('.page-detail h1')?.textContent === 'About Beanline' && !!document.querySelector('.render-table')`,
    );
    const table = await rows();
    assert.equal(table.length, 7);
    assert.deepEqual(
      table.filter((r) => r.changed),
      [],
    );
  });

  it('filters the Pages view to the pages JavaScript changed', async () => {
    await go(`#/sites/${siteId}/pages?js=true`);
    await b.page.waitForFunction(`document.querySelectorAll('.vtable-row').length === 8`, {
      timeout: 15_000,
    });
    const shown = await texts(b.page, '.vtable-row');
    assert.ok(shown.some((r) => r.includes('Pour-over kettle')));
    assert.ok(!shown.some((r) => r.includes('About Beanline')));
  });
});
