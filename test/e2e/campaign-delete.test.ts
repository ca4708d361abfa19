/**
 * Deleting from the campaign board in Debian's Chromium against the real server: a target is deleted from its
 * details after a confirmation that warns when it is a rejected one (whose rejection keeps its topic out of
 * later runs); the campaign is deleted from its page only once the analyst confirms, and the UI goes back to
 * the hub client's campaigns.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { inPage, openBrowser, waitForText, type TestBrowser } from '../helpers/browser.js';
import { cardsOutOfLine } from '../helpers/target-card-layout.js';
import { ensureRendererBuilt } from '../helpers/build.js';
import { assertProblem, createTestApp, TEST_TOKEN, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let b: TestBrowser;
let campaignId: number;
const targetIds: number[] = [];

before(async () => {
  const uiDir = ensureRendererBuilt();
  t = await createTestApp({ uiDir });
  const site = (await t.call('sites.create', { start_url: 'https://garden.test/' })).id;
  const campaign = await t.call('campaigns.create', {
    hub_client_id: 'northwind',
    name: 'Autumn clean-up',
    site_id: site,
  });
  campaignId = campaign.id;
  for (const title of ['Leaf mould in a bin bag', 'Raking moss out of a lawn']) {
    const target = await t.call('targets.create', { campaign_id: campaignId, kind: 'new_content', title });
    targetIds.push(target.id);
  }
  await t.call('targets.update', { target_id: targetIds[1]!, status: 'rejected' });
  b = await openBrowser();
  await b.page.goto(`${t.baseUrl}/?token=${TEST_TOKEN}`, { waitUntil: 'domcontentloaded' });
  await b.page.evaluate(`window.location.hash = ${JSON.stringify(`#/campaigns/${campaignId}`)}`);
});

after(async () => {
  await b?.close();
  await t?.close();
});

const card = (id: number) => `.target-card[data-target-id="${id}"]`;

describe('deleting from the campaign board', { timeout: 120_000 }, () => {
  it('deletes a target after a confirmation that warns about a rejected one', async () => {
    const { page } = b;
    const [kept, rejected] = targetIds as [number, number];
    await page.waitForSelector(card(rejected));
    await page.click(`${card(rejected)} .btn-link`);
    await page.waitForSelector(`${card(rejected)} .target-details .btn-danger`);
    await b.screenshot('27-target-delete');
    // Two badges (its kind and "manual") wrap among themselves; the score keeps its place.
    assert.deepEqual(await cardsOutOfLine(page), []);

    // Dismissed: nothing happens.
    const dismissed = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.message());
        void d.dismiss();
      }),
    );
    await page.click(`${card(rejected)} .target-details .btn-danger`);
    assert.match(await dismissed, /^Delete the target “Raking moss out of a lawn”\? Expand and rebuild may/);
    assert.equal((await t.get(`/api/targets/${rejected}`)).status, 200);
    assert.ok(await page.$(card(rejected)));

    page.once('dialog', (d) => void d.accept());
    await page.click(`${card(rejected)} .target-details .btn-danger`);
    await page.waitForFunction(`!document.querySelector(${JSON.stringify(card(rejected))})`);
    assertProblem(await t.get(`/api/targets/${rejected}`), 404, 'not-found');
    assert.ok(await page.$(card(kept)), 'the other target stays');
    await waitForText(page, '.view-lede', '1 target ·');
  });

  it('deletes the campaign only once confirmed, then shows the hub client’s campaigns', async () => {
    const { page } = b;
    await page.click('details.danger summary');
    await waitForText(
      page,
      'details.danger p',
      'Deleting removes Autumn clean-up and its 1 target, decisions',
    );
    const button = 'details.danger .btn-danger';
    await b.screenshot('28-campaign-delete');

    page.once('dialog', (d) => void d.dismiss());
    await page.click(button);
    await page.waitForSelector(`${button}:not(:disabled)`);
    assert.equal(
      (await t.get(`/api/campaigns/${campaignId}`)).status,
      200,
      'a dismissed delete deletes nothing',
    );

    const message = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.message());
        void d.accept();
      }),
    );
    await page.click(button);
    assert.equal(await message, 'Delete the campaign Autumn clean-up and all its targets?');
    await page.waitForFunction(`window.location.hash === '#/campaigns?hub=northwind'`);
    assertProblem(await t.get(`/api/campaigns/${campaignId}`), 404, 'not-found');
    assertProblem(await t.get(`/api/targets/${targetIds[0]}`), 404, 'not-found');
    assert.equal(await inPage<number>(page, `document.querySelectorAll('.target-card').length`), 0);
    assert.deepEqual(
      b.errors.filter((e) => e.startsWith('page:')),
      [],
      'no uncaught errors in the page',
    );
  });
});
