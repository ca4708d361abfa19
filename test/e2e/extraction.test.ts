/**
 * Custom extraction in Debian's Chromium against the real server and the fixture shop (#21): rules are added in
 * the site's Extraction panel (one by keyboard alone), a bad XPath is refused beside its field, an unsaved rule is
 * tested on a product page (and over the rendered page while the site renders), the saved rules are tested as the
 * API tests them; after a crawl the rules are columns of the Pages table, with the server's values, sort and
 * filters, and a page's details list them. An `html` value is shown as text. A changed HTML rule says it needs a
 * re-crawl, a changed main-text rule is re-applied with a job from the panel, a rule is deleted, and nothing logs
 * an unexpected error. Screenshots go to test/e2e/screenshots/ for a human look.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ExtractValue } from '../../server/schemas/extraction.js';
import type { JobOf } from '../../server/schemas/jobs.js';
import type { PageListItem } from '../../server/schemas/pages.js';
import { inPage, openBrowser, texts, waitForText, type TestBrowser } from '../helpers/browser.js';
import { ensureRendererBuilt } from '../helpers/build.js';
import { FAST_CRAWL, crawlSettled } from '../helpers/crawl-site.js';
import { assertProblem, createTestApp, TEST_TOKEN, waitFor, type TestApp } from '../helpers/test-app.js';
import { startShopSite, type ShopSite } from '../fixtures/servers/shop-site.js';

let t: TestApp;
let shop: ShopSite;
let b: TestBrowser;
let siteId: number;

const go = (hash: string) => b.page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
const FORM = '.extraction-panel .extraction-form';

/** A value as a page's details and the test results show it (components/extract-value.tsx, ExtractFull). */
function fullText(value: ExtractValue | undefined): string {
  if (value === null || value === undefined) return 'no match';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (Array.isArray(value)) return value.length ? value.map((v) => v || '(empty)').join('') : 'no match';
  return value || '(empty)';
}

/** A value as a Pages cell shows it (ExtractCell): a list's first value and how many more. */
function cellText(value: ExtractValue | undefined): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (Array.isArray(value)) {
    if (!value.length) return '—';
    return value.length > 1 ? `${value[0]} +${value.length - 1}` : value[0]!;
  }
  return value || '(empty)';
}

const apiRules = async () => (await t.call('extraction.list', { site_id: siteId })).items;
/** Filters on rules are keys the contract cannot list (`extract.<rule>`): sent raw, read typed. */
const apiPages = async (query: string) =>
  t.answer('pages.list', await t.get(`/pages?site_id=${siteId}&limit=1000&${query}`)).items;

/** Clears a React-controlled input and types `text` into it. */
async function retype(selector: string, text: string) {
  await b.page.click(selector, { clickCount: 3 });
  await b.page.keyboard.press('Backspace');
  if (text) await b.page.type(selector, text);
}

interface RuleInput {
  name: string;
  kind: string;
  selector: string;
  take?: string;
  attribute?: string;
  all?: boolean;
  source?: string;
}

/** Fills the open rule form. */
async function fillRule(rule: RuleInput) {
  await retype(`${FORM} [name="name"]`, rule.name);
  await b.page.select(`${FORM} [name="kind"]`, rule.kind);
  await retype(`${FORM} [name="selector"]`, rule.selector);
  if (rule.take) await b.page.select(`${FORM} [name="take"]`, rule.take);
  if (rule.attribute) await retype(`${FORM} [name="attribute"]`, rule.attribute);
  if (rule.all) await b.page.click(`${FORM} [name="all"]`);
  if (rule.source) await b.page.select(`${FORM} [name="source"]`, rule.source);
}

/** Adds a rule through the panel's form and waits for its row. */
async function addRule(rule: RuleInput) {
  await b.page.click('[data-add-rule]');
  await b.page.waitForSelector(FORM);
  await fillRule(rule);
  await b.page.click(`${FORM} button[type="submit"]`);
  await b.page.waitForSelector(`.extraction-rules tr[data-rule="${rule.name}"]`);
}

