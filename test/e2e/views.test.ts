/**
 * The UI in Debian's Chromium against the real server on a crawled, embedded and analysed fixture site: every
 * view loads real data, a crawl started from the UI runs to the end, the graph draws, a campaign target is
 * accepted, an export downloads, errors show the server's own words, and nothing logs an error (CSP included).
 * Each view is saved as a screenshot under test/e2e/screenshots/ for a human look.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { inPage, openBrowser, texts, waitForText, type TestBrowser } from '../helpers/browser.js';
import { ensureRendererBuilt } from '../helpers/build.js';
import { crawlFixture, runJob } from '../helpers/crawl-site.js';
import { createTestApp, TEST_TOKEN, waitFor, type TestApp } from '../helpers/test-app.js';
import { exportZip } from '../fixtures/gsc/gsc-export-files.js';
import { plantGsc } from '../fixtures/gsc/gsc-plant.js';
import { startFixtureSite, type FixtureSite } from '../fixtures/sites/fixture-site.js';

let t: TestApp;
let site: FixtureSite;
let second: FixtureSite;
let b: TestBrowser;
let siteId: number;
let campaignId: number;

/** Waits until no job (of `kind`, if given) is queued or running. */
async function jobsSettled(kind?: string) {
  await waitFor(
    async () => {
      const res = await t.get(`/jobs?status=queued,running${kind ? `&kind=${kind}` : ''}`);
      return res.body.items.length === 0 ? true : undefined;
    },
    120_000,
    `${kind ?? 'all'} jobs to finish`,
  );
}

before(async () => {
  const uiDir = ensureRendererBuilt();
  site = await startFixtureSite({ seed: 3, articles: 40 });
  second = await startFixtureSite({ seed: 4, articles: 8 });
  t = await createTestApp({ uiDir, followUps: true });
  siteId = await crawlFixture(t, site);
  await jobsSettled('embed');
  await runJob(t, '/similarity/analyze', { site_id: siteId });
  const campaign = await t.post('/api/campaigns', {
    hub_client_id: 'northwind',
    name: 'Spring garden guides',
    site_id: siteId,
    seed_topics: ['growing tomatoes on a balcony', 'composting in a small garden'],
  });
  assert.equal(campaign.status, 201, JSON.stringify(campaign.body));
  campaignId = campaign.body.id;
  await runJob(t, `/api/campaigns/${campaignId}/expand`, {});
  b = await openBrowser();
  // The link `serve` prints: sets the HttpOnly cookie and redirects to `/`.
  await b.page.goto(`${t.baseUrl}/?token=${TEST_TOKEN}`, { waitUntil: 'domcontentloaded' });
});

after(async () => {
  await b?.close();
  // The UI's crawl queued an embedding job; stopping mid-inference is not what this suite tests.
  if (t) await jobsSettled().catch(() => undefined);
  await t?.close();
  await site?.close();
  await second?.close();
});

const go = async (hash: string) => {
  await b.page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
};

