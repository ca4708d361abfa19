/**
 * The rendered audit's JavaScript checks (#36 §1) against Beanline (test/fixtures/sites/js-shop), crawled with
 * `render_js: on` in real Chromium and audited: each `js_*` check lists exactly the pages planted for it, with
 * the raw and rendered values, messages or files as evidence, and nothing on the clean pages; the page details
 * show raw against rendered, and the Pages list finds the pages JavaScript changed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { locateChromium } from '../../../server/adapters/chromium-locator.js';
import type { CheckId } from '../../../server/schemas/audit-checks.js';
import type { Finding } from '../../../server/schemas/audit.js';
import { FAST_CRAWL, runJob } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { JS_CHECK_IDS, startJsShop, type JsShop } from '../../fixtures/sites/js-shop/js-shop-site.js';

let t: TestApp;
let shop: JsShop;
let siteId = 0;
const found = new Map<CheckId, Finding[]>();

before(async () => {
  assert.ok(locateChromium(), 'Chromium not found: install it (apt-get install chromium) or set CHROME_PATH');
  t = await createTestApp();
  shop = await startJsShop();
  ({ id: siteId } = await t.call('sites.create', {
    start_url: shop.start,
    settings: { ...FAST_CRAWL, concurrency: 3, render_js: 'on', use_sitemaps: false, timeout_ms: 15_000 },
  }));
  await runJob(t, 'crawl.start', { site_id: siteId });
  await runJob(t, 'audit.run', { site_id: siteId });
  for (const check of JS_CHECK_IDS)
    found.set(check, await t.callAll('audit.findings', { site_id: siteId, check, limit: 50 }));
});
after(async () => {
  await t?.close();
  await shop?.close();
});

const path = (url: string) => url.slice(shop.origin.length);
const one = (check: CheckId, p: string) => {
  const f = found.get(check)!.find((x) => path(x.url) === p);
  assert.ok(f, `${check} lists ${p}`);
  return f.evidence as Record<string, unknown>;
};

describe('raw HTML against the rendered DOM', () => {
  it('renders every page of the shop', async () => {
    const { items } = await t.call('pages.list', { site_id: siteId, limit: 100 });
    const html = items.filter((p) => p.content_type === 'text/html' && p.status_code === 200);
    assert.equal(html.length, 17, html.map((p) => path(p.url)).join(' '));
    const rendered = t.db
      .prepare('SELECT COUNT(*) FROM pages WHERE site_id = ? AND rendered = 1')
      .pluck()
      .get(siteId) as number;
    assert.equal(rendered, html.length);
  });

  it('each js_* check lists exactly the planted pages', () => {
    const wrong: string[] = [];
    for (const check of JS_CHECK_IDS) {
      const got = new Set(found.get(check)!.map((f) => f.url));
      const want = shop.expected.get(check)!;
      const missing = [...want].filter((u) => !got.has(u)).map(path);
      const extra = [...got].filter((u) => !want.has(u)).map(path);
      if (missing.length || extra.length)
        wrong.push(`${check}: missing ${JSON.stringify(missing)}, not planted ${JSON.stringify(extra)}`);
      assert.ok(want.size > 0, `${check} is planted`);
    }
    assert.deepEqual(wrong, []);
  });

  it('gives the raw and the rendered title, description, h1 and canonical', () => {
    assert.deepEqual(one('js_title_changed', '/products/pour-over-kettle/'), {
      field: 'title',
      raw: 'Loading… | Beanline',
      rendered: 'Pour-over kettle | Beanline',
    });
    assert.deepEqual(one('js_description_changed', '/products/grinder/'), {
      field: 'meta_description',
      raw: null,
      rendered: 'Buy the burr grinder from Beanline: tested by baristas, shipped in two days.',
    });
    assert.deepEqual(one('js_h1_changed', '/products/scale/'), {
      field: 'h1',
      raw: 'Product',
      rendered: 'Precision coffee scale',
    });
    assert.deepEqual(one('js_canonical_changed', '/products/filters/'), {
      field: 'canonical',
      raw: null,
      rendered: `${shop.origin}/products/filters/`,
    });
  });

  it('tells a noindex JavaScript removes from one it adds', () => {
    assert.deepEqual(one('js_noindex_changed', '/drafts/winter-blend/'), {
      raw_directives: ['noindex'],
      rendered_directives: [],
      change: 'noindex_removed',
    });
    assert.deepEqual(one('js_noindex_changed', '/sale/'), {
      raw_directives: [],
      rendered_directives: ['noindex'],
      change: 'noindex_added',
    });
  });

  it('lists the internal links only the rendered DOM has, and the word counts of an article drawn by script', () => {
    const links = one('js_links_only_rendered', '/collections/brewers/');
    assert.deepEqual((links.links as string[]).map(path).sort(), [
      '/products/aeropress/',
      '/products/chemex/',
      '/products/pour-over-kettle/',
    ]);
    assert.equal(links.count, 3);
    assert.equal(links.rendered_links, (links.raw_links as number) + 3);
    const words = one('js_content_only_rendered', '/journal/cold-brew-guide/');
    assert.equal(words.min_words, 50);
    assert.ok((words.raw_words as number) < 10, `raw ${String(words.raw_words)}`);
    assert.ok((words.rendered_words as number) > 120, `rendered ${String(words.rendered_words)}`);
  });

  it('quotes the uncaught error and the console.error, and not the logs, warnings or refused images', () => {
    const checkout = one('js_console_error', '/checkout/') as {
      messages: { kind: string; text: string; source: string | null }[];
      count: number;
    };
    assert.equal(checkout.count, 1);
    assert.equal(checkout.messages[0]!.kind, 'uncaught');
    assert.match(
      checkout.messages[0]!.text,
      /^TypeError: Cannot read properties of undefined \(reading 'summary'\)/,
    );
    assert.match(checkout.messages[0]!.source ?? '', /\/static\/app\.js:\d+/);
    const contact = one('js_console_error', '/contact/') as typeof checkout;
    assert.deepEqual(
      contact.messages.map((m) => [m.kind, m.text]),
      [['console', 'Map widget: no API key configured for maps.beanline.test']],
    );
    assert.match(contact.messages[0]!.source ?? '', /\/static\/app\.js:\d+$/);
  });

  it('lists the scripts and stylesheets robots.txt disallows, in the HTML or injected', () => {
    const stores = one('js_resource_blocked', '/stores/') as { blocked: { url: string; kind: string }[] };
    assert.deepEqual(stores.blocked.map((b) => [path(b.url), b.kind]).sort(), [
      ['/private/css/locator.css', 'stylesheet'],
      ['/private/js/store-locator.js', 'script'],
    ]);
    const help = one('js_resource_blocked', '/help/') as typeof stores;
    assert.deepEqual(
      help.blocked.map((b) => [path(b.url), b.kind]),
      [['/private/js/chat-widget.js', 'script']],
    );
  });
});

describe('raw against rendered in the API', () => {
  const pageId = async (p: string) => {
    const { items } = await t.call('pages.list', { site_id: siteId, q: p, limit: 5 });
    const page = items.find((x) => path(x.url) === p);
    assert.ok(page, p);
    return page.id;
  };

  it('page details show both sides and what changed', async () => {
    const kettle = await t.call('pages.get', { page_id: await pageId('/products/pour-over-kettle/') });
    assert.ok(kettle.render);
    assert.equal(kettle.render.raw.title, 'Loading… | Beanline');
    assert.equal(kettle.render.rendered.title, 'Pour-over kettle | Beanline');
    assert.equal(kettle.title, 'Pour-over kettle | Beanline');
    assert.deepEqual(kettle.render.changed, ['title']);
    assert.equal(kettle.render.raw.h1, kettle.render.rendered.h1);

    const draft = await t.call('pages.get', { page_id: await pageId('/drafts/winter-blend/') });
    assert.deepEqual([draft.render?.raw.robots, draft.render?.rendered.robots], [['noindex'], []]);

    const about = await t.call('pages.get', { page_id: await pageId('/about/') });
    assert.ok(about.render);
    assert.deepEqual(about.render.changed, []);
    assert.equal(about.render.raw.word_count, about.render.rendered.word_count);
    assert.equal(about.render.console_error_count, 0);
  });

  it('the Pages list finds the rendered pages JavaScript changed', async () => {
    const changed = await t.callAll('pages.list', { site_id: siteId, js_changed: true, limit: 50 });
    const want = [
      '/products/pour-over-kettle/',
      '/products/grinder/',
      '/products/scale/',
      '/products/filters/',
      '/drafts/winter-blend/',
      '/sale/',
      '/collections/brewers/',
      '/journal/cold-brew-guide/',
    ];
    assert.deepEqual(changed.map((p) => path(p.url)).sort(), want.sort());
    assert.deepEqual(changed.find((p) => path(p.url) === '/products/scale/')?.js_changed, ['h1']);
    const unchanged = await t.callAll('pages.list', { site_id: siteId, js_changed: false, limit: 50 });
    assert.equal(changed.length + unchanged.length, 17);
    assert.ok(unchanged.every((p) => Array.isArray(p.js_changed) && p.js_changed.length === 0));
  });
});
