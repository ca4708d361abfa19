/**
 * Custom extraction inside real crawls (#21): the blog's authors, dates, JSON-LD and tags come out of the crawl's
 * extraction workers, a catastrophic-backtracking regex does not slow the crawl down, and with rendering on the
 * shop's script-written price is read from the rendered HTML by `rendered` rules (Chromium) while `html` rules
 * read the page as fetched, in the crawl and in the try-before-crawling test alike.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { locateChromium } from '../../../server/adapters/chromium-locator.js';
import { startBlogSite, type BlogSite } from '../../fixtures/servers/blog-site.js';
import { startShopSite, type ShopSite } from '../../fixtures/servers/shop-site.js';
import { FAST_CRAWL, runJob } from '../../helpers/crawl-site.js';
import type { CallAnswer, CallArgs } from '../../../server/contract/index.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';

type Rule = Omit<CallArgs<'extraction.create'>, 'site_id'>;
type Item = CallAnswer<'pages.list'>['items'][number];

async function site(
  t: TestApp,
  startUrl: string,
  rules: Rule[],
  settings: CallArgs<'sites.create'>['settings'] = {},
): Promise<number> {
  const { id } = await t.call('sites.create', {
    start_url: startUrl,
    settings: { ...FAST_CRAWL, ...settings },
  });
  for (const rule of rules) await t.call('extraction.create', { site_id: id, ...rule });
  return id;
}

async function pages(t: TestApp, siteId: number): Promise<Map<string, Item['extract']>> {
  const { items } = await t.call('pages.list', { site_id: siteId, limit: 200 });
  return new Map(items.map((i) => [new URL(i.url).pathname, i.extract]));
}

describe('custom extraction in the crawl', () => {
  let t: TestApp;
  let blog: BlogSite;
  let shop: ShopSite;
  before(async () => {
    t = await createTestApp();
    blog = await startBlogSite();
    shop = await startShopSite();
  });
  after(async () => {
    await t.close();
    await blog.close();
    await shop.close();
  });

  it('takes authors, dates, JSON-LD and tags from every post, and flags the template without analytics', async () => {
    const id = await site(t, blog.startUrl, [
      { name: 'author', kind: 'css', selector: 'meta[name=author]', take: 'attribute:content' },
      { name: 'byline', kind: 'xpath', selector: '//a[@rel="author"]' },
      { name: 'published', kind: 'css', selector: 'time[datetime]', take: 'attribute:datetime' },
      { name: 'ld_date', kind: 'regex', selector: '"datePublished":"([^"]+)"' },
      { name: 'ld_author', kind: 'regex', selector: '"author":\\{[^}]*"name":"([^"]+)"' },
      { name: 'tags', kind: 'css', selector: 'ul.tags li', all: true },
      { name: 'no_analytics', kind: 'not_contains', selector: 'gtag/js?id=G-HEAP2024' },
      { name: 'runaway', kind: 'regex', selector: '(a+)+$', take: 'count' },
    ]);
    const started = Date.now();
    await runJob(t, 'crawl.start', { site_id: id });
    const seconds = (Date.now() - started) / 1000;
    assert.ok(seconds < 30, `the crawl took ${seconds} s`);
    const got = await pages(t, id);
    assert.deepEqual(got.get('/posts/hot-composting/'), {
      author: 'Jane Doe',
      byline: 'Jane Doe',
      published: '2025-03-14',
      ld_date: '2025-03-14',
      ld_author: 'Jane Doe',
      tags: ['compost', 'soil', 'method'],
      no_analytics: false,
      runaway: 0,
    });
    assert.deepEqual(got.get('/posts/leaf-mould/')!.tags, ['leaves', 'soil']);
    assert.equal(got.get('/about/')!.no_analytics, true);
    assert.equal(got.get('/notes/')!.no_analytics, true);
    assert.equal(got.get('/notes/')!.runaway, 0, 'the long page was read, not skipped');
    assert.equal(got.get('/about/')!.author, null);
    // Filters on rules are keys the contract cannot list (`extract.<rule>`): sent raw, read typed.
    const janes = t.answer('pages.list', await t.get(`/pages?site_id=${id}&extract.author=jane doe`));
    assert.equal(janes.items.length, 2);
    const untagged = t.answer(
      'pages.list',
      await t.get(`/pages?site_id=${id}&extract.tags.exists=false&extract.no_analytics=true`),
    );
    assert.deepEqual(untagged.items.map((i) => new URL(i.url).pathname).sort(), ['/about/', '/notes/']);
  });

  it('reads rendered HTML for rendered rules and the fetched HTML for html rules', async (ctx) => {
    if (!locateChromium()) return ctx.skip('Chromium not found');
    const rules: Rule[] = [
      { name: 'price_raw', kind: 'css', selector: '#live-price', source: 'html' },
      { name: 'price_rendered', kind: 'css', selector: '#live-price', source: 'rendered' },
      { name: 'price_xpath', kind: 'xpath', selector: '//*[@id="live-price"]', source: 'rendered' },
      { name: 'says_price', kind: 'contains', selector: '€31.50', source: 'main_text' },
    ];
    const id = await site(t, shop.startUrl, rules, { render_js: 'on', concurrency: 2 });
    await runJob(t, 'crawl.start', { site_id: id });
    const got = await pages(t, id);
    assert.deepEqual(got.get('/products/moss-rake/'), {
      price_raw: null,
      price_rendered: '€31.50',
      price_xpath: '€31.50',
      says_price: true,
    });
    const tried = await t.call('extraction.test', { site_id: id, url: shop.productUrl('moss-rake') });
    assert.equal(tried.rendered, true);
    assert.deepEqual(
      tried.results.map((r) => r.value),
      [null, '€31.50', '€31.50', true],
    );
  });
});
