/**
 * A new user's first run (#37), in Debian's Chromium against the real server with a crawl's follow-ups (audit,
 * embeddings): the `/?token=` link with no site yet, a site added without a name, a crawl watched from the
 * Overview and the Pages view, the site changed by its editors and crawled again, then every view. Each behaviour
 * #37 fixed is asserted where the user meets it: crawls named "Crawl 1", "Crawl 2"; a running crawl's pace;
 * inlinks "—" and no sort by them until counted; the Pages counts agreeing; picked columns kept; a self-link
 * listed but not counted; removed pages counted and the issues gone with them not "fixed"; files named by the
 * site and the day, the Pages export being what is shown; a pasted URL tested as it is; an external URL with its
 * host; search words marked and linked to their section; a message naming the site. Nothing shows or logs an
 * error.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { fileDate, fileStem } from '../../server/domain/export/export-file-name.js';
import { inPage, openBrowser, texts, waitForText, type TestBrowser } from '../helpers/browser.js';
import { ensureRendererBuilt } from '../helpers/build.js';
import { finishedJob, jobsSettled } from '../helpers/crawl-site.js';
import { createTestApp, TEST_TOKEN, waitFor, type TestApp } from '../helpers/test-app.js';
import { BREWING_SECTIONS, startTeaShopSite, type TeaShopSite } from '../fixtures/servers/tea-shop-site.js';

let t: TestApp;
let site: TeaShopSite;
let b: TestBrowser;
let siteId: number;
let siteName: string;

const FORM = '.extraction-panel .extraction-form';
const day = () => fileDate(new Date());

/** Clicks the link or button whose own text is `label` inside `scope`, as a user picks it by its words. */
async function clickText(scope: string, label: string) {
  const clicked = await inPage<boolean>(
    b.page,
    `(() => { const el = [...document.querySelectorAll(${JSON.stringify(scope)})]
        .find((e) => e.textContent.trim() === ${JSON.stringify(label)});
      if (!el) return false; el.click(); return true; })()`,
  );
  assert.ok(clicked, `no “${label}” in ${scope}`);
}

/** Opens a view of the site from the side navigation and waits for its heading. */
async function openView(label: string, heading = label) {
  await clickText('.nav-list .nav-link', label);
  await waitForText(b.page, '.view-header h1', heading);
}

/** The crawl job of the site that is queued or running, once the UI has started one. */
async function runningCrawl() {
  return waitFor(
    async () =>
      (await t.call('jobs.list', { status: ['queued', 'running'], kind: ['crawl'] })).items.find(
        (j) => j.site_id === siteId,
      ),
    10_000,
    'the crawl the UI started',
  );
}

/** The Pages table's column headers, without the sort mark. */
const headers = async () =>
  (await texts(b.page, '.vtable-header [role="columnheader"]')).map((h) => h.replace(/[▲▼]/g, '').trim());

/** Every cell of the Pages column headed `header`. */
const column = (header: string) =>
  inPage<string[]>(
    b.page,
    `(() => { const i = [...document.querySelectorAll('.vtable-header [role="columnheader"]')]
        .findIndex((h) => h.textContent.startsWith(${JSON.stringify(header)}));
      return [...document.querySelectorAll('.vtable-row')].map((r) => r.children[i].textContent); })()`,
  );

/** The numbers in the Status filter's options: each status code's count. */
const statusCounts = () =>
  inPage<number[]>(
    b.page,
    `[...document.querySelectorAll('#pages-status option')].slice(1)
      .map((o) => Number(o.textContent.match(/\\(([\\d,]+)\\)/)[1].replace(/,/g, '')))`,
  );

/** Clears a React-controlled input and types `text` into it. */
async function retype(selector: string, text: string) {
  await b.page.click(selector, { clickCount: 3 });
  await b.page.keyboard.press('Backspace');
  if (text) await b.page.type(selector, text);
}