/** The Pages table as shown: header texts and each row's cell texts. */
const grid = () =>
  inPage<{ headers: string[]; rows: string[][] }>(
    b.page,
    `({ headers: [...document.querySelectorAll('.vtable-th')].map((e) =>
          e.textContent.replace(/[▲▼]/g, '').trim()),
        rows: [...document.querySelectorAll('.vtable-row')].map((r) =>
          [...r.querySelectorAll('[role="gridcell"]')].map((c) => c.textContent.trim())) })`,
  );

/** Waits until the Pages table shows exactly `want` (the API's rows, in its order) in the rule columns. */
async function gridShows(want: PageListItem[], names: string[], what: string) {
  const expected = want.map((p) => names.map((n) => cellText(p.extract[n])));
  let last: string[][] = [];
  await waitFor(
    async () => {
      const { headers, rows } = await grid();
      const at = names.map((n) => headers.indexOf(n));
      if (at.some((i) => i < 0)) return undefined;
      last = rows.map((r) => at.map((i) => r[i]!));
      return JSON.stringify(last) === JSON.stringify(expected) ? true : undefined;
    },
    15_000,
    what,
  ).catch(() => assert.deepEqual(last, expected, what));
}

before(async () => {
  const uiDir = ensureRendererBuilt();
  shop = await startShopSite();
  t = await createTestApp({ uiDir });
  const created = await t.call('sites.create', {
    start_url: shop.startUrl,
    name: 'Northwind Tools',
    settings: { ...FAST_CRAWL, use_sitemaps: false },
  });
  siteId = created.id;
  b = await openBrowser();
  await b.page.goto(`${t.baseUrl}/?token=${TEST_TOKEN}`, { waitUntil: 'domcontentloaded' });
  await b.page.waitForSelector('.connection.is-on', { timeout: 15_000 });
});

after(async () => {
  await b?.close();
  await t?.close();
  await shop?.close();
});