describe('the UI on a crawled site', { timeout: 240_000 }, () => {
  it('lists the sites with their figures', async () => {
    const { page } = b;
    assert.equal(new URL(page.url()).search, '', 'the token left the address');
    await page.waitForSelector('.site-card');
    const stats = (await t.get(`/sites/${siteId}`)).body.stats as { pages: number };
    await waitForText(page, '.site-card', stats.pages.toLocaleString('en-US'));
    await b.screenshot('01-sites');
  });

  it('shows the site overview with summary charts', async () => {
    const { page } = b;
    await go(`#/sites/${siteId}`);
    await page.waitForSelector('.chart-grid .bar-row');
    const summary = (await t.get(`/sites/${siteId}/summary`)).body as { status_codes: { key: string }[] };
    const labels = await texts(page, '.chart-grid ul[aria-label="Pages by status code"] .bar-label');
    assert.deepEqual(labels.sort(), summary.status_codes.map((c) => c.key).sort());
    await waitForText(page, '.table', 'Crawl #');
    await b.screenshot('02-overview');
  });

  it('lists pages in a sortable, filterable table and opens a page', async () => {
    const { page } = b;
    await go(`#/sites/${siteId}/pages`);
    await page.waitForSelector('.vtable-row');
    const first = (await t.get(`/pages?site_id=${siteId}&sort=-inlinks&limit=1`)).body.items[0] as {
      id: number;
      title: string;
    };
    const topTitle = await page.$eval('.vtable-row .page-name-title', (e) => e.textContent);
    assert.equal(topTitle, first.title);
    await b.screenshot('03-pages');

    // Sort by words (descending first), then filter by a substring of the URL.
    await page.click('button[title="Sort by words"]');
    const byWords = (await t.get(`/pages?site_id=${siteId}&sort=-word_count&limit=1`)).body.items[0];
    await waitForText(page, '.vtable-row:first-child .page-name-title', byWords.title);
    await page.type('#pages-q', '/blog/');
    await page.waitForFunction(`location.hash.includes('q=%2Fblog%2F')`);
    await page.waitForFunction(
      `Array.from(document.querySelectorAll('.vtable-row .page-name-url')).every((e) => e.textContent.includes('/blog/'))`,
    );

    // Keyboard: focus the table, move down, open with Enter.
    await page.focus('.vtable-scroll');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForFunction(`/#\\/sites\\/\\d+\\/pages\\/\\d+/.test(location.hash)`);
    await page.waitForSelector('.page-detail h1');
    await page.waitForSelector('[role="tabpanel"] table');
    await b.screenshot('04-page-detail');

    await page.click('[role="tab"]:nth-child(3)');
    await page.waitForSelector('[role="tabpanel"] table .num');
    const similar = await texts(page, '[role="tabpanel"] table tbody tr');
    assert.ok(similar.length > 0, 'similar pages listed');
  });

  it('draws the link graph and opens a node', async () => {
    const { page } = b;
    await go(`#/sites/${siteId}/graph`);
    await page.waitForSelector('.graph-canvas[data-state="ready"]', { timeout: 60_000 });
    const nodes = Number(await page.$eval('.graph-canvas', (e) => e.getAttribute('data-nodes')));
    const api = (await t.get(`/sites/${siteId}/link-graph?edge_kind=content&limit=10000`)).body as {
      nodes: unknown[];
    };
    assert.equal(nodes, api.nodes.length, 'every page with a content link is drawn');
    assert.ok(nodes > 30, `${nodes} nodes drawn`);
    // Something was painted on the canvas: count non-white pixels of the node layer.
    const painted = await inPage<number>(
      page,
      `(() => { const c = [...document.querySelectorAll('.graph-canvas canvas')].at(-1);
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0;
        for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++; return n; })()`,
    );
    assert.ok(painted > 1000, `${painted} painted pixels`);

    // The merge overlay: the similar pairs drawn over the links, as many as the API returns.
    await page.click('#graph-overlay');
    const overlay = (
      await t.get(`/sites/${siteId}/similarity-pairs?outcome=duplicate,merge&min_reranker=0.8`)
    ).body.items as unknown[];
    assert.ok(overlay.length > 0);
    await page.waitForFunction(`document.querySelector('.graph-canvas').dataset.overlayEdges > 0`);
    await page.type('#graph-find', 'blog');
    await page.waitForSelector('.find-results button');
    await page.click('.find-results button');
    await page.waitForSelector('.drawer .page-detail h2');
    await b.screenshot('05-graph');
  });

  it('shows similar pairs and clusters', async () => {
    const { page } = b;
    await go(`#/sites/${siteId}/similarity`);
    await page.waitForSelector('.vtable-row');
    const pairs = (await t.get(`/sites/${siteId}/similarity-pairs?limit=1000`)).body.items.length;
    assert.ok(pairs > 0);
    await b.screenshot('06-similarity-pairs');
    // The reranker slider, by keyboard: End raises the threshold to 1, which leaves only the exact duplicates.
    await page.focus('.slider input');
    await page.keyboard.press('End');
    await page.waitForFunction(`location.hash.includes('min=1.00')`);
    const top = (await t.get(`/sites/${siteId}/similarity-pairs?min_reranker=1&limit=1000`)).body
      .items as unknown[];
    await page.waitForFunction(`document.querySelectorAll('.vtable-row').length === ${top.length}`);
    assert.ok(top.length < pairs);
    await page.click('[role="tab"]:nth-child(2)');
    await page.waitForSelector('.cluster');
    await b.screenshot('07-similarity-clusters');
  });

  it('searches by meaning and checks an idea', async () => {
    const { page } = b;
    await go(`#/sites/${siteId}/search`);
    await page.type('#search-query', 'how to grow tomatoes');
    await page.click('form[aria-label="Search pages"] button[type="submit"]');
    await page.waitForSelector('ol[aria-label="Search results"] li');
    await page.type('#idea-text', 'A guide to composting kitchen scraps');
    await page.click('form[aria-label="Idea check"] button[type="submit"]');
    await page.waitForSelector('.verdict [class*="badge"]');
    const verdict = await page.$eval('.verdict', (e) => e.getAttribute('data-verdict'));
    assert.ok(['covered', 'partially_covered', 'new'].includes(verdict!));
    await page.waitForSelector('.verdict blockquote');
    await b.screenshot('08-search-ideas');
  });

  it('lists other URLs by reason, imports a Search Console export and shows its tables', async () => {
    const { page } = b;
    await go(`#/sites/${siteId}/analytics`);
    await page.waitForSelector('.vtable-row');
    const reasons = await texts(page, '.vtable-row [role="gridcell"]:nth-child(2)');
    const api = (await t.get(`/analytics/other-urls?site_id=${siteId}&limit=1000`)).body.items as {
      reason: string;
    }[];
    assert.ok(reasons.length > 0);
    assert.deepEqual(
      reasons,
      api.slice(0, reasons.length).map((u) => u.reason.replace(/_/g, ' ')),
    );
    await b.screenshot('09-analytics');

    await page.click('[role="tab"]:nth-child(2)');
    await waitForText(page, '.empty', 'No Search Console data');
    // The zip Search Console's Performance report downloads, uploaded through the file field.
    const plant = plantGsc(site.expected(), site.origin);
    const zip = join(t.dir, 'search-console-export.zip');
    writeFileSync(zip, exportZip(plant.rows));
    await (await page.$('#gsc-file'))!.uploadFile(zip);
    await waitForText(page, '.notice-ok', 'Search Console import finished', 60_000);
    await page.waitForSelector('.gsc-data table tbody tr');
    const queries = await texts(page, '.gsc-data table tbody tr td:first-child');
    // Text from outside (here a formula-looking query) is shown as it is, never as markup or a link.
    assert.ok(queries.includes('=HYPERLINK("http://evil.example/","prize")'), queries.join(' | '));
    assert.equal(await page.$$eval('.gsc-data table a', (els) => els.length), 0);
    await b.screenshot('10-analytics-gsc');

    // The page's own figures on its detail view.
    const planted = new URL(plant.growing).pathname;
    const found = (await t.get(`/pages?site_id=${siteId}&q=${encodeURIComponent(planted)}`)).body.items as {
      id: number;
      url: string;
    }[];
    const target = found.find((p) => p.url === plant.growing)!;
    await go(`#/sites/${siteId}/pages/${target.id}`);
    await page.waitForSelector('.page-detail h1');
    await page.click('[role="tab"]:nth-child(4)');
    await page.waitForSelector('.gsc-page .stat');
    const total = (await t.get(`/analytics/gsc?site_id=${siteId}&page_id=${target.id}&group_by=page`)).body
      .items[0] as { clicks: number };
    assert.ok(total.clicks > 0);
    await waitForText(page, '.gsc-page .stat', `${total.clicks.toLocaleString('en-US')}clicks`);
  });

  it('downloads an export', async () => {
    const { page } = b;
    await go(`#/sites/${siteId}/exports`);
    await page.waitForSelector('a[aria-label="Download pages.csv"]');
    await b.screenshot('11-exports');
    await page.click('a[aria-label="Download pages.csv"]');
    const file = await waitFor(
      () => readdirSync(b.downloadDir).find((f) => f.endsWith('.csv') && !f.endsWith('.crdownload')),
      20_000,
      'the download',
    );
    const csv = readFileSync(join(b.downloadDir, file), 'utf8');
    assert.match(csv.split('\n')[0]!, /url/);
    assert.ok(csv.split('\n').length > 100, 'one line per page');
  });

  it('accepts a campaign target on the board', async () => {
    const { page } = b;
    await go('#/campaigns');
    await waitForText(page, '.hub-list', 'northwind');
    await waitForText(page, '.table', 'Spring garden guides');
    await b.screenshot('12-campaigns');
    await go(`#/campaigns/${campaignId}`);
    await page.waitForSelector('.board-col[data-status="proposed"] .target-card');
    const id = Number(
      await page.$eval('.board-col[data-status="proposed"] .target-card', (e) =>
        e.getAttribute('data-target-id'),
      ),
    );
    await page.click(`.target-card[data-target-id="${id}"] .btn-link`);
    await page.waitForSelector(`.target-card[data-target-id="${id}"] .target-details`);
    await page.click(`.target-card[data-target-id="${id}"] .btn-primary`);
    await page.waitForSelector(`.board-col[data-status="accepted"] .target-card[data-target-id="${id}"]`);
    const stored = (await t.get(`/api/targets/${id}`)).body as { status: string };
    assert.equal(stored.status, 'accepted');
    await b.screenshot('13-campaign-board');
  });

  it('creates a campaign from the form and expands it with live progress', async () => {
    const { page } = b;
    await go('#/campaigns?hub=northwind');
    await page.waitForSelector('.view-header .btn-primary');
    await page.click('.view-header .btn-primary');
    await page.waitForSelector('form[aria-label="New campaign"]');
    assert.equal(
      await page.$eval('#campaign-new-hub', (e) => (e as unknown as { value: string }).value),
      'northwind',
    );
    await page.type('#campaign-new-name', 'Lawn care');
    await page.type('#campaign-new-topics', 'repairing bare patches in a lawn\nshade tolerant grass seed');
    await b.screenshot('16-campaign-new');
    await page.click('form[aria-label="New campaign"] button[type="submit"]');
    await page.waitForFunction(`/^#\\/campaigns\\/\\d+$/.test(location.hash)`);
    await waitForText(page, 'h1', 'Lawn care');
    await waitForText(page, '.empty', 'No targets yet');
    const created = Number(await inPage<string>(page, `location.hash.split('/')[2]`));
    assert.deepEqual((await t.get(`/api/campaigns/${created}`)).body.seed_topics, [
      'repairing bare patches in a lawn',
      'shade tolerant grass seed',
    ]);

    await page.click('.action .btn-primary');
    await waitForText(page, '.notice-ok', 'Expanding the campaign finished', 90_000);
    await page.waitForSelector('.board-col[data-status="proposed"] .target-card');
    const proposed = (await t.get(`/api/targets?campaign_id=${created}&status=proposed&limit=1000`)).body
      .items;
    const cards = await page.$$eval('.board-col[data-status="proposed"] .target-card', (els) => els.length);
    assert.equal(cards, proposed.length);
  });

  it('adds a site, crawls it from the UI and follows the progress to the end', async () => {
    const { page } = b;
    await go('#/');
    await page.waitForSelector('#site-start-url');
    // An invalid address: the form shows the server's problem detail in words.
    await page.type('#site-start-url', 'ftp://files.example.com/');
    await page.click('form[aria-labelledby="add-site-title"] button[type="submit"]');
    await waitForText(page, '[role="alert"]', 'must be an absolute http(s) URL');

    await page.$eval('#site-start-url', (el) => ((el as unknown as { value: string }).value = ''));
    await page.type('#site-start-url', second.startUrl);
    await page.type('#site-name', 'Second site');
    await page.click('form[aria-labelledby="add-site-title"] button[type="submit"]');
    await page.waitForFunction(`/^#\\/sites\\/\\d+$/.test(location.hash)`);
    const newId = Number(await inPage<string>(page, `location.hash.split('/')[2]`));
    // Slow enough to watch: the fixture answers instantly.
    await t.patch(`/sites/${newId}`, { settings: { max_requests_per_second: 25, concurrency: 2 } });
    await waitForText(page, 'h1', 'Second site');
    await page.click('.crawl-control .btn-primary');
    await page.waitForSelector('.job[data-job-status="running"] [role="progressbar"]', { timeout: 20_000 });
    await b.screenshot('14-crawl-running');
    await waitForText(page, '.notice-ok', 'Crawl finished', 60_000);
    const stats = (await t.get(`/sites/${newId}`)).body.stats as { pages: number };
    assert.ok(stats.pages > 50, `${stats.pages} pages crawled`);
    await waitForText(page, '.stat', stats.pages.toLocaleString('en-US'));
    await b.screenshot('15-crawl-done');
  });

  it('ran without console errors or CSP violations', () => {
    const unexpected = b.errors.filter(
      // The 400 of the invalid site address above is logged by the browser as a failed resource.
      (e) => !/status of 400|http 400: POST \/sites$/.test(e),
    );
    assert.deepEqual(unexpected, []);
  });
});