before(async () => {
  const uiDir = ensureRendererBuilt();
  site = await startTeaShopSite();
  t = await createTestApp({ uiDir, followUps: true });
  b = await openBrowser();
});

after(async () => {
  await b?.close();
  if (t) await jobsSettled(t).catch(() => undefined);
  await t?.close();
  await site?.close();
});

describe('a new user’s first run', { timeout: 240_000 }, () => {
  it('opens the link with no site yet and adds one without a name', async () => {
    const { page } = b;
    await page.goto(`${t.baseUrl}/?token=${TEST_TOKEN}`, { waitUntil: 'domcontentloaded' });
    assert.equal(new URL(page.url()).search, '', 'the token left the address');
    await page.waitForSelector('#site-start-url');
    assert.deepEqual((await t.call('sites.list', {})).items, []);
    await page.type('#site-start-url', site.startUrl);
    await page.click('form[aria-labelledby="add-site-title"] button[type="submit"]');
    await page.waitForFunction(`/^#\\/sites\\/\\d+$/.test(location.hash)`);
    siteId = Number(await inPage<string>(page, `location.hash.split('/')[2]`));
    siteName = (await t.call('sites.get', { site_id: siteId })).name;
    await waitForText(page, '.view-header h1', siteName);
    await waitForText(page, '.empty-title', 'Nothing crawled yet.');
  });

  it('crawls from the Overview, showing the pace, inlinks not yet counted, then “Crawl 1”', async () => {
    const { page } = b;
    // A slow server: the crawl runs for several seconds, long enough to watch it.
    site.setDelay(2000);
    await clickText('.crawl-control button', 'Start crawl');
    const crawl = await runningCrawl();
    await waitForText(page, '.job-title', 'Crawl 1');
    await page.waitForFunction(
      `/estimating…|\\d pages\\/s/.test(document.querySelector('.job-pace')?.textContent ?? '')`,
      { timeout: 10_000 },
    );
    await b.screenshot('first-run-01-crawling');

    // The Pages view lists what the crawl has stored when it opens.
    await waitFor(
      async () => ((await t.call('sites.get', { site_id: siteId })).stats.pages >= 2 ? true : undefined),
      15_000,
      'the first pages stored',
    );
    await openView('Pages');
    await page.waitForSelector('.vtable-row');
    await waitForText(page, '[role="status"]', 'counted when the crawl ends');
    const inlinks = await column('Inlinks');
    assert.ok(inlinks.length > 0 && inlinks.every((v) => v === '—'), `inlinks while crawling: ${inlinks}`);
    assert.equal(await page.$('button[title="Sort by inlinks"]'), null, 'no sort by counts not made yet');
    assert.equal((await t.call('jobs.get', { job_id: crawl.id })).status, 'running', 'seen while it ran');

    assert.equal((await finishedJob(t, crawl)).status, 'succeeded');
    site.setDelay(0);
    await page.waitForSelector('button[title="Sort by inlinks"]', { timeout: 15_000 });
    await openView('Overview', siteName);
    await waitForText(page, '.table', 'Crawl 1');
  });

  it('shows Pages whose counts agree, keeps picked columns, and does not count a self-link', async () => {
    const { page } = b;
    await openView('Pages');
    const { stats } = await t.call('sites.get', { site_id: siteId });
    await waitForText(page, '.view-lede', `${stats.pages} pages crawled`);
    await page.waitForFunction(`document.querySelectorAll('.vtable-row').length === ${stats.pages}`);
    const byStatus = await statusCounts();
    assert.equal(
      byStatus.reduce((a, n) => a + n, 0),
      stats.pages,
      'the header and the Status filter count the same pages',
    );

    await page.click('.column-picker > button');
    for (const label of ['Meta description', 'H1']) {
      await inPage(
        page,
        `[...document.querySelectorAll('.column-picker-list label')].find((l) => l.textContent.trim() === ${JSON.stringify(label)}).querySelector('input').click()`,
      );
    }
    await waitForText(page, '.vtable-header', 'Meta description');
    const shown = await headers();
    for (const h of ['Page', 'Type', 'Meta description', 'H1', 'Inlinks']) assert.ok(shown.includes(h), h);
    await waitForText(page, '.vtable-row', 'Water temperature, steeping time and how much leaf');
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.waitForSelector('.vtable-row');
    assert.deepEqual(await headers(), shown, 'the picked columns outlive a reload');

    // The home page: every page's navigation links to it, its own included.
    const home = (await t.call('pages.list', { site_id: siteId, limit: 100 })).items.find(
      (p) => p.url === site.startUrl,
    )!;
    await clickText('.vtable-row .page-name-title', home.title!);
    await page.waitForSelector('[role="tabpanel"] table');
    await waitForText(page, '.links-caption', `${home.inlinks} other pages link here`);
    await waitForText(page, '.links-caption', 'from the page to itself');
    const rows = await inPage<{ source: string; counted: boolean }[]>(
      page,
      `[...document.querySelectorAll('[role="tabpanel"] tbody tr')].map((r) => ({
        source: r.querySelector('a')?.getAttribute('href') ?? r.textContent, counted: !r.dataset.notCounted }))`,
    );
    assert.equal(
      new Set(rows.filter((r) => r.counted).map((r) => r.source)).size,
      home.inlinks,
      'the counted rows are the inlinks',
    );
    assert.equal(rows.filter((r) => !r.counted).length, 1, 'one row, the self-link, not counted');
    const marked = await texts(page, '[role="tabpanel"] tr[data-not-counted] .badge');
    assert.ok(marked.includes('this page · not counted'), `marked rows: ${marked}`);
    await b.screenshot('first-run-02-page-detail');
  });

  it('crawls the changed site again: “Crawl 2”, the removed page counted, issues gone not fixed', async () => {
    const { page } = b;
    // The first crawl's audit and embeddings run before a crawl can start.
    await jobsSettled(t);
    site.setVersion(2);
    await openView('Overview', siteName);
    await clickText('.crawl-control button', 'Start crawl');
    await waitForText(page, '.job-title', 'Crawl 2');
    assert.equal((await finishedJob(t, await runningCrawl())).status, 'succeeded');
    await jobsSettled(t);
    await waitForText(page, '.table', 'Crawl 2');
    // The "embedded" tile counts the pages search finds now.
    const { stats } = await t.call('sites.get', { site_id: siteId });
    assert.ok(stats.embedded > 0, 'the crawl’s follow-up embedded the pages');
    await page.waitForFunction(
      `[...document.querySelectorAll('.stat')].some((s) => s.querySelector('.stat-label').textContent === 'embedded'
        && s.querySelector('.stat-value').textContent === ${JSON.stringify(String(stats.embedded))})`,
      { timeout: 10_000 },
    );
    const names = (await texts(page, '.table tbody tr td:first-child')).filter((n) => /^(Crawl|#)/.test(n));
    assert.deepEqual(names, ['Crawl 2', 'Crawl 1']);

    await openView('Changes');
    const api = await t.call('history.changes', { site_id: siteId, limit: 1000 });
    assert.ok((api.summary.removed ?? 0) >= 1, JSON.stringify(api.summary));
    await page.waitForSelector('.change-bar[data-kind="removed"]');
    const bars = await inPage<Record<string, string>>(
      page,
      `Object.fromEntries([...document.querySelectorAll('.change-bar')].map((e) =>
        [e.querySelector('.bar-label').textContent, e.querySelector('.bar-value').textContent]))`,
    );
    assert.equal(bars['Pages removed'], String(api.summary.removed));
    assert.equal(bars['Issues fixed'], String(api.summary.issue_fixed ?? 0));
    const fixed = api.items.filter((c) => c.change === 'issue_fixed').map((c) => new URL(c.url).pathname);
    assert.ok(fixed.includes('/teas/oolong'), `an editor’s fix is still “fixed”: ${fixed}`);
    for (const gone of ['/sale', '/clearance'])
      assert.ok(!fixed.includes(gone), `issues of ${gone} are not “fixed”: ${fixed}`);
    const goneNotes = await texts(page, '.issues-gone li');
    assert.ok(
      goneNotes.some((n) => /gone with a page that now answers 404/.test(n)) &&
        goneNotes.some((n) => /gone with a page now noindex/.test(n)),
      `issues gone: ${goneNotes}`,
    );
    const picked = await inPage<string[][]>(
      page,
      `[...document.querySelectorAll('.crawl-pair select')].map((s) => [...s.options].map((o) => o.textContent))`,
    );
    assert.ok(
      picked.flat().every((o) => /^Crawl \d+ · /.test(o)),
      `crawls offered: ${picked}`,
    );
    const compared = await inPage<string[]>(
      page,
      `[...document.querySelectorAll('.crawl-pair select')].map((s) => s.selectedOptions[0].textContent)`,
    );
    assert.deepEqual(
      compared.map((o) => o.split(' · ')[0]),
      ['Crawl 1', 'Crawl 2'],
    );
    await b.screenshot('first-run-03-changes');
  });

  it('names exports by the site and the day, and exports the Pages view as filtered', async () => {
    const { page } = b;
    const stem = fileStem(siteName);
    assert.ok(stem, `a file name part from “${siteName}”`);
    await openView('Exports');
    await page.waitForSelector('button[aria-label="Download pages.xlsx"]');
    await page.click('button[aria-label="Download pages.xlsx"]');
    const xlsx = `${stem}-pages-${day()}.xlsx`;
    assert.ok((await b.downloaded(xlsx)).length > 0);
    await waitForText(page, '.export-feedback', xlsx);
    const pair = await inPage<string[]>(
      page,
      `[...document.querySelectorAll('#export-changes-from option, #export-changes-to option')].map((o) => o.textContent)`,
    );
    assert.ok(
      pair.length > 0 && pair.every((o) => /^Crawl [12] · /.test(o)),
      `changes export crawls: ${pair}`,
    );

    await openView('Pages');
    await page.waitForSelector('.vtable-row');
    await page.select('#pages-status', '200');
    const [, ok] = (
      await inPage<string>(page, `document.querySelector('#pages-status option[value="200"]').textContent`)
    ).match(/\((\d+)\)/)!;
    await page.waitForFunction(`document.querySelectorAll('.vtable-row').length === ${ok}`);
    await page.click('.export-button button[data-format="csv"]');
    const csv = `${stem}-pages-${day()}.csv`;
    const rows = parse((await b.downloaded(csv)).toString('utf8'), { columns: true }) as Record<
      string,
      string
    >[];
    assert.equal(rows.length, Number(ok), 'the file holds the rows the filter counts');
    assert.ok(rows.every((r) => r.status_code === '200'));
    assert.ok('meta_description' in rows[0]!, 'with the picked columns');
  });

  it('tests an extraction rule on a pasted URL and a path, inside the rule’s form; a clash names the site', async () => {
    const { page } = b;
    await openView('Overview', siteName);
    await page.click('[data-add-rule]');
    await page.waitForSelector(FORM);
    const urlField = `${FORM} [name="test_url"]`;
    assert.ok(await page.$(urlField), 'the test field is in the rule’s form');
    await retype(`${FORM} [name="name"]`, 'headline');
    await page.select(`${FORM} [name="kind"]`, 'css');
    await retype(`${FORM} [name="selector"]`, 'main h1');

    const sencha = `${site.startUrl}teas/sencha`;
    await retype(urlField, sencha);
    await page.click(`${FORM} button[title^="Fetches"]`);
    await waitForText(page, `${FORM} .extraction-test tr[data-rule="headline"] td`, 'Sencha green tea');
    const tested = (await texts(page, `${FORM} .extraction-test-page`))[0]!;
    assert.ok(tested.includes(sencha) && !/http:\/\/.*http:\/\//.test(tested), tested);
    await retype(urlField, '/teas/assam');
    await page.keyboard.press('Enter');
    await waitForText(page, `${FORM} .extraction-test tr[data-rule="headline"] td`, 'Assam black tea');
    await page.click(`${FORM} button[type="submit"]`);
    await page.waitForSelector('.extraction-rules tr[data-rule="headline"]');

    // The same name again: the refusal names the site as the UI does.
    await page.click('[data-add-rule]');
    await page.waitForSelector(FORM);
    await retype(`${FORM} [name="name"]`, 'Headline');
    await retype(`${FORM} [name="selector"]`, 'title');
    await page.click(`${FORM} button[type="submit"]`);
    await waitForText(page, FORM, 'already has a rule named');
    const said = await inPage<string>(page, `document.querySelector(${JSON.stringify(FORM)}).textContent`);
    assert.ok(said.includes(`“${siteName}”`), said);
    assert.doesNotMatch(said, /\bsite \d/i);
    await b.screenshot('first-run-04-rule-clash');
    await clickText(`${FORM} button`, 'Cancel');
  });

  it('lists the external link with its host in Analytics', async () => {
    const { page } = b;
    await openView('Analytics');
    await waitForText(page, '.vtable-row', site.partnerUrl);
    const urls = await texts(page, '.vtable-row [role="gridcell"]:first-child');
    assert.ok(!urls.includes('/'), `URL cells: ${urls}`);
  });

  it('marks the query’s words in a search result and links to the passage’s section', async () => {
    const { page } = b;
    await openView('Search & ideas', 'Search');
    const query = 'how many times can oolong leaves be infused';
    await page.type('#search-query', query);
    await page.click('form[aria-label="Search pages"] button[type="submit"]');
    await page.waitForSelector('.results .result');
    const marks = (await texts(page, '.results mark')).map((m) => m.toLowerCase());
    const words = query.split(' ');
    assert.ok(marks.length > 0 && marks.some((m) => words.includes(m)), `marked: ${marks}`);
    const api = await t.call('pages.search', { site_id: siteId, query });
    console.log(
      JSON.stringify(
        api.items.map((h) => [h.page.url, h.passage]),
        null,
        1,
      ),
    );
    const sections = api.items.flatMap((h) => (h.passage?.url.includes('#') ? [h.passage.url] : []));
    assert.ok(sections.length > 0, 'a passage under a heading with an id');
    const links = await page.$$eval('.result-section a', (as) => as.map((a) => a.getAttribute('href')));
    assert.deepEqual(links, sections);
    const anchors = BREWING_SECTIONS.map(([id]) => `${site.startUrl}guides/brewing#${id}`);
    assert.ok(
      links.some((l) => anchors.includes(l!)),
      `section links: ${links}`,
    );
    await b.screenshot('first-run-05-search');
  });

  it('opens every view with no error shown or logged', async () => {
    const { page } = b;
    const views: [string, string][] = [
      ['Overview', siteName],
      ['Issues', 'Issues'],
      ['Changes', 'Changes'],
      ['Pages', 'Pages'],
      ['Link graph', 'Link graph'],
      ['Similarity', 'Similarity'],
      ['Search & ideas', 'Search'],
      ['Analytics', 'Analytics'],
      ['Exports', 'Exports'],
    ];
    for (const [label, heading] of views) {
      await openView(label, heading);
      await page.waitForFunction(`!document.querySelector('.loading')`, { timeout: 15_000 });
      assert.deepEqual(await texts(page, '.notice-error'), [], `${label} shows no error`);
    }
    // The one refusal the walk provoked on purpose: the clashing rule name.
    const unexpected = b.errors.filter(
      (e) => !/status of 409|http 409: POST \/sites\/\d+\/extractors$/.test(e),
    );
    assert.deepEqual(unexpected, []);
  });
});
