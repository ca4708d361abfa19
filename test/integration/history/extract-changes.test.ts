/**
 * Crawl history keeps custom extraction values (#21): two crawls of the fixture shop with a price changed in
 * between report `extract_changed` with the rule's old and new value, and the page's history shows both states.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startShopSite, type ShopSite } from '../../fixtures/servers/shop-site.js';
import { FAST_CRAWL, runJob } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';

describe('extract_changed between two crawls', () => {
  let t: TestApp;
  let shop: ShopSite;
  let siteId: number;

  before(async () => {
    t = await createTestApp();
    shop = await startShopSite();
    siteId = (await t.post('/sites', { start_url: shop.startUrl, settings: FAST_CRAWL })).body.id;
    for (const rule of [
      { name: 'price', kind: 'css', selector: '.product .price' },
      { name: 'sku', kind: 'regex', selector: 'SKU: <span itemprop="sku">([A-Z0-9-]+)' },
    ]) {
      const res = await t.post(`/sites/${siteId}/extractors`, rule);
      assert.equal(res.status, 201, JSON.stringify(res.body));
    }
    await runJob(t, '/crawl/start', { site_id: siteId });
    shop.setPrice('steel-trowel', '€21.99');
    await runJob(t, '/crawl/start', { site_id: siteId });
  });
  after(async () => {
    await t.close();
    await shop.close();
  });

  it('lists the changed rule with its old and new value, and nothing for unchanged pages', async () => {
    const res = await t.get(`/sites/${siteId}/changes?change=extract_changed`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.summary.extract_changed, 1);
    assert.deepEqual(
      res.body.items.map((c: { url: string; before: unknown; after: unknown }) => [c.url, c.before, c.after]),
      [[shop.productUrl('steel-trowel'), { extract: { price: '€24.99' } }, { extract: { price: '€21.99' } }]],
    );
  });

  it('shows the values in the page’s history, crawl by crawl', async () => {
    const page = (await t.get(`/pages?site_id=${siteId}&extract.sku=NW-TRW-001`)).body.items[0];
    const history = await t.get(`/pages/${page.id}/history`);
    assert.equal(history.status, 200, JSON.stringify(history.body));
    const [latest, first] = history.body.items;
    assert.deepEqual(latest.state.extract, { price: '€21.99', sku: 'NW-TRW-001' });
    assert.deepEqual(first.state.extract, { price: '€24.99', sku: 'NW-TRW-001' });
    // The price is in the product's main text too.
    assert.deepEqual(latest.changes, ['content_changed', 'extract_changed']);
  });

  it('exports one column per rule in pages.csv and pages.xlsx', async () => {
    const csv = await t.getText(`/export/pages.csv?site_id=${siteId}`);
    assert.equal(csv.status, 200);
    const [header, ...lines] = (csv.body as string).trim().split(/\r?\n/);
    assert.ok(header!.endsWith(',extract:price,extract:sku'), header);
    const trowel = lines.find((l) => l.includes('/products/steel-trowel/'));
    assert.ok(trowel?.endsWith(',€21.99,NW-TRW-001'), trowel);
    const book = await t.getWorkbook(`/export/pages.xlsx?site_id=${siteId}`);
    const sheet = book.worksheets[0]!;
    const names = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = names.indexOf('extract:price') + 1;
    assert.ok(col > 0, JSON.stringify(names));
    const values = sheet.getColumn(col).values.slice(2);
    assert.ok(values.includes('€21.99'), JSON.stringify(values));
  });
});
