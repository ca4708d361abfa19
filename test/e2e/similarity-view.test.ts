/**
 * The Similarity view in Debian's Chromium against the real server on a crawled, embedded and analysed fixture
 * site: it opens on duplicates and merges in the API's order of what to act on, each with its page to keep; a pair
 * opened shows the rule that decided it and what its scores mean; related pairs are a ranked list for linking, with
 * the links still missing; and after a new crawl the view says the analysis is out of date and runs it again when
 * asked. Screenshots go to test/e2e/screenshots/.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { inPage, openBrowser, texts, waitForText, type TestBrowser } from '../helpers/browser.js';
import { ensureRendererBuilt } from '../helpers/build.js';
import { crawlFixture, runJob } from '../helpers/crawl-site.js';
import { createTestApp, TEST_TOKEN, waitFor, type TestApp } from '../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../fixtures/sites/fixture-site.js';

let t: TestApp;
let site: FixtureSite;
let b: TestBrowser;
let siteId: number;

before(async () => {
  const uiDir = ensureRendererBuilt();
  site = await startFixtureSite({ seed: 3, articles: 40 });
  // No follow-ups: the rerun after a crawl is the one the view offers.
  t = await createTestApp({ uiDir });
  siteId = await crawlFixture(t, site);
  await runJob(t, 'pages.rebuildEmbeddings', { site_id: siteId });
  await runJob(t, 'similarity.analyze', { site_id: siteId });
  b = await openBrowser();
  await b.page.goto(`${t.baseUrl}/?token=${TEST_TOKEN}`, { waitUntil: 'domcontentloaded' });
});

after(async () => {
  await b?.close();
  await t?.close();
  await site?.close();
});

const go = (hash: string) => b.page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
/** The rows shown: the two pages' URLs (their cells' tooltips), then each cell's text. */
const rows = () =>
  inPage<string[][]>(
    b.page,
    `[...document.querySelectorAll('.pairs-table .vtable-row')].map((r) => {
      const cells = [...r.querySelectorAll('[role="gridcell"]')];
      return [cells[0].getAttribute('title') + ' ' + cells[1].getAttribute('title'), ...cells.slice(2).map((c) => c.textContent)];
    })`,
  );
const rowCount = async (n: number) =>
  b.page.waitForFunction(`document.querySelectorAll('.pairs-table .vtable-row').length === ${n}`);

describe('the Similarity view', { timeout: 300_000 }, () => {
  it('opens on duplicates and merges, in the order of what to act on, each with its page to keep', async () => {
    await go(`#/sites/${siteId}/similarity`);
    const api = await t.callAll('similarity.sitePairs', {
      site_id: siteId,
      outcome: ['duplicate', 'merge'],
      limit: 1000,
    });
    assert.ok(api.length > 0, 'the fixture has duplicates');
    await rowCount(api.length);
    assert.deepEqual(await texts(b.page, '[role="tab"][aria-selected="true"]'), ['Duplicates and merges']);
    const shown = await rows();
    assert.deepEqual(
      shown.map((r) => `${r[0]} ${r[1]}`),
      api.map((p) => `${p.page_a.url} ${p.page_b.url} ${p.outcome}`),
      'pairs and outcomes in the API’s default order (by rank)',
    );
    assert.ok(
      shown.every((r) => /^Keep [AB]: /.test(r[2] ?? '')),
      'every duplicate and merge names the page to keep',
    );
    assert.match(await b.page.$eval('.similarity-legend', (e) => e.textContent ?? ''), /Reranker: how much/);
    await b.screenshot('similarity-1-act-first');
  });

  it('shows why a pair has its outcome, which page to keep and what its scores mean', async () => {
    await b.page.click('.pairs-table .vtable-row');
    await b.page.waitForSelector('.pair-verdict');
    const terms = await texts(b.page, '.pair-verdict dt');
    assert.deepEqual(terms, ['Outcome', 'Why', 'Keep', 'Links']);
    const why = await texts(b.page, '.pair-verdict dd');
    assert.ok(why[1] && why[1].length > 20, `the rule in words: ${why[1]}`);
    const title = await b.page.$eval('.pair-detail-scores span[title]', (e) => e.getAttribute('title') ?? '');
    assert.match(title, /Reranker: .*Cosine: .*Jaccard: /);
  });

  it('lists related pairs for linking, ranked, with the links still missing', async () => {
    await b.page.click('[role="tab"]:nth-child(2)');
    const related = await t.callAll('similarity.sitePairs', {
      site_id: siteId,
      outcome: ['related'],
      limit: 1000,
    });
    assert.ok(related.length > 0);
    // The table draws only the rows in view: wait for the related list's first pair on top, then read them.
    const first = `${related[0]!.page_a.url} ${related[0]!.page_b.url}`;
    await b.page.waitForFunction(
      `(() => {
        const cells = document.querySelectorAll('.pairs-table .vtable-row:first-child [role="gridcell"]');
        return cells.length > 1 && cells[0].getAttribute('title') + ' ' + cells[1].getAttribute('title') === ${JSON.stringify(first)};
      })()`,
    );
    const shown = await rows();
    assert.ok(shown.length >= Math.min(related.length, 5), `${shown.length} rows drawn`);
    assert.deepEqual(
      shown.map((r) => r[0]),
      related.slice(0, shown.length).map((p) => `${p.page_a.url} ${p.page_b.url}`),
      'the API’s rank order',
    );
    for (let i = 1; i < related.length; i++) assert.ok(related[i - 1]!.rank >= related[i]!.rank);
    assert.ok(
      shown.every((r) => /none yet|missing|linked/.test(r[1] ?? '')),
      'a links cell per row',
    );
    await b.screenshot('similarity-2-related');
  });

  it('says the analysis is out of date after a crawl, and runs it again when asked', async () => {
    assert.equal(await b.page.$('.stale-notice'), null, 'current before the crawl');
    await runJob(t, 'crawl.start', { site_id: siteId });
    await waitForText(b.page, '.stale-notice', 'This analysis is out of date');
    await b.screenshot('similarity-3-stale');
    await b.page.click('.stale-notice button');
    await b.page.waitForFunction(`!document.querySelector('.stale-notice')`, { timeout: 120_000 });
    const site2 = await t.call('sites.get', { site_id: siteId });
    assert.equal(site2.similarity_analysis?.stale, false);
    await waitFor(
      async () =>
        (await t.call('jobs.list', { site_id: siteId, kind: ['similarity'] })).items.length === 2
          ? true
          : undefined,
      10_000,
      'the second analysis',
    );
  });

  it('ran without console errors', () => {
    assert.deepEqual(b.errors, []);
  });
});
