/**
 * Crawl history keeps custom extraction values (#21): two crawls of the fixture shop with a price changed in
 * between report `extract_changed` with the rule's old and new value, and the page's history shows both states.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startShopSite, type ShopSite } from '../../fixtures/servers/shop-site.js';
import { FAST_CRAWL, runJob } from '../../helpers/crawl-site.js';
import { createTestApp, textOf, type TestApp } from '../../helpers/test-app.js';

describe('extract_changed between two crawls', () => {
  let t: TestApp;
  let shop: ShopSite;
  let siteId: number;

  before(async () => {
    t = await createTestApp();
    shop = await startShopSite();
    siteId = (await t.call('sites.create', { start_url: shop.startUrl, settings: FAST_CRAWL })).id;
    await t.call('extraction.create', {
      site_id: siteId,
      name: 'price',
      kind: 'css',
      selector: '.product .price',
    });
    await t.call('extraction.create', {
      site_id: siteId,
      name: 'sku',
      kind: 'regex',
      selector: 'SKU: <span itemprop="sku">([A-Z0-9-]+)',
    });
    await runJob(t, 'crawl.start', { site_id: siteId });
    shop.setPrice('steel-trowel', '€21.99');
    await runJob(t, 'crawl.start', { site_id: siteId });
  });
  after(async () => {
    await t.close();
    await shop.close();
  });

  it('lists the changed rule with its old and new value, and nothing for unchanged pages', async () => {
    const res = await t.call('history.changes', { site_id: siteId, change: ['extract_changed'] });
    assert.equal(res.summary.extract_changed, 1);
    assert.deepEqual(
      res.items.map((c) => [c.url, c.before, c.after]),
      [[shop.productUrl('steel-trowel'), { extract: { price: '€24.99' } }, { extract: { price: '€21.99' } }]],
    );
  });

  it('shows the values in the page’s history, crawl by crawl', async () => {
    // A filter on a rule is a key the contract cannot list (`extract.<rule>`): sent raw, read typed.
    const listed = t.answer('pages.list', await t.get(`/pages?site_id=${siteId}&extract.sku=NW-TRW-001`));
    const page = listed.items[0];
    assert.ok(page, 'the trowel is found by its SKU');
    const history = await t.call('history.page', { page_id: page.id });
    const [latest, first] = history.items;
    assert.deepEqual(latest?.state?.extract, { price: '€21.99', sku: 'NW-TRW-001' });
    assert.deepEqual(first?.state?.extract, { price: '€24.99', sku: 'NW-TRW-001' });
    // The price is in the product's main text too.
    assert.deepEqual(latest?.changes, ['content_changed', 'extract_changed']);
  });

  it('exports one column per rule in pages.csv and pages.xlsx', async () => {
    const csv = await t.getText(`/export/pages.csv?site_id=${siteId}`);
    assert.equal(csv.status, 200);
    const [header, ...lines] = textOf(csv).trim().split(/\r?\n/);
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
