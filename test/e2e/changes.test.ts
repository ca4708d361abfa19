/**
 * Crawl history in Debian's Chromium against the real server: a site crawled once (the Changes view says changes
 * come after the second crawl), changed by its editors and crawled again with the usual follow-ups. The view then
 * shows the API's summary bar by bar and every change (a page of them, then the rest with "Load more"), a bar
 * filters the list, the retitled page's before and after and a rewritten text's "meaning kept" read as the API
 * has them, the page's details list both crawls, and a `site.changed` event shows a notice whose link opens that
 * comparison. Each step is saved as a screenshot under test/e2e/screenshots/.
 */
import assert from 'node:assert/strict';
import type { ChangeKind } from '../../server/schemas/history.js';
import { after, before, describe, it } from 'node:test';
import { inPage, openBrowser, texts, waitForText, type TestBrowser } from '../helpers/browser.js';
import { crawlSettled } from '../helpers/crawl-site.js';
import { ensureRendererBuilt } from '../helpers/build.js';
import { createTestApp, TEST_TOKEN, waitFor, type TestApp } from '../helpers/test-app.js';
import { meaningKept } from '../../renderer/src/views/change-text.js';
import { startChangingSite, type ChangingSite } from '../fixtures/servers/changing-site.js';

let t: TestApp;
let site: ChangingSite;
let b: TestBrowser;
let siteId: number;
const crawls: number[] = [];

async function crawl() {
  crawls.push(await crawlSettled(t, siteId));
}

const go = (hash: string) => b.page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
const path = (url: string) => new URL(url).pathname;
const hash = () => inPage<string>(b.page, 'window.location.hash');
/** The summary's bars as shown: kind → [count, disabled]. */
const bars = () =>
  inPage<Record<string, [string, boolean]>>(
    b.page,
    `Object.fromEntries([...document.querySelectorAll('.change-bar')].map((e) =>
      [e.dataset.kind, [e.querySelector('.bar-value').textContent, e.disabled]]))`,
  );
/** The list's rows: the path shown, the kind, and the before and after cells' text. */
const rows = () =>
  inPage<{ url: string; change: string; before: string; after: string; href: string | null }[]>(
    b.page,
    `[...document.querySelectorAll('.change-table tbody tr')].map((r) => ({
      url: r.querySelector('.change-url').textContent,
      change: r.dataset.change,
      before: r.querySelector('.change-before').textContent,
      after: r.querySelector('.change-after').textContent,
      href: r.querySelector('.change-url a')?.getAttribute('href') ?? null,
    }))`,
  );
/** Every change between the latest two crawls, as the API lists them (all pages). */
async function apiChanges(change?: ChangeKind) {
  const first = await t.call('history.changes', {
    site_id: siteId,
    limit: 1000,
    ...(change ? { change: [change] } : {}),
  });
  assert.equal(first.next_cursor, null, 'the fixture’s changes fit in one page');
  return first;
}

before(async () => {
  const uiDir = ensureRendererBuilt();
  site = await startChangingSite();
  t = await createTestApp({ uiDir, followUps: true });
  const created = await t.call('sites.create', {
    start_url: site.startUrl,
    name: 'Fernhill Outdoor',
    settings: { max_requests_per_second: 200, concurrency: 4, use_sitemaps: false },
  });
  siteId = created.id;
  await crawl();
  b = await openBrowser();
  await b.page.goto(`${t.baseUrl}/?token=${TEST_TOKEN}`, { waitUntil: 'domcontentloaded' });
  await b.page.waitForSelector('.connection.is-on', { timeout: 15_000 });
});

after(async () => {
  await b?.close();
  await t?.close();
  await site?.close();
});

