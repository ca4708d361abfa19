/**
 * Every HTML page gets a type when the crawl finalises (#33): a site with one page of each kind an analyst names
 * (test/fixtures/sites/page-types-site.ts) is crawled through the API, and each page's type is the one it reads
 * as. The list filters and sorts by type, a page shows the signals that decided it, and the audit's thin-content
 * check leaves out the pages meant to have little text of their own.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createServices } from '../../../server/domain/services.js';
import { EventBus } from '../../../server/domain/events.js';
import { createLogger } from '../../../server/logger.js';
import { FAST_CRAWL, runJob } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import {
  PAGE_TYPES_EXPECTED,
  startPageTypesSite,
  type PageTypesSite,
} from '../../fixtures/sites/page-types-site.js';

let t: TestApp;
let site: PageTypesSite;
let siteId: number;

before(async () => {
  t = await createTestApp();
  site = await startPageTypesSite();
  const created = await t.call('sites.create', {
    start_url: site.startUrl,
    settings: { ...FAST_CRAWL, render_js: 'off', use_sitemaps: false },
  });
  siteId = created.id;
  await runJob(t, 'crawl.start', { site_id: siteId });
});
after(async () => {
  await t.close();
  await site.close();
});

const pathOf = (url: string) => url.slice(site.origin.length);

describe('page types of a crawled site', () => {
  it('gives each page the type it reads as', async () => {
    const { items } = await t.call('pages.list', { site_id: siteId, limit: 500 });
    const byPath = new Map(items.map((p) => [pathOf(p.url), p]));
    const wrong: string[] = [];
    for (const [path, { type, why }] of Object.entries(PAGE_TYPES_EXPECTED)) {
      const page = byPath.get(path);
      assert.ok(page, `${path} was crawled`);
      if (page.page_type !== type) wrong.push(`${path}: ${page.page_type}, expected ${type} (${why})`);
    }
    assert.deepEqual(wrong, []);
  });

  it('types a 404 page as an error and what is not HTML as nothing', async () => {
    const { items } = await t.call('pages.list', { site_id: siteId, status_code: [404], limit: 50 });
    assert.ok(items.length > 0, 'the site links to a missing page');
    for (const p of items) assert.equal(p.page_type, 'error', p.url);
    const pdf = await t.call('pages.list', { site_id: siteId, content_type: 'application/pdf', limit: 5 });
    assert.equal(pdf.items.length, 1);
    assert.equal(pdf.items[0]!.page_type, null);
  });

  it('filters the list by one type or several, and sorts by type', async () => {
    const hubs = await t.call('pages.list', { site_id: siteId, page_type: ['hub'], limit: 50 });
    assert.deepEqual(
      hubs.items.map((p) => pathOf(p.url)).sort(),
      ['/guides/', '/shop/', '/shop/seeds/', '/shop/seeds/?sort=price'].sort(),
    );
    const two = await t.call('pages.list', { site_id: siteId, page_type: ['form', 'index'], limit: 50 });
    assert.ok(two.items.every((p) => p.page_type === 'form' || p.page_type === 'index'));
    assert.ok(two.items.some((p) => p.page_type === 'index'));
    const sorted = await t.call('pages.list', { site_id: siteId, sort: 'page_type', limit: 500 });
    const types = sorted.items.map((p) => p.page_type ?? '');
    assert.deepEqual(types, [...types].sort());
  });

  it('refuses a type that does not exist, naming the field', async () => {
    const res = await t.send('pages.list', { site_id: siteId, page_type: ['category' as 'hub'] });
    assert.equal(res.status, 400);
    assert.match(JSON.stringify(res.body), /page_type/);
  });

  it('shows the signals that decided a page’s type', async () => {
    const { items } = await t.call('pages.list', { site_id: siteId, page_type: ['index'], limit: 5 });
    const page = await t.call('pages.get', { page_id: items[0]!.id });
    assert.equal(page.page_type, 'index');
    assert.equal(page.page_type_evidence?.rule, 'letter_headings');
    assert.ok(Number(page.page_type_evidence?.letter_headings) >= 5);
  });

  it('leaves hubs, forms, the home page and search results out of thin content', async () => {
    await runJob(t, 'audit.run', { site_id: siteId });
    const thin = await t.call('audit.findings', { site_id: siteId, check: 'thin_content', limit: 500 });
    const paths = thin.items.map((f) => pathOf(f.url));
    for (const path of ['/', '/shop/', '/shop/seeds/', '/guides/', '/account/login', '/contact', '/glossary'])
      assert.ok(!paths.includes(path), `${path} is not thin content`);
    assert.ok(paths.includes('/shop/seeds/basil-genovese'), 'a short product page still is');
  });

  it('leaves a reference table out of thin content, and lists a short page of prose', async () => {
    const thin = await t.call('audit.findings', { site_id: siteId, check: 'thin_content', limit: 500 });
    const byPath = new Map(thin.items.map((f) => [pathOf(f.url), f.evidence as Record<string, unknown>]));
    const { items } = await t.call('pages.list', { site_id: siteId, limit: 500 });
    const calendar = items.find((p) => pathOf(p.url) === '/guides/sowing-calendar');
    assert.ok(calendar && calendar.word_count! < 200, 'the calendar is short');
    assert.ok(!byPath.has('/guides/sowing-calendar'), 'a month-by-month table answers by its data');
    const about = byPath.get('/about');
    assert.ok(about, 'the short about page is listed');
    assert.ok((about.word_count as number) < 200);
    assert.equal(about.structured_share, 0, 'no code, definition list or data table in it');
  });

  it('leaves pages that lead elsewhere out of missing subheadings: their entries are their structure', async () => {
    // A long hub and a long article, neither with an h2 (as a Sphinx index or a section page can be).
    const { items } = await t.call('pages.list', { site_id: siteId, limit: 500 });
    const byPath = new Map(items.map((p) => [pathOf(p.url), p]));
    assert.equal(byPath.get('/guides/')?.page_type, 'hub');
    assert.equal(byPath.get('/guides/composting')?.page_type, 'article');
    const flatten = t.db.prepare(
      `UPDATE pages SET word_count = 400, headings = '[{"level":1,"text":"One heading"}]' WHERE id = ?`,
    );
    for (const path of ['/guides/', '/guides/composting']) flatten.run(byPath.get(path)!.id);
    await runJob(t, 'audit.run', { site_id: siteId });
    const h2 = await t.call('audit.findings', { site_id: siteId, check: 'h2_missing', limit: 500 });
    const paths = h2.items.map((f) => pathOf(f.url));
    assert.ok(paths.includes('/guides/composting'), 'a long article without subheadings is listed');
    assert.ok(!paths.includes('/guides/'), 'a hub is not');
  });

  it('types the pages of a database from before page types when services start, from what is stored', async () => {
    // As migration 27 leaves such a database: no type, no markup signals.
    t.db.exec(`UPDATE pages SET page_type = NULL, page_type_evidence = NULL; DELETE FROM page_signals;`);
    createServices(t.store, new EventBus(), {
      version: 'test',
      resourcesDir: '.',
      logger: createLogger('silent'),
    });
    const { items } = await t.call('pages.list', { site_id: siteId, limit: 500 });
    const byPath = new Map(items.map((p) => [pathOf(p.url), p]));
    assert.equal(byPath.get('/')?.page_type, 'home');
    assert.equal(byPath.get('/glossary')?.page_type, 'index');
    assert.equal(byPath.get('/app/release-notes')?.page_type, 'changelog');
    assert.equal(byPath.get('/guides/composting')?.page_type, 'article');
    const glossary = await t.call('pages.get', { page_id: byPath.get('/glossary')!.id });
    assert.equal(glossary.page_type_evidence?.markup, 'not read');
  });
});
