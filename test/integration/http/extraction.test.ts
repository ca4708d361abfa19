/**
 * Custom extraction end to end (#21) on the fixture shop and blog: rules saved and checked through the API, run
 * by a real crawl, shown on GET /pages and a page's detail, filtered and sorted, tried on a URL before crawling,
 * and re-applied from stored main text.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startBlogSite, type BlogSite } from '../../fixtures/servers/blog-site.js';
import { startShopSite, type ShopSite } from '../../fixtures/servers/shop-site.js';
import type { CallAnswer, CallArgs } from '../../../server/contract/index.js';
import { runJob } from '../../helpers/crawl-site.js';
import { startHeldServer } from '../../helpers/held-crawl.js';
import { assertProblem, createTestApp, type TestApp } from '../../helpers/test-app.js';

const SHOP_RULES = [
  { name: 'price', kind: 'css', selector: '.product .price', take: 'text', all: false, source: 'html' },
  { name: 'prices', kind: 'css', selector: '.product .price', take: 'text', all: true, source: 'html' },
  { name: 'sku', kind: 'xpath', selector: '//article/@data-sku', take: 'text', all: false, source: 'html' },
  {
    name: 'ld_price',
    kind: 'regex',
    selector: '"price":"([\\d.]+)"',
    take: 'text',
    all: false,
    source: 'html',
  },
  { name: 'price_tags', kind: 'css', selector: '.product .price', take: 'count', all: false, source: 'html' },
  {
    name: 'item_price',
    kind: 'css',
    selector: '[itemprop=price]',
    take: 'attribute:content',
    all: false,
    source: 'html',
  },
  { name: 'title_html', kind: 'xpath', selector: '//h1', take: 'html', all: false, source: 'html' },
  { name: 'has_gtag', kind: 'contains', selector: 'googletagmanager.com/gtag/js', source: 'html' },
  { name: 'no_gtag', kind: 'not_contains', selector: '/gtag\\(.config/', source: 'html' },
  { name: 'old_brand', kind: 'contains', selector: 'greenway', source: 'main_text' },
] as const;

type Item = CallAnswer<'pages.list'>['items'][number];
type Rule = Omit<CallArgs<'extraction.create'>, 'site_id'>;

/** A 400 validation problem whose errors name `field`. */
function assertInvalid(
  res: { status: number; headers: Record<string, string>; body: unknown },
  field: string,
) {
  const errors = assertProblem(res, 400, 'validation').errors ?? [];
  assert.ok(
    errors.some((e) => e.path === field),
    `expected an error at ${field}: ${JSON.stringify(res.body)}`,
  );
}

