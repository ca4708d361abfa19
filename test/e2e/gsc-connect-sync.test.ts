/**
 * The Search Console tab in Debian's Chromium against the real server, a crawled fixture site and the local
 * fake Search Console (which checks the service account's signed JWT): with nothing connected the tab explains
 * both ways to get data; a bad key is refused in words naming the field; a key uploaded through the file field
 * connects without any secret reaching the page; a sync started from the UI shows its progress, can be
 * cancelled, ends with the rows it fetched and fills the table with the fake's figures; a property the account
 * cannot read fails naming it; Disconnect asks first and works from the keyboard; a pasted OAuth token connects.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'puppeteer-core';
import { keyFragments } from '../fixtures/gsc/gsc-credentials.js';
import { dayBefore, LAST_DATE, storedKeys, withoutFragment } from '../fixtures/gsc/gsc-plant.js';
import { inPage, openBrowser, texts, waitForText, type TestBrowser } from '../helpers/browser.js';
import { ensureRendererBuilt } from '../helpers/build.js';
import { startGscSite, type GscSite } from '../helpers/gsc-site.js';
import { TEST_TOKEN } from '../helpers/test-app.js';

let g: GscSite;
let b: TestBrowser;

before(async () => {
  const uiDir = ensureRendererBuilt();
  g = await startGscSite({ storeKey: false, uiDir, rowLimit: 50 });
  b = await openBrowser();
  await b.page.goto(`${g.t.baseUrl}/?token=${TEST_TOKEN}`, { waitUntil: 'domcontentloaded' });
  await b.page.evaluate(`window.location.hash = ${JSON.stringify(`#/sites/${g.siteId}/analytics?tab=gsc`)}`);
});

after(async () => {
  await b?.close();
  await g?.close();
});

const fmt = (n: number) => n.toLocaleString('en-US');
const value = (page: Page, selector: string) =>
  inPage<string>(page, `document.querySelector(${JSON.stringify(selector)}).value`);

/** Replaces a text field's content by typing, as a user would. */
async function retype(page: Page, selector: string, text: string) {
  await page.focus(selector);
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

/** Types a date into a date field segment by segment, in the order the browser's locale shows them. */
async function typeDate(page: Page, selector: string, iso: string) {
  const [y, m, d] = iso.split('-') as [string, string, string];
  const order = await inPage<string[]>(
    page,
    `new Intl.DateTimeFormat(navigator.language).formatToParts(new Date(2020, 10, 22)).map((p) => p.type).filter((t) => t !== 'literal')`,
  );
  await page.click(selector);
  // Back to the first segment, whichever one the click landed in.
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(order.map((p) => (p === 'year' ? y : p === 'month' ? m : d)).join(''));
  assert.equal(await value(page, selector), iso, `${selector} holds the typed date`);
}

const waitConfigured = (page: Page, configured: boolean) =>
  page.waitForSelector(`.gsc-connect[data-configured="${configured}"]`);

describe('the Search Console tab: connect, sync, disconnect', { timeout: 180_000 }, () => {
  it('explains both ways to get data while nothing is connected or synced', async () => {
    const { page } = b;
    await waitConfigured(page, false);
    await waitForText(page, '.gsc-connect', 'Not connected');
    await waitForText(page, '.empty', 'No Search Console data for this site yet.');
    const ways = await texts(page, '.empty li');
    assert.equal(ways.length, 2);
    assert.match(ways[0]!, /^Connect and sync:/);
    assert.match(ways[1]!, /^Import an export:/);
    assert.equal(await page.$('#gsc-sync-property'), null, 'no sync form without credentials');
    await b.screenshot('17-gsc-not-connected');
  });

  it('refuses what is not a key, in words naming the field, and echoes no secret', async () => {
    const { page } = b;
    const notJson = join(g.t.dir, 'notes.json');
    writeFileSync(notJson, 'client_secret = GOCSPX-not-json-at-all');
    await (await page.$('#gsc-credentials-file'))!.uploadFile(notJson);
    await waitForText(page, '.gsc-connect [role="alert"]', 'This is not JSON.');
    assert.ok(!(await texts(page, '.gsc-connect [role="alert"]')).join(' ').includes('GOCSPX'));

    const badKey = join(g.t.dir, 'bad-key.json');
    const brokenPem = '-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5IGF0IGFsbA==\n-----END PRIVATE KEY-----\n';
    writeFileSync(badKey, JSON.stringify({ ...g.serviceAccount.key, private_key: brokenPem }));
    await (await page.$('#gsc-credentials-file'))!.uploadFile(badKey);
    await waitForText(page, '.gsc-connect [role="alert"] li', 'is not an RSA private key in PEM form');
    const alert = (await texts(page, '.gsc-connect [role="alert"]')).join(' ');
    assert.match(alert, /^Not connected: The service account key is not usable\. ?private_key is not an RSA/);
    assert.ok(!alert.includes('bm90IGEga2V5'), 'the key text is not shown back');
    assert.equal((await g.t.call('analytics.gscCredentials')).configured, false);
  });

  it('connects with a service account key uploaded through the file field', async () => {
    const { page } = b;
    const keyFile = join(g.t.dir, 'northwind-seo-3f2a.json');
    writeFileSync(keyFile, JSON.stringify(g.serviceAccount.key, null, 2));
    await (await page.$('#gsc-credentials-file'))!.uploadFile(keyFile);
    await waitConfigured(page, true);
    await waitForText(page, '.gsc-connection', 'Connected with a service account');
    await waitForText(page, '.gsc-connection dd', g.serviceAccount.key.client_email);
    const stored = await g.t.call('analytics.gscCredentials');
    assert.deepEqual([stored.configured, stored.type], [true, 'service_account']);
    const html = await page.content();
    for (const secret of [
      ...keyFragments(g.serviceAccount.key.private_key),
      g.serviceAccount.key.private_key_id,
    ])
      assert.ok(!html.includes(secret), 'no secret reaches the page');

    // The sync form: the URL-prefix property of the site (an IP address has no domain property) and the
    // widest range the API takes, up to yesterday.
    await page.waitForSelector('#gsc-sync-property');
    assert.equal(await value(page, '#gsc-sync-property'), g.property);
    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    const pad = (n: number) => String(n).padStart(2, '0');
    const to = `${yesterday.getFullYear()}-${pad(yesterday.getMonth() + 1)}-${pad(yesterday.getDate())}`;
    assert.equal(await value(page, '#gsc-sync-to'), to);
    const from = await value(page, '#gsc-sync-from');
    assert.equal((Date.parse(to) - Date.parse(from)) / 86_400_000, 486);
  });

  it('shows the API’s words for a property it cannot take', async () => {
    const { page } = b;
    await retype(page, '#gsc-sync-property', 'example.com');
    await page.click('.gsc-sync button[type="submit"]');
    await waitForText(
      page,
      '.gsc-sync [role="alert"] li',
      'must be sc-domain:<domain> or a URL prefix ending in /',
    );
    assert.match((await texts(page, '.gsc-sync [role="alert"] li code'))[0]!, /^property$/);
  });

  it('syncs from the UI with live progress, can cancel, and fills the table with the fake’s rows', async () => {
    const { page } = b;
    // The site's own property, from the suggestion under the field.
    await page.click('.gsc-property-hint .btn-link');
    assert.equal(await value(page, '#gsc-sync-property'), g.property);
    await typeDate(page, '#gsc-sync-from', g.plant.firstDate);
    await typeDate(page, '#gsc-sync-to', LAST_DATE);

    // Google asks to wait: long enough to cancel while the job runs.
    g.fake.failNext({ status: 429, retryAfter: 20 });
    await page.click('.gsc-sync button[type="submit"]');
    await page.waitForSelector('.gsc-sync .job[data-job-status="running"]');
    await page.click('.gsc-sync .job button');
    await waitForText(page, '.gsc-sync .notice-muted', 'Search Console sync was cancelled.');

    // Then a short wait, to watch the bar move, and the sync to the end.
    g.fake.failNext({ status: 429, retryAfter: 2 });
    await page.click('.gsc-sync button[type="submit"]');
    await waitForText(page, '.gsc-sync .job-message', 'retrying in 2.0 s');
    await page.waitForSelector('.gsc-sync .job [role="progressbar"][aria-valuemax="9"]');
    await new Promise((r) => setTimeout(r, 400)); // the bar's width transition
    await b.screenshot('18-gsc-sync-running');
    await waitForText(page, '.gsc-sync .notice-ok', 'Search Console sync finished.', 60_000);
    const outcome = (await texts(page, '.gsc-sync .notice-ok'))[0]!;
    const keys = storedKeys(g.plant.rows);
    assert.ok(
      outcome.includes(
        `${fmt(g.plant.rows.length)} rows for ${g.property}, ${g.plant.firstDate} to ${LAST_DATE}; ` +
          `${fmt(keys.size)} new or changed, 1 URL the crawl had not found.`,
      ),
      outcome,
    );

    // The table, reloaded when the job ended: every planted query with its clicks, most clicks first.
    await page.waitForSelector('.gsc-data table tbody tr');
    const rows = await inPage<string[][]>(
      page,
      `Array.from(document.querySelectorAll('.gsc-data table tbody tr'), (tr) =>
        Array.from(tr.querySelectorAll('td'), (td) => td.textContent.trim()))`,
    );
    const clicks = new Map<string, number>();
    for (const r of withoutFragment(g.plant.rows)) clicks.set(r.query, (clicks.get(r.query) ?? 0) + r.clicks);
    assert.deepEqual(
      new Map(rows.map((r) => [r[0], r[1]])),
      new Map([...clicks].map(([q, c]) => [q, fmt(c)])),
    );
    const shown = rows.map((r) => Number(r[1]!.replace(/,/g, '')));
    assert.ok(
      shown.every((c, i) => i === 0 || c <= shown[i - 1]!),
      'most clicks first',
    );
    await b.screenshot('19-gsc-synced');
  });

  it('fails a sync of a property the account cannot read, naming it', async () => {
    const { page } = b;
    await retype(page, '#gsc-sync-property', 'sc-domain:wholesale-bulbs.example');
    await page.click('.gsc-sync button[type="submit"]');
    await waitForText(page, '.gsc-sync .notice-bad', 'Search Console sync failed:', 30_000);
    const text = (await texts(page, '.gsc-sync .notice-bad'))[0]!;
    assert.match(text, /cannot read the Search Console property "sc-domain:wholesale-bulbs\.example"/);
    assert.match(text, /HTTP 403/);
  });

  it('after a reload, shows how the last sync ended and prefills from the last one that worked', async () => {
    const { page } = b;
    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitForText(page, '.gsc-last-sync', 'Last sync,');
    await waitForText(page, '.gsc-last-sync .notice-bad', 'sc-domain:wholesale-bulbs.example');
    assert.equal(await value(page, '#gsc-sync-property'), g.property);
    // Three days before the last good sync ended: Google revises the latest days.
    assert.equal(await value(page, '#gsc-sync-from'), dayBefore(LAST_DATE, 3));
    await page.waitForSelector('.gsc-data table tbody tr');
  });

  it('disconnects after a confirmation, from the keyboard, and keeps the synced data', async () => {
    const { page } = b;
    await page.click('.gsc-connect .btn-row .btn:last-child');
    await page.waitForSelector('[role="group"][aria-label="Confirm disconnect"]');
    assert.equal((await g.t.call('analytics.gscCredentials')).configured, true, 'nothing yet');
    const focused = await inPage<string>(page, 'document.activeElement.textContent');
    assert.equal(focused, 'Disconnect');
    await page.keyboard.press('Enter');
    await waitConfigured(page, false);
    assert.equal((await g.t.call('analytics.gscCredentials')).configured, false);
    assert.equal(await page.$('#gsc-sync-property'), null);
    assert.ok((await texts(page, '.gsc-data table tbody tr')).length > 0, 'the synced rows stay');
  });

  it('connects with a pasted OAuth token, without showing its secrets', async () => {
    const { page } = b;
    // Pasted as gcloud's application-default file has it, minus `type`: the API takes it as authorized_user.
    await page.type('#gsc-credentials-json', JSON.stringify(g.oauth));
    await page.click('form[aria-label="Connect Search Console"] button[type="submit"]');
    await waitConfigured(page, true);
    await waitForText(page, '.gsc-connection', 'Connected with an installed-app OAuth client');
    await waitForText(page, '.gsc-connection dd', g.oauth.client_id);
    const stored = await g.t.call('analytics.gscCredentials');
    assert.deepEqual([stored.type, stored.client_id], ['oauth', g.oauth.client_id]);
    const html = await page.content();
    assert.ok(!html.includes(g.oauth.client_secret) && !html.includes(g.oauth.refresh_token));
  });

  it('ran without unexpected console errors', () => {
    const unexpected = b.errors.filter(
      // The refused key (400 on PUT) and the refused property (400 on POST) were asked for above.
      (e) =>
        !/status of 400/.test(e) &&
        !/^http 400: (PUT \/analytics\/gsc\/credentials|POST \/analytics\/gsc\/sync)$/.test(e),
    );
    assert.deepEqual(unexpected, []);
  });
});