describe('custom extraction in the UI', { timeout: 240_000 }, () => {
  it('refuses a bad XPath beside its field, tests an unsaved rule, then saves it', async () => {
    const { page } = b;
    await go(`#/sites/${siteId}`);
    await waitForText(page, '.extraction-panel', 'No rules yet');
    await page.click('[data-add-rule]');
    await page.waitForSelector(FORM);
    // Opening the form puts the cursor in its first field.
    assert.equal(await inPage(page, `document.activeElement.getAttribute('name')`), 'name');

    const bad = { name: 'sku', kind: 'xpath', selector: '//span[@itemprop="sku"' };
    await fillRule(bad);
    await page.click(`${FORM} button[type="submit"]`);
    const refused = await t.post(`/sites/${siteId}/extractors`, { ...bad, take: 'text', all: false });
    const message = assertProblem(refused, 400, 'validation').errors.find(
      (e) => e.path === 'body.selector',
    )!.message;
    await page.waitForSelector(`${FORM} .field-error`);
    // The server's words, under the selector, which is marked invalid and described by them.
    const shown = await inPage<{ text: string; invalid: string | null; errorClass: string | null }>(
      page,
      `(() => { const input = document.querySelector(${JSON.stringify(`${FORM} [name="selector"]`)});
        const error = document.getElementById(input.getAttribute('aria-describedby'));
        return { text: error?.textContent ?? '', invalid: input.getAttribute('aria-invalid'),
          errorClass: error?.className ?? null }; })()`,
    );
    assert.equal(shown.text, message);
    assert.equal(shown.invalid, 'true');
    assert.equal(shown.errorClass, 'field-error');
    assert.deepEqual(await apiRules(), [], 'nothing saved');
    await b.screenshot('extraction-01-bad-selector');

    // Fixed, and tried on a product page before it is saved.
    await retype(`${FORM} [name="selector"]`, '//span[@itemprop="sku"]');
    // The page to test is named in the rule's own form (#37), empty with the start URL as its placeholder.
    const urlField = `${FORM} [name="test_url"]`;
    assert.deepEqual(
      await inPage(
        page,
        `(() => { const f = document.querySelector(${JSON.stringify(urlField)}); return [f.value, f.placeholder]; })()`,
      ),
      ['', shop.startUrl],
    );
    // Another host is refused by name, under the field.
    await retype(urlField, 'https://example.org/products/steel-trowel/');
    await page.click(`${FORM} button[title^="Fetches"]`);
    await waitForText(page, `${FORM} .field-error`, 'is on example.org, not on this site');
    // A path is enough, and Enter in the field tests the rule rather than saving it.
    const trowel = shop.productUrl('steel-trowel');
    await retype(urlField, new URL(trowel).pathname);
    await page.keyboard.press('Enter');
    await waitForText(page, `${FORM} .extraction-test tr[data-rule="sku"] td`, 'NW-TRW-001');
    await waitForText(page, `${FORM} .extraction-test-page`, trowel);
    assert.deepEqual(await apiRules(), [], 'Enter in the test field saved nothing');
    // A full URL pasted into the field is the page it names (it was appended to the start URL the field held).
    await retype(urlField, shop.productUrl('pruning-shears'));
    await page.click(`${FORM} button[title^="Fetches"]`);
    await waitForText(page, `${FORM} .extraction-test tr[data-rule="sku"] td`, 'NW-PRN-007');
    await waitForText(page, `${FORM} .extraction-test-page`, shop.productUrl('pruning-shears'));
    assert.equal(await page.$(`${FORM} .field-error`), null, 'the fixed selector has no error');
    assert.deepEqual(await apiRules(), [], 'testing saves nothing');
    await b.screenshot('extraction-02-unsaved-test');

    await page.click(`${FORM} button[type="submit"]`);
    await page.waitForSelector('.extraction-rules tr[data-rule="sku"]');
    const rules = await apiRules();
    assert.deepEqual(
      rules.map((r) => [r.name, r.kind, r.selector, r.take, r.all, r.source]),
      [['sku', 'xpath', '//span[@itemprop="sku"]', 'text', false, 'html']],
    );
    assert.equal(await page.$(FORM), null, 'the form closed');
  });

  it('adds a rule by keyboard alone, and Escape closes the form', async () => {
    const { page } = b;
    await page.focus('[data-add-rule]');
    await page.keyboard.press('Enter');
    await page.waitForSelector(FORM);
    await page.waitForFunction(`document.activeElement?.getAttribute('name') === 'name'`);
    await page.keyboard.type('price');
    await page.keyboard.press('Tab'); // kind: CSS selector, the default
    await page.keyboard.press('Tab');
    await page.keyboard.type('.price');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.extraction-rules tr[data-rule="price"]');
    assert.deepEqual(
      (await apiRules()).map((r) => [r.name, r.kind, r.selector, r.take]),
      [
        ['sku', 'xpath', '//span[@itemprop="sku"]', 'text'],
        ['price', 'css', '.price', 'text'],
      ],
    );
    // The keyboard is back on the button that opened the form.
    await page.waitForFunction(`document.activeElement?.hasAttribute('data-add-rule')`);
    await page.keyboard.press('Enter');
    await page.waitForSelector(FORM);
    await page.keyboard.press('Escape');
    await page.waitForFunction(`!document.querySelector(${JSON.stringify(FORM)})`);
    await page.waitForFunction(`document.activeElement?.hasAttribute('data-add-rule')`);
  });

  it('tests the saved rules on a page as the API does, markup shown as text', async () => {
    const { page } = b;
    await addRule({
      name: 'price_amount',
      kind: 'css',
      selector: '[itemprop=price]',
      take: 'attribute',
      attribute: 'content',
    });
    await addRule({ name: 'prices_all', kind: 'css', selector: '.prices .price', all: true });
    await addRule({ name: 'has_analytics', kind: 'contains', selector: 'gtag(' });
    await addRule({ name: 'old_brand', kind: 'contains', selector: 'Greenway', source: 'main_text' });
    await addRule({ name: 'title_html', kind: 'css', selector: 'h1', take: 'html' });
    await addRule({
      name: 'guarantee',
      kind: 'regex',
      selector: '(\\w+)-year guarantee',
      source: 'main_text',
    });
    const rules = await apiRules();
    assert.equal(rules.length, 8);
    assert.deepEqual(
      rules.map((r) => [r.name, r.take, r.all, r.source]),
      [
        ['sku', 'text', false, 'html'],
        ['price', 'text', false, 'html'],
        ['price_amount', 'attribute:content', false, 'html'],
        ['prices_all', 'text', true, 'html'],
        ['has_analytics', 'exists', false, 'html'],
        ['old_brand', 'exists', false, 'main_text'],
        ['title_html', 'html', false, 'html'],
        ['guarantee', 'text', false, 'main_text'],
      ],
    );
    await waitForText(page, '.extraction-panel .panel-head', '8 of 50 rules');
    // Nothing is crawled yet: no rule is called up to date.
    assert.deepEqual(
      await texts(page, '.extraction-rules tbody td:nth-child(5)'),
      Array(8).fill('after the first crawl'),
    );

    const url = shop.productUrl('pruning-shears');
    await retype('#extraction-test-url', url);
    await page.click('.extraction-test-form button[type="submit"]');
    const api = await t.call('extraction.test', { site_id: siteId, url });
    assert.deepEqual(
      api.results.map((r) => r.error),
      Array(8).fill(null),
    );
    assert.deepEqual(api.results.find((r) => r.name === 'prices_all')!.value, ['€19.50', '€29.00']);
    await page.waitForSelector('.extraction-panel > .extraction-test tr[data-rule="guarantee"]');
    const rows = await inPage<[string, string][]>(
      page,
      `[...document.querySelectorAll('.extraction-panel > .extraction-test tr[data-rule]')].map((r) =>
        [r.dataset.rule, r.querySelector('td').textContent])`,
    );
    assert.deepEqual(
      rows,
      api.results.map((r) => [r.name, fullText(r.value)]),
    );
    // The element's HTML is shown as characters: no heading from the crawled page enters the DOM.
    const html = rows.find(([name]) => name === 'title_html')![1];
    assert.match(html, /^<h1 class="product-title" itemprop="name">Pruning shears<\/h1>$/);
    assert.equal(await page.$('.extraction-test h1'), null);
    await b.screenshot('extraction-03-rules-tested');
  });

  it('tries an unsaved rule over the rendered page when the site renders', async () => {
    const { page } = b;
    await t.call('sites.update', { site_id: siteId, settings: { render_js: 'on' } });
    await retype('#extraction-test-url', shop.productUrl('moss-rake'));
    await page.click('[data-add-rule]');
    await page.waitForSelector(FORM);
    // The panel's field and the form's are one: the page typed there is the one the form tests.
    assert.equal(
      await inPage(page, `document.querySelector(${JSON.stringify(`${FORM} [name="test_url"]`)}).value`),
      shop.productUrl('moss-rake'),
    );
    const live = { name: 'live_price', kind: 'css', selector: '#live-price', source: 'rendered' } as const;
    await fillRule(live);
    await page.click(`${FORM} button[title^="Fetches"]`);
    // The moss rake's price is written by a script: only the browser's HTML has it.
    await waitForText(page, `${FORM} .extraction-test tr[data-rule="live_price"] td`, '€31.50', 60_000);
    assert.deepEqual(await texts(page, `${FORM} .extraction-test-page .badge`), ['200', 'rendered']);
    const api = await t.call('extraction.test', {
      site_id: siteId,
      url: shop.productUrl('moss-rake'),
      rules: [{ ...live, take: 'text', all: false }],
    });
    assert.deepEqual(api.results, [{ name: 'live_price', value: '€31.50', error: null }]);
    await b.screenshot('extraction-04-rendered-test');
    await page.click(`${FORM} .btn-link`);
    await page.waitForFunction(`!document.querySelector(${JSON.stringify(FORM)})`);
    assert.equal((await apiRules()).length, 8, 'the tried rule was not saved');
    await t.patch(`/sites/${siteId}`, { settings: { render_js: 'off' } });
  });

  it('shows the rules as Pages columns after a crawl, with the server’s sort and filters', async () => {
    const { page } = b;
    await crawlSettled(t, siteId);
    // The open panel follows the crawl: every rule's values are stored now.
    assert.deepEqual(
      (await apiRules()).filter((r) => r.needs_recrawl),
      [],
    );
    await page.waitForFunction(`!document.querySelector('.extraction-rules .badge')`);
    // The rules and the site's page count arrive by separate events: until both have, a rule can read "after
    // the first crawl" for a moment.
    await page
      .waitForFunction(`document.querySelectorAll('.extraction-rules td .tone-text-ok').length === 6`, {
        timeout: 10_000,
      })
      .catch(() => {});
    assert.equal(
      (await texts(page, '.extraction-rules td .tone-text-ok')).length,
      6,
      'six HTML rules up to date',
    );

    await go(`#/sites/${siteId}/pages`);
    await page.waitForSelector('.extraction-bar');
    // The first six rules are columns until the analyst picks others.
    const shown = ['sku', 'price', 'price_amount', 'prices_all', 'has_analytics', 'old_brand'];
    let pages = await apiPages('sort=-inlinks');
    assert.equal(pages.length, 8, 'the shop has eight pages');
    await gridShows(pages, shown, 'the rule columns');
    assert.equal((await grid()).headers.includes('title_html'), false);
    await b.screenshot('extraction-05-pages-columns');

    // Another column from the picker.
    await inPage(
      page,
      `[...document.querySelectorAll('.extraction-bar .toggle')]
        .find((l) => l.textContent.trim() === 'title_html').querySelector('input').click()`,
    );
    await page.waitForFunction(
      `decodeURIComponent(location.hash).includes('cols=${shown.join(',')},title_html')`,
    );
    await gridShows(pages, [...shown, 'title_html'], 'the added column');

    // Sorting by a rule is the server's: numbers as numbers, descending first.
    await page.click('button[title="Sort by price_amount"]');
    await page.waitForFunction(`location.hash.includes('sort=-extract.price_amount')`);
    pages = await apiPages('sort=-extract.price_amount');
    assert.equal(pages[0]!.extract.price_amount, '1249.00', 'the €1,249 spade sorts above the €24.99 trowel');
    await gridShows(pages, ['price_amount', 'sku'], 'pages sorted by price_amount');

    // A search rule filters as yes / no: the product template lacks the analytics tag.
    await page.select('.extraction-filter select[id$="-rule"]', 'has_analytics');
    await page.select('.extraction-filter select[id$="-condition"]', 'no');
    await page.click('.extraction-filter button[type="submit"]');
    await page.waitForFunction(`location.hash.includes('extract.has_analytics=false')`);
    pages = await apiPages('sort=-extract.price_amount&extract.has_analytics=false');
    assert.equal(pages.length, 5, 'five product pages without the tag');
    await gridShows(pages, ['sku', 'has_analytics'], 'pages without the analytics tag');
    assert.deepEqual(await texts(page, '.extraction-chips .chip'), ['has_analytics is no×']);

    // And a text condition on top: SKUs containing PRN.
    await page.select('.extraction-filter select[id$="-rule"]', 'sku');
    await page.select('.extraction-filter select[id$="-condition"]', 'contains');
    await page.type('.extraction-filter input', 'PRN');
    await page.click('.extraction-filter button[type="submit"]');
    await page.waitForFunction(`location.hash.includes('extract.sku.contains=PRN')`);
    pages = await apiPages('sort=-extract.price_amount&extract.has_analytics=false&extract.sku.contains=PRN');
    assert.deepEqual(
      pages.map((p) => p.extract.sku),
      ['NW-PRN-007'],
    );
    await gridShows(pages, ['sku', 'prices_all'], 'the one SKU with PRN');
    await waitForText(page, '.vtable-foot', '1 row');
    await b.screenshot('extraction-06-pages-filtered');

    // A chip's button removes its filter; "Clear filters" removes the rest.
    await page.click('.extraction-chips button[aria-label="Remove filter: has_analytics is no"]');
    await page.waitForFunction(`!location.hash.includes('extract.has_analytics')`);
    pages = await apiPages('sort=-extract.price_amount&extract.sku.contains=PRN');
    await gridShows(pages, ['sku'], 'only the SKU filter');
    await page.click('.filter-bar .btn-link');
    await page.waitForFunction(`!location.hash.includes('extract.sku')`);
    await gridShows(await apiPages('sort=-extract.price_amount'), ['sku'], 'no filter');
  });

  it('lists a page’s values in its details', async () => {
    const { page } = b;
    const item = (await apiPages('sort=url')).find((p) => p.url === shop.productUrl('pruning-shears'))!;
    const detail = await t.call('pages.get', { page_id: item.id });
    await go(`#/sites/${siteId}/pages/${item.id}`);
    await page.waitForSelector('.extracted [data-rule="guarantee"]');
    const shown = await inPage<[string, string][]>(
      page,
      `[...document.querySelectorAll('.extracted [data-rule]')].map((e) =>
        [e.querySelector('dt').textContent, e.querySelector('dd').textContent])`,
    );
    assert.deepEqual(
      shown,
      Object.entries(detail.extract).map(([name, value]) => [name, fullText(value)]),
    );
    assert.equal(detail.extract.guarantee, 'ten');
    assert.equal(await page.$('.extracted h1'), null, 'the page’s heading is text, not markup');
    await b.screenshot('extraction-07-page-detail');
  });

  it('says which changed rules need a re-crawl and re-applies main-text rules with a job', async () => {
    const { page } = b;
    await go(`#/sites/${siteId}`);
    await page.waitForSelector('.extraction-rules tr[data-rule="price_amount"]');

    // A changed HTML rule: only a crawl gives its new values.
    await page.click('button[aria-label="Edit price_amount"]');
    await page.waitForSelector(FORM);
    await retype(`${FORM} [name="selector"]`, 'span[itemprop=price]');
    await page.click(`${FORM} button[type="submit"]`);
    await waitForText(page, '.extraction-rules tr[data-rule="price_amount"] .badge', 'needs a re-crawl');
    assert.deepEqual(
      (await apiRules()).filter((r) => r.needs_recrawl).map((r) => r.name),
      ['price_amount'],
    );
    await waitForText(page, '.extraction-recrawl', 'price_amount reads the HTML of each page');

    // A changed main-text rule is re-applied to the stored pages from the panel.
    await page.click('button[aria-label="Edit guarantee"]');
    await page.waitForSelector(FORM);
    await retype(`${FORM} [name="selector"]`, 'orders over €(\\d+)');
    await page.click(`${FORM} button[type="submit"]`);
    await waitForText(page, '.extraction-rules tr[data-rule="guarantee"] code', 'orders over €(\\d+)');
    // Records whether the job ever shows among the overview's running jobs at the top.
    await inPage(
      page,
      `(() => { window.__topJob = false; const seen = () => {
          if (document.querySelector('.jobs-panel .job')) window.__topJob = true; };
        new MutationObserver(seen).observe(document.body, { subtree: true, childList: true }); })()`,
    );
    await page.click('.extraction-apply button');
    await page.waitForSelector('.extraction-panel .notice[data-job-status="succeeded"]', { timeout: 30_000 });
    const jobs = (await t.call('jobs.list', { site_id: siteId, kind: ['extract_apply'] })).items.filter(
      (j): j is JobOf<'extract_apply'> => j.kind === 'extract_apply',
    );
    assert.equal(jobs.length, 1);
    const { result } = jobs[0]!;
    assert.ok(result, 'the job succeeded with its counts');
    assert.deepEqual(result.needs_recrawl, ['price_amount']);
    const count = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;
    assert.equal(result.rules, 2, 'old_brand and guarantee');
    await waitForText(
      page,
      '.extraction-panel .notice[data-job-status="succeeded"]',
      `Re-applying main-text rules finished. ${count(result.rules, 'main-text rule')} applied to ` +
        `${count(result.pages, 'page')}. Still waiting for a crawl: price_amount.`,
    );
    // Its progress is the panel's, by its button, not repeated among the overview's running jobs.
    assert.equal(await inPage(page, 'window.__topJob'), false);
    const trowel = (await apiPages('sort=url')).find((p) => p.url === shop.productUrl('steel-trowel'))!;
    assert.equal(trowel.extract.guarantee, '50');
    await b.screenshot('extraction-08-reapplied');
  });

  it('shows a changed value between two crawls in the Changes view', async () => {
    const { page } = b;
    shop.setPrice('steel-trowel', '€26.00');
    await crawlSettled(t, siteId);
    const trowel = shop.productUrl('steel-trowel');
    const api = await t.call('history.changes', {
      site_id: siteId,
      change: ['extract_changed'],
      limit: 1000,
    });
    const change = api.items.find((c) => c.url === trowel)!;
    assert.equal(change.before?.extract?.price, '€24.99');
    assert.equal(change.after?.extract?.price, '€26.00');
    await go(`#/sites/${siteId}/changes?change=extract_changed`);
    const row = `.change-table tbody tr[data-change="extract_changed"]`;
    await page.waitForSelector(row);
    const shown = await inPage<{ url: string; before: string; after: string }[]>(
      page,
      `[...document.querySelectorAll(${JSON.stringify(row)})].map((r) => ({
        url: r.querySelector('.change-url').textContent,
        before: r.querySelector('.change-before').textContent,
        after: r.querySelector('.change-after').textContent }))`,
    );
    assert.equal(shown.length, api.items.length);
    const line = shown.find((r) => r.url.includes('/products/steel-trowel/'))!;
    assert.match(line.before, /price: “€24\.99”/);
    assert.match(line.after, /price: “€26\.00”/);
    await b.screenshot('extraction-09-changes');
    await go(`#/sites/${siteId}`);
    await page.waitForSelector('.extraction-rules tr[data-rule="title_html"]');
  });

  it('deletes a rule after asking', async () => {
    const { page } = b;
    page.once('dialog', (d) => void d.dismiss());
    await page.click('button[aria-label="Delete title_html"]');
    assert.ok(
      (await apiRules()).some((r) => r.name === 'title_html'),
      'kept when the question is dismissed',
    );
    page.once('dialog', (d) => void d.accept());
    await page.click('button[aria-label="Delete title_html"]');
    await page.waitForFunction(`!document.querySelector('.extraction-rules tr[data-rule="title_html"]')`);
    assert.deepEqual(
      (await apiRules()).map((r) => r.name),
      ['sku', 'price', 'price_amount', 'prices_all', 'has_analytics', 'old_brand', 'guarantee'],
    );
    await waitForText(page, '.extraction-panel .panel-head', '7 of 50 rules');
  });

  it('ran without unexpected console errors', () => {
    // The refused XPath above is logged by the browser as a failed resource.
    const unexpected = b.errors.filter(
      (e) => !/status of 400|http 400: POST \/sites\/\d+\/extractors(\/test)?$/.test(e),
    );
    assert.deepEqual(unexpected, []);
  });
});