describe('custom extraction API', () => {
  let t: TestApp;
  let shop: ShopSite;
  let blog: BlogSite;
  let siteId: number;

  before(async () => {
    t = await createTestApp();
    shop = await startShopSite();
    blog = await startBlogSite();
    const created = await t.call('sites.create', {
      start_url: shop.startUrl,
      settings: { max_requests_per_second: 500 },
    });
    siteId = created.id;
    for (const rule of SHOP_RULES) {
      const saved = await t.call('extraction.create', { site_id: siteId, ...rule });
      assert.equal(saved.needs_recrawl, false, 'a site never crawled has no stale pages');
    }
    await runJob(t, 'crawl.start', { site_id: siteId });
  });
  after(async () => {
    await t.close();
    await shop.close();
    await blog.close();
  });

  const pageOf = async (url: string): Promise<Item> => {
    const { items } = await t.call('pages.list', { site_id: siteId, limit: 200 });
    const item = items.find((i) => i.url === url);
    assert.ok(item, `${url} was crawled`);
    return item;
  };

  const ruleNamed = async (name: string) => {
    const rule = (await t.call('extraction.list', { site_id: siteId })).items.find((r) => r.name === name);
    assert.ok(rule, `a rule named ${name}`);
    return rule;
  };

  it('lists the rules and counts them on the site', async () => {
    const list = await t.call('extraction.list', { site_id: siteId });
    assert.deepEqual(
      list.items.map((r) => r.name),
      SHOP_RULES.map((r) => r.name),
    );
    assert.equal((await t.call('sites.get', { site_id: siteId })).extractors, SHOP_RULES.length);
    const search = list.items.find((r) => r.name === 'has_gtag');
    assert.equal(search?.take, 'exists', 'a search rule always answers a boolean');
  });

  it('stores each rule’s value on every crawled page', async () => {
    const trowel = await pageOf(shop.productUrl('steel-trowel'));
    assert.deepEqual(trowel.extract, {
      price: '€24.99',
      prices: ['€24.99'],
      sku: 'NW-TRW-001',
      ld_price: '24.99',
      price_tags: 1,
      item_price: '24.99',
      title_html: '<h1 class="product-title" itemprop="name">Steel trowel</h1>',
      has_gtag: false,
      no_gtag: true,
      old_brand: false,
    });
    const shears = await pageOf(shop.productUrl('pruning-shears'));
    assert.deepEqual(shears.extract.prices, ['€19.50', '€29.00']);
    assert.equal(shears.extract.price_tags, 2);
    const fork = await pageOf(shop.productUrl('hand-fork'));
    assert.equal(fork.extract.price, null, 'out of stock: the rule matched nothing');
    assert.equal(fork.extract.price_tags, 0);
    const spade = await pageOf(shop.productUrl('border-spade'));
    assert.equal(spade.extract.old_brand, true, 'the old name is in its copy');
    const home = await pageOf(shop.startUrl);
    assert.equal(home.extract.has_gtag, true);
    assert.equal(home.extract.sku, null);
    const detail = await t.call('pages.get', { page_id: trowel.id });
    assert.deepEqual(detail.extract, trowel.extract);
  });

  it('filters on a rule’s values', async () => {
    // Filters on rules are keys the contract cannot list (`extract.<rule>`): sent raw, read typed.
    const urls = async (query: string) => {
      const res = await t.get(`/pages?site_id=${siteId}&limit=200&${query}`);
      return t
        .answer('pages.list', res)
        .items.map((i) => i.url)
        .sort();
    };
    assert.deepEqual(
      await urls('extract.has_gtag=false'),
      ['border-spade', 'hand-fork', 'moss-rake', 'pruning-shears', 'steel-trowel'].map((s) =>
        shop.productUrl(s),
      ),
    );
    assert.deepEqual(await urls('extract.sku=nw-spd-014'), [shop.productUrl('border-spade')]);
    assert.deepEqual(await urls('extract.prices=€29.00'), [shop.productUrl('pruning-shears')]);
    assert.deepEqual(await urls('extract.price.contains=.5'), [shop.productUrl('pruning-shears')]);
    assert.deepEqual(await urls('extract.price_tags=2'), [shop.productUrl('pruning-shears')]);
    assert.equal((await urls('extract.sku.exists=true')).length, 5);
    assert.ok(!(await urls('extract.sku.exists=false')).includes(shop.productUrl('hand-fork')));
  });

  it('sorts by a rule’s first value, numbers as numbers, pages without one last', async () => {
    const first = await t.call('pages.list', { site_id: siteId, limit: 3, sort: '-extract.ld_price' });
    assert.deepEqual(
      first.items.map((i) => i.extract.ld_price),
      ['1249.00', '31.50', '24.99'],
    );
    const next = await t.call('pages.list', {
      site_id: siteId,
      limit: 3,
      sort: '-extract.ld_price',
      cursor: first.next_cursor ?? undefined,
    });
    assert.equal(next.items[0]?.extract.ld_price, '19.50');
    const asc = await t.call('pages.list', { site_id: siteId, limit: 200, sort: 'extract.price' });
    const prices = asc.items.map((i) => i.extract.price);
    // The moss rake's price is written by a script: not in the HTML as fetched.
    assert.deepEqual(prices.slice(0, 4), ['€19.50', '€24.99', '€1,249.00', null]);
    assert.equal(prices.at(-1), null);
  });

  it('refuses unknown rules in filters and sorts, naming the query field', async () => {
    assertInvalid(await t.get(`/pages?site_id=${siteId}&extract.nope=1`), 'query.extract.nope');
    assertInvalid(await t.get(`/pages?site_id=${siteId}&sort=extract.nope`), 'query.sort');
    assertInvalid(await t.get('/pages?extract.price=1'), 'query.extract.price');
    assertInvalid(await t.get(`/pages?site_id=${siteId}&extract.has_gtag=maybe`), 'query.extract.has_gtag');
    assertInvalid(await t.get(`/pages?site_id=${siteId}&extract.sku.exists=yes`), 'query.extract.sku.exists');
    assertInvalid(
      await t.get(`/pages?site_id=${siteId}&extract.sku.contains=`),
      'query.extract.sku.contains',
    );
    assertInvalid(
      await t.get(`/pages?site_id=${siteId}&extract.has_gtag.contains=yes`),
      'query.extract.has_gtag.contains',
    );
    assertInvalid(
      await t.get(`/pages?site_id=${siteId}&extract.price_tags.contains=1`),
      'query.extract.price_tags.contains',
    );
    assertInvalid(await t.get(`/pages?site_id=${siteId}&bogus=1`), 'query.bogus');
  });

  it('refuses bad selectors and impossible combinations, naming the field', async () => {
    const bad = async (rule: Partial<Rule>, field: string) =>
      assertInvalid(
        await t.send('extraction.create', {
          site_id: siteId,
          name: 'bad',
          kind: 'css',
          selector: 'p',
          ...rule,
        }),
        field,
      );
    await bad({ selector: 'div[' }, 'body.selector');
    await bad({ selector: 'a::before' }, 'body.selector');
    await bad({ kind: 'xpath', selector: '//div[' }, 'body.selector');
    await bad({ kind: 'xpath', selector: '//div[nosuchfn()]' }, 'body.selector');
    await bad({ kind: 'xpath', selector: 'string(//title)', take: 'html' }, 'body.take');
    await bad({ kind: 'regex', selector: '(unclosed' }, 'body.selector');
    await bad({ kind: 'regex', selector: '(?<=look)behind' }, 'body.selector');
    await bad({ kind: 'regex', selector: 'a(b)', take: 'html' }, 'body.take');
    await bad({ kind: 'contains', selector: '/x(/i' }, 'body.selector');
    await bad({ kind: 'css', source: 'main_text' }, 'body.source');
    await bad({ take: 'attribute:' }, 'body.take');
    await bad({ take: 'attribute:a b' }, 'body.take');
    await bad({ name: 'has space' }, 'body.name');
  });

  it('keeps names unique per site whatever their case, and caps a site at 50 rules', async () => {
    const dup = await t.send('extraction.create', {
      site_id: siteId,
      name: 'PRICE',
      kind: 'css',
      selector: 'p',
    });
    assert.deepEqual(
      assertProblem(dup, 409, 'conflict').errors?.map((e) => e.path),
      ['body.name'],
      'the form can show it under the name',
    );
    const other = (await t.call('sites.create', { start_url: blog.startUrl })).id;
    for (let i = 0; i < 50; i++)
      await t.call('extraction.create', { site_id: other, name: `r${i}`, kind: 'css', selector: 'p' });
    const over = await t.send('extraction.create', {
      site_id: other,
      name: 'r50',
      kind: 'css',
      selector: 'p',
    });
    assert.match(assertProblem(over, 409, 'conflict').detail, /50/);
    await t.call('sites.delete', { site_id: other });
  });

  it('marks a changed html rule as needing a re-crawl, and a renamed one not', async () => {
    const rule = await ruleNamed('sku');
    const renamed = await t.call('extraction.update', {
      site_id: siteId,
      extractor_id: rule.id,
      name: 'product_sku',
    });
    assert.equal(renamed.needs_recrawl, false);
    assert.equal((await pageOf(shop.productUrl('steel-trowel'))).extract.product_sku, 'NW-TRW-001');
    const changed = await t.call('extraction.update', {
      site_id: siteId,
      extractor_id: rule.id,
      selector: '//span[@itemprop="sku"]',
    });
    assert.equal(changed.needs_recrawl, true);
    await runJob(t, 'crawl.start', { site_id: siteId });
    const read = await t.call('extraction.get', { site_id: siteId, extractor_id: rule.id });
    assert.equal(read.needs_recrawl, false);
  });

  it('re-applies changed main-text rules from stored text, without a crawl', async () => {
    const rule = await ruleNamed('old_brand');
    const changed = await t.call('extraction.update', {
      site_id: siteId,
      extractor_id: rule.id,
      selector: 'ten-year guarantee',
    });
    assert.equal(changed.needs_recrawl, false, 'main-text rules are re-applied, not re-crawled');
    const result = await runJob(t, 'extraction.apply', { site_id: siteId });
    assert.equal(result.rules, 1);
    assert.ok(result.pages >= 8, JSON.stringify(result));
    assert.equal((await pageOf(shop.productUrl('steel-trowel'))).extract.old_brand, true);
    assert.equal((await pageOf(shop.startUrl)).extract.old_brand, false);
  });

  it('tries rules on one URL before a crawl, saved or not', async () => {
    const saved = await t.call('extraction.test', { site_id: siteId, url: shop.productUrl('border-spade') });
    assert.equal(saved.status_code, 200);
    assert.equal(saved.rendered, false);
    const price = saved.results.find((r) => r.name === 'price');
    assert.deepEqual(price, { name: 'price', value: '€1,249.00', error: null });

    const unsaved = await t.call('extraction.test', {
      site_id: siteId,
      url: `${shop.origin}/old-tools/`,
      rules: [{ name: 'cards', kind: 'css', selector: 'li.card a', take: 'attribute:href', all: true }],
    });
    assert.equal(unsaved.final_url, `${shop.origin}/category/hand-tools/`, 'the redirect is followed');
    const cards = unsaved.results[0]?.value;
    assert.ok(Array.isArray(cards));
    assert.equal(cards.length, 5);

    assertInvalid(await t.send('extraction.test', { site_id: siteId, url: blog.startUrl }), 'body.url');
    assertInvalid(
      await t.send('extraction.test', {
        site_id: siteId,
        url: shop.startUrl,
        rules: [{ name: 'x', kind: 'xpath', selector: '//[' }],
      }),
      'body.rules.0.selector',
    );
  });

  it('resolves the test URL against the start URL: a path, a full URL, never two run together (#37)', async () => {
    const full = shop.productUrl('border-spade');
    const path = new URL(full).pathname;
    const byPath = await t.call('extraction.test', { site_id: siteId, url: path });
    assert.equal(byPath.url, full, 'the path names the page the full URL names');
    assert.equal(byPath.status_code, 200);
    const byUrl = await t.call('extraction.test', { site_id: siteId, url: full });
    assert.deepEqual(byPath.results, byUrl.results);
    const host = new URL(shop.origin).host;
    const bare = await t.call('extraction.test', { site_id: siteId, url: `${host}${path}` });
    assert.equal(bare.url, full, 'the site’s host without a scheme');

    // What the field built when a URL was pasted after the start URL it held.
    const doubled = await t.send('extraction.test', { site_id: siteId, url: `${shop.origin}/${full}` });
    const message = assertProblem(doubled, 400, 'validation').errors?.find(
      (e) => e.path === 'body.url',
    )?.message;
    assert.match(message ?? '', /two URLs run together/);
    // Another host is named, with what the field takes.
    const other = await t.send('extraction.test', { site_id: siteId, url: blog.startUrl });
    const otherMessage = assertProblem(other, 400, 'validation').errors?.find(
      (e) => e.path === 'body.url',
    )?.message;
    assert.match(
      otherMessage ?? '',
      new RegExp(`is on ${new URL(blog.startUrl).host.replace(/\./g, '\\.')}, not on this site`),
    );
    assert.match(otherMessage ?? '', /a path of the site/);
  });

  it('answers a test of a page that never answers with why, not an internal error', async () => {
    const held = await startHeldServer();
    try {
      const site = await t.call('sites.create', { start_url: `${held.origin}/`, name: 'Never answers' });
      // Any word is now a path of the site: a page that does not answer within the test's limit says so.
      const result = await t.services.extractTester.test(
        site.id,
        {
          url: 'word',
          rules: [{ name: 'h1', kind: 'css', selector: 'h1', take: 'text', all: false, source: 'html' }],
        },
        AbortSignal.timeout(500),
      );
      assert.equal(result.url, `${held.origin}/word`);
      assert.equal(result.status_code, null);
      assert.deepEqual(result.results, [
        { name: 'h1', value: null, error: 'the page did not answer within the test’s 120 s' },
      ]);
    } finally {
      await held.close();
    }
  });

  it('deletes a rule with its values', async () => {
    const rule = await ruleNamed('title_html');
    await t.call('extraction.delete', { site_id: siteId, extractor_id: rule.id });
    const gone = await t.send('extraction.get', { site_id: siteId, extractor_id: rule.id });
    assert.equal(gone.status, 404);
    assert.ok(!('title_html' in (await pageOf(shop.startUrl)).extract));
  });
});