describe('the Changes view', () => {
  it('says changes come after the second crawl while there is one', async () => {
    await go(`#/sites/${siteId}/changes`);
    await waitForText(b.page, '.empty-title', 'Changes appear after the second crawl');
    assert.deepEqual(await texts(b.page, '.nav-link.is-active'), ['Changes']);
    await b.screenshot('37-changes-one-crawl');
  });

  it('shows the API’s summary and every change once the site is crawled again', async () => {
    site.setVersion(2);
    await crawl();
    const api = await apiChanges();
    assert.deepEqual([api.from.crawl_id, api.to.crawl_id], crawls);
    // The open view follows the new crawl, its audit and its embeddings by itself.
    const expected = Object.fromEntries(
      Object.entries(api.summary).map(([kind, n]) => [kind, [n.toLocaleString('en-US'), n === 0]]),
    );
    await waitFor(
      async () => (JSON.stringify(await bars()) === JSON.stringify(expected) ? true : undefined),
      20_000,
      `the bars to show ${JSON.stringify(expected)}`,
    ).catch(async (err) => {
      assert.deepEqual(await bars(), expected, String(err));
    });
    const total = Object.values(api.summary).reduce((a, n) => a + n, 0);
    // A page of 50 rows, then the rest with "Load more".
    assert.ok(total > 50, `the fixture has more changes (${total}) than a page of the list`);
    await waitFor(async () => ((await rows()).length === 50 ? true : undefined), 10_000, 'the first page');
    await waitForText(b.page, '.change-list-head h2', `50 of ${total} changes`);
    await b.screenshot('38-changes');
    // One click a page of 50: the second audit's checks (#35) made the fixture's changes more than two pages.
    for (let shown = 50; shown < total; shown += 50) {
      await b.page.click('.change-list > .btn');
      const want = Math.min(total, shown + 50);
      await waitFor(async () => ((await rows()).length === want ? true : undefined), 10_000, `${want} rows`);
    }
    assert.equal(await b.page.$('.change-list > .btn'), null, 'nothing more to load');
    assert.deepEqual(
      (await rows()).map((r) => `${r.url} ${r.change}`),
      api.items.map((c) => `${path(c.url)} ${c.change}`),
    );
    const stats = await texts(b.page, '.change-summary .stat-value');
    assert.equal(stats[0], total.toLocaleString('en-US'));
    // The two selects name the compared crawls.
    assert.deepEqual(
      await inPage<string[]>(
        b.page,
        `[...document.querySelectorAll('.crawl-pair select')].map((s) => s.value)`,
      ),
      crawls.map(String),
    );
  });

  it('filters the list by the kind of change clicked, with before and after', async () => {
    await b.page.click('.change-bar[data-kind="title_changed"]');
    await waitFor(
      async () => {
        const shown = await rows();
        return shown.length === 1 && shown[0]!.change === 'title_changed' ? shown : undefined;
      },
      10_000,
      'only the title change',
    );
    assert.match(await hash(), /[?&]change=title_changed(&|$)/);
    const [tents] = await rows();
    assert.equal(tents!.url, '/tents');
    assert.equal(tents!.before, '“Tents”');
    assert.equal(tents!.after, '“Tents and shelters”');
    const tentsId = (await apiChanges('title_changed')).items[0]!.page_id;
    assert.equal(tents!.href, `#/sites/${siteId}/pages/${tentsId}`);
    assert.equal(
      await inPage<string>(
        b.page,
        `document.querySelector('.change-bar.is-on').getAttribute('aria-pressed')`,
      ),
      'true',
    );
    await b.screenshot('39-changes-filtered');

    // A second kind adds to the filter; unchoosing the first leaves the second.
    await b.page.click('.change-bar[data-kind="content_changed"]');
    await b.page.click('.change-bar[data-kind="title_changed"]');
    const content = (await apiChanges('content_changed')).items;
    await waitFor(
      async () => {
        const shown = await rows();
        return shown.length === content.length && shown.every((r) => r.change === 'content_changed')
          ? true
          : undefined;
      },
      10_000,
      'only the content changes',
    );
    for (const row of await rows()) {
      const c = content.find((i) => path(i.url) === row.url)!;
      const cosine = c.after!.cosine as number | null;
      assert.ok(cosine !== null, `${row.url} has its cosine once embedded`);
      assert.ok(row.after.includes(meaningKept(cosine)), row.after);
      assert.ok(row.before.includes(`${c.before!.word_count} words`), row.before);
    }
    await b.screenshot('40-changes-content');
    // Kinds that did not change cannot be chosen.
    const zero = Object.entries((await apiChanges()).summary).find(([, n]) => n === 0);
    if (zero) assert.equal((await bars())[zero[0]]![1], true);
    await b.page.click('.change-list-head .btn');
    await waitFor(async () => (!(await hash()).includes('change=') ? true : undefined), 5000, 'no filter');
  });

  it('lists a page’s crawls in its details', async () => {
    await b.page.click('.change-bar[data-kind="title_changed"]');
    await waitFor(async () => ((await rows()).length === 1 ? true : undefined), 10_000, 'the title change');
    await b.page.click('.change-table .change-url a');
    await b.page.waitForSelector('.page-history-table tbody tr', { timeout: 10_000 });
    const history = await inPage<string[][]>(
      b.page,
      `[...document.querySelectorAll('.page-history-table tbody tr')].map((r) =>
        [...r.querySelectorAll('td')].map((td) => td.textContent.trim()))`,
    );
    assert.equal(history.length, 2);
    assert.deepEqual(
      history.map((r) => [r[0], r[2], r[3]]),
      [
        ['Crawl 2', '200', 'Tents and shelters'],
        ['Crawl 1', '200', 'Tents'],
      ],
    );
    assert.match(history[0]![4]!, /^title/);
    assert.equal(history[1]![4], 'oldest crawl kept');
    assert.equal(
      await inPage<string>(b.page, `document.querySelector('.page-history-compare').getAttribute('href')`),
      `#/sites/${siteId}/changes?from=${crawls[0]}&to=${crawls[1]}`,
    );
    await inPage(b.page, `document.querySelector('.page-history').scrollIntoView({ block: 'center' })`);
    await b.screenshot('41-page-history');
  });

  it('shows a notice when a scheduled crawl changed the site, linking to the comparison', async () => {
    await go(`#/sites/${siteId}`);
    await waitForText(b.page, 'h1', 'Fernhill Outdoor');
    const summary = (await apiChanges()).summary;
    const message = 'Fernhill Outdoor: 3 new high-priority issues, 1 page removed';
    t.services.bus.emit('site.changed', {
      site_id: siteId,
      from: crawls[0]!,
      to: crawls[1]!,
      summary,
      notable: 4,
      message,
    });
    await waitForText(b.page, '.change-notice', message);
    const link = await inPage<{ text: string; href: string }>(
      b.page,
      `(() => { const a = document.querySelector('.change-notice a'); return { text: a.textContent, href: a.getAttribute('href') }; })()`,
    );
    assert.deepEqual(link, {
      text: 'See the changes',
      href: `#/sites/${siteId}/changes?from=${crawls[0]}&to=${crawls[1]}`,
    });
    await b.screenshot('42-change-notice');
    await b.page.click('.change-notice a');
    await b.page.waitForSelector('.change-summary', { timeout: 10_000 });
    assert.equal(await b.page.$('.change-notice'), null, 'the notice is gone once followed');
    assert.deepEqual(
      await inPage<string[]>(
        b.page,
        `[...document.querySelectorAll('.crawl-pair select')].map((s) => s.value)`,
      ),
      crawls.map(String),
    );
    assert.deepEqual(b.errors, []);
  });
});
