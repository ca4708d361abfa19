/**
 * The Search view in Debian's Chromium while the site is being embedded, with a real embed job held between its
 * two phases: a search says how much of the site it covers and that full results are still to come; an idea
 * check is queued, saying what it waits for; and when the embedding finishes, the search runs again (the line
 * goes) and the queued check shows its verdict, with no step by the analyst.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openBrowser, texts, waitForText, type TestBrowser } from '../helpers/browser.js';
import { ensureRendererBuilt } from '../helpers/build.js';
import { FAST_CRAWL, finishedJob, runJob } from '../helpers/crawl-site.js';
import { embedHolder } from '../helpers/held-embed.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../fixtures/sites/fixture-site.js';

const holder = embedHolder();
let t: TestApp;
let site: FixtureSite;
let b: TestBrowser;
let siteId: number;

before(async () => {
  const uiDir = ensureRendererBuilt();
  t = await createTestApp({ uiDir, jobKinds: [holder.kind] });
  holder.bind(t.services);
  site = await startFixtureSite({ seed: 12, articles: 25 });
  siteId = (await t.call('sites.create', { start_url: site.startUrl, settings: FAST_CRAWL })).id;
  await runJob(t, 'crawl.start', { site_id: siteId });
  b = await openBrowser();
  await b.page.goto(`${t.baseUrl}/?token=${TEST_TOKEN}`, { waitUntil: 'domcontentloaded' });
});

after(async () => {
  await b?.close();
  await t?.close();
  await site?.close();
});

describe('searching while the site is being embedded', { timeout: 400_000 }, () => {
  it('says how much the results cover, queues the idea check, and completes both when the job ends', async () => {
    const { page } = b;
    const hold = holder.arm();
    const embed = await t.call('pages.rebuildEmbeddings', { site_id: siteId });
    await hold.held;
    const { pages } = await t.call('pages.searchCoverage', { site_id: siteId });

    await page.evaluate(`window.location.hash = ${JSON.stringify(`#/sites/${siteId}/search`)}`);
    await page.waitForSelector('#search-query');
    await page.type('#search-query', 'how to grow tomatoes');
    await page.click('form[aria-label="Search pages"] button[type="submit"]');
    await page.waitForSelector('ol[aria-label="Search results"] li');
    await waitForText(page, '.coverage-line', 'by their title and opening lines only so far');
    assert.deepEqual(await texts(page, '.coverage-line'), [
      `${pages} pages searchable, by their title and opening lines only so far; full results when the embedding has finished.`,
    ]);

    await page.type('#idea-text', 'Growing tomatoes on a sunny balcony');
    await page.click('form[aria-label="Idea check"] button[type="submit"]');
    await waitForText(
      page,
      '[aria-label="Queued idea check"] .job-message',
      `Queued behind embed job ${embed.id}`,
    );
    const [message] = await texts(page, '[aria-label="Queued idea check"] .job-message');
    assert.equal(
      message,
      `Queued behind embed job ${embed.id}: runs when the passages of all ${pages} pages are embedded.`,
    );
    assert.deepEqual(await texts(page, '[aria-label="Queued idea check"] .job-phase'), [
      'queued behind another job',
    ]);
    await b.screenshot('search-01-while-embedding');

    hold.release();
    assert.equal((await finishedJob(t, embed, 300_000)).status, 'succeeded');
    // The search runs again by itself: full results, no coverage line; the queued check shows its verdict.
    await page.waitForFunction(`!document.querySelector('.coverage-line')`, { timeout: 30_000 });
    await page.waitForSelector('ol[aria-label="Search results"] li blockquote.result-passage');
    await page.waitForSelector('.verdict[data-verdict]', { timeout: 30_000 });
    assert.equal(await page.$('[aria-label="Queued idea check"]'), null);
    await b.screenshot('search-02-embedded');
    // The one refusal was the idea check's 409, which the view answered by queueing the check.
    assert.deepEqual(
      b.errors.filter((e) => !e.includes('409')),
      [],
    );
  });
});
