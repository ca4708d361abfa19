/**
 * The site audit in Debian's Chromium against the real server on a crawled fixture site: the Issues view before
 * the first audit, an audit run from it with its progress, the checks grouped by category with the API's counts
 * and fixes, filters, mute and unmute from the keyboard and with the mouse (the badge, the figures and the list
 * follow), a check's fixes (template fixes first) and URLs with their pages' titles and evidence, a linking page
 * opened into its details with its own issues, and the health score on the overview. Each step is saved as a
 * screenshot under test/e2e/screenshots/.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { inPage, openBrowser, texts, waitForText, type TestBrowser } from '../helpers/browser.js';
import { ensureRendererBuilt } from '../helpers/build.js';
import type { CallAnswer, CallArgs } from '../../server/contract/index.js';
import { findingOf, findingsOf } from '../helpers/audit-findings.js';
import { crawlFixture } from '../helpers/crawl-site.js';
import { AUDIT_CATEGORY_LABELS } from '../../renderer/src/api/value-lists.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../fixtures/sites/fixture-site.js';

type Issue = CallAnswer<'audit.issues'>['items'][number];

let t: TestApp;
let site: FixtureSite;
let b: TestBrowser;
let siteId: number;

before(async () => {
  const uiDir = ensureRendererBuilt();
  site = await startFixtureSite({ seed: 3, articles: 12 });
  // No follow-ups: the first audit is the one the UI starts.
  t = await createTestApp({ uiDir });
  siteId = await crawlFixture(t, site);
  b = await openBrowser();
  await b.page.goto(`${t.baseUrl}/?token=${TEST_TOKEN}`, { waitUntil: 'domcontentloaded' });
});

after(async () => {
  await b?.close();
  await t?.close();
  await site?.close();
});

const go = (hash: string) => b.page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
const issues = (filter: Omit<CallArgs<'audit.issues'>, 'site_id' | 'limit'> = {}) =>
  t.call('audit.issues', { site_id: siteId, limit: 1000, ...filter });
/** The Issues grid as shown: each group's heading and its rows' check ids, fixes and URL counts. */
const shownGroups = () =>
  inPage<{ heading: string; rows: [string, string, string][] }[]>(
    b.page,
    `[...document.querySelectorAll('.gtable .gtable-group')].map((g) => ({
      heading: g.querySelector('.gtable-heading-title').textContent,
      rows: [...g.querySelectorAll('.vtable-row')].map((r) => [
        r.querySelector('.check-id').textContent, r.querySelector('.issue-fixes-count').textContent,
        r.querySelectorAll('[role="gridcell"]')[4].textContent]),
    }))`,
  );
/** The groups the grid must show for `items` as the API orders them. */
function grouped(items: Issue[]) {
  const groups: { heading: string; rows: [string, string, string][] }[] = [];
  for (const i of items) {
    const heading = AUDIT_CATEGORY_LABELS[i.category];
    let group = groups.find((g) => g.heading === heading);
    if (!group) groups.push((group = { heading, rows: [] }));
    group.rows.push([i.check, i.fixes.toLocaleString('en-US'), i.urls.toLocaleString('en-US')]);
  }
  return groups;
}
/** The check ids in the order the grid shows them. */
const inGridOrder = (items: Issue[]) => grouped(items).flatMap((g) => g.rows.map((r) => r[0]));
const shownChecks = async () => (await shownGroups()).flatMap((g) => g.rows.map((r) => r[0]));
/** The check id of the grid's active row (aria-activedescendant), or null. */
const activeCheck = () =>
  inPage<string | null>(
    b.page,
    `document.getElementById(document.querySelector('.gtable').getAttribute('aria-activedescendant') || '')
      ?.querySelector('.check-id')?.textContent ?? null`,
  );
const rowOf = (check: string) =>
  `[...document.querySelectorAll('.gtable .vtable-row')].find((r) => r.querySelector('.check-id').textContent === ${JSON.stringify(check)})`;

describe('the Issues view', { timeout: 180_000 }, () => {
  it('says the site has not been audited, then runs the audit with its progress', async () => {
    const { page } = b;
    await go(`#/sites/${siteId}`);
    await page.waitForSelector('.chart-grid .bar-row');
    assert.equal(await page.$('.audit-health'), null, 'no health score before the first audit');
    // Issues comes right after Overview in the site's views.
    const nav = await texts(page, '.nav-list .nav-link');
    assert.deepEqual(nav.slice(0, 2), ['Overview', 'Issues']);
    await page.click('.nav-list li:nth-child(2) a');
    await waitForText(page, '.empty-title', 'This site has not been audited yet.');
    await b.screenshot('30-issues-not-audited');

    await inPage(
      page,
      `(() => { window.__auditJob = false; new MutationObserver(() => {
        if (document.querySelector('.job[data-job-status], .notice[data-job-status="succeeded"]')) window.__auditJob = true;
      }).observe(document.body, { subtree: true, childList: true }); })()`,
    );
    await page.click('.view-header .btn-primary');
    await page.waitForSelector('.gtable .vtable-row', { timeout: 60_000 });
    await page.waitForFunction('window.__auditJob === true', { timeout: 10_000 });
    await waitForText(page, '.notice[data-job-status="succeeded"]', 'Site audit finished.');
    assert.ok((await issues()).audited_at, 'the API has the audit');
  });

  it('groups the checks by category with the API’s counts and figures', async () => {
    const { page } = b;
    const { items } = await issues();
    assert.ok(items.length > 5, `${items.length} checks found something`);
    // Every check in the API's order, under its category, the categories in the order of their first check.
    assert.deepEqual(await shownGroups(), grouped(items));
    const issueChecks = items.filter((i) => i.severity === 'issue').length;
    await waitForText(page, '.issues-stats .stat', `${issueChecks}issue checks`);
    await b.screenshot('31-issues');

    // Filters are the server's: severity "issue" lists what `?severity=issue` lists.
    await inPage(
      page,
      `[...document.querySelectorAll('.toggle')].find((l) => l.textContent.trim() === 'issue').querySelector('input').click()`,
    );
    await page.waitForFunction(`location.hash.includes('severity=issue')`);
    const onlyIssues = inGridOrder((await issues({ severity: ['issue'] })).items);
    await page.waitForFunction(
      `document.querySelectorAll('.gtable .vtable-row').length === ${onlyIssues.length}`,
    );
    assert.deepEqual(await shownChecks(), onlyIssues);
    await page.click('.filter-bar .btn-link');
    await page.waitForFunction(`document.querySelectorAll('.gtable .vtable-row').length === ${items.length}`);
  });

  it('moves through the checks and mutes one from the keyboard; the badge, figures and list follow', async () => {
    const { page } = b;
    const checks = inGridOrder((await issues()).items);
    await page.focus('.gtable');
    await page.keyboard.press('ArrowDown');
    assert.equal(await activeCheck(), checks[0]);
    await page.keyboard.press('End');
    assert.equal(await activeCheck(), checks.at(-1));
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    const second = checks[1]!;
    assert.equal(await activeCheck(), second);

    await page.keyboard.press('m');
    await page.waitForFunction(`${rowOf(second)}.classList.contains('is-muted')`);
    assert.equal((await issues()).items.find((i) => i.check === second)!.muted, true);
    await waitForText(page, `.issues-stats .stat`, '1muted');
    assert.equal(
      await inPage<string>(page, `${rowOf(second)}.querySelector('.check-name .badge').textContent`),
      'muted',
    );
    assert.equal(await activeCheck(), second, 'the active row stays on the muted check');
    await b.screenshot('32-issues-muted');

    // Hidden with "Show muted checks" off, as the API leaves it out with include_muted=false.
    await page.click('.issues-shown label:first-child input');
    await page.waitForFunction(`!${rowOf(second)}`);
    assert.deepEqual(await shownChecks(), inGridOrder((await issues({ include_muted: false })).items));
    await page.click('.issues-shown label:first-child input');
    await page.waitForFunction(`Boolean(${rowOf(second)})`);

    // And unmuted with the row's button.
    await inPage(page, `${rowOf(second)}.querySelector('button').click()`);
    await page.waitForFunction(`!${rowOf(second)}.classList.contains('is-muted')`);
    assert.equal((await issues()).items.find((i) => i.check === second)!.muted, false);
    await waitForText(page, `.issues-stats .stat`, '0muted');
  });

  it('opens broken_internal_link from the keyboard with its URLs and their evidence', async () => {
    const { page } = b;
    const { items } = await issues();
    const index = inGridOrder(items).indexOf('broken_internal_link');
    assert.ok(index >= 0, 'the fixture site has broken internal links');
    await page.focus('.gtable');
    await page.keyboard.press('Home');
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
    assert.equal(await activeCheck(), 'broken_internal_link');
    await page.keyboard.press('Enter');
    await page.waitForFunction(`location.hash.endsWith('/issues/broken_internal_link')`);
    await waitForText(page, 'h1', 'Page links to a broken internal URL');

    const all = await findingsOf(t, siteId, 'broken_internal_link', 1000);
    const issue = items.find((i) => i.check === 'broken_internal_link')!;
    assert.equal(all.length, issue.urls, 'the count is the number of URLs listed');
    // The fixes lead: each template fix, then the URLs that are fixes of their own, which the list shows first.
    const single = all.filter((f) => f.template_id === null);
    const inTemplates = issue.templates.reduce((n, x) => n + x.urls, 0);
    assert.equal(issue.fixes, issue.templates.length + single.length);
    assert.equal(single.length, issue.urls - inTemplates);
    const fixLines = await texts(page, '.issue-fixes .fix-list > li strong');
    assert.deepEqual(fixLines, [
      ...issue.templates.map((x) => `Fix once in the template: ${x.urls} page${x.urls === 1 ? '' : 's'}`),
      ...(single.length
        ? [
            `${issue.templates.length ? 'Then ' : ''}${single.length} URL${single.length === 1 ? '' : 's'}, each a fix of its own`,
          ]
        : []),
    ]);
    const findings = issue.templates.length && single.length ? single : all;
    await page.waitForFunction(`document.querySelectorAll('.vtable-row').length === ${findings.length}`);
    // Each URL's path with its page's title beside it, as text.
    const shown = await inPage<[string, string][]>(
      page,
      `[...document.querySelectorAll('.vtable-row .finding-page')].map((p) => [
        p.querySelector('.url-ref').title.split(' — ')[0], p.querySelector('.finding-title')?.textContent ?? ''])`,
    );
    assert.deepEqual(
      shown,
      findings.map((f) => [f.url, f.title ?? '']),
    );
    assert.ok(
      findings.every((f) => f.title),
      'every page linking to a broken URL has a title',
    );

    // The first URL's evidence, in full beside the table: the broken target, its status and the anchor text.
    await page.focus('.vtable-scroll');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const target = findings[0]!.evidence.targets[0]!;
    await waitForText(page, '.evidence-panel .evidence', `“${target.anchor_text}”`);
    await waitForText(page, '.evidence-panel .evidence .badge', String(target.status));
    // Every target that is a crawled page opens into its details; nothing links to the site itself.
    const hrefs = await inPage<string[]>(
      page,
      `[...document.querySelectorAll('.evidence-panel .evidence a')].map((a) => a.getAttribute('href'))`,
    );
    const pages = findings[0]!.evidence.targets.filter((t) => t.page_id !== null);
    assert.deepEqual(hrefs, pages.map((t) => `#/sites/${siteId}/pages/${t.page_id}`).slice(0, 8));
    await b.screenshot('33-issue-urls');
  });

  it('mutes and unmutes the check from its page', async () => {
    const { page } = b;
    await waitForText(page, '.view-header .btn', 'Mute this check');
    await page.click('.view-header .btn');
    await waitForText(page, '.issue-meta .badge', 'muted');
    await waitForText(page, '.view-header .btn', 'Unmute this check');
    assert.equal((await issues()).items.find((i) => i.check === 'broken_internal_link')!.muted, true);
    await b.screenshot('34-issue-muted');
    await page.click('.view-header .btn');
    await waitForText(page, '.view-header .btn', 'Mute this check');
    assert.equal((await issues()).items.find((i) => i.check === 'broken_internal_link')!.muted, false);
  });

  it('opens a linking page into its details, which show its issues', async () => {
    const { page } = b;
    const [first] = (
      await t.call('audit.findings', { site_id: siteId, check: 'broken_internal_link', limit: 1 })
    ).items;
    assert.ok(first?.page_id, 'a broken link on a crawled page');
    const finding = { ...findingOf('broken_internal_link', first), page_id: first.page_id };
    await page.click('.evidence-panel > p.break a');
    await page.waitForFunction(`location.hash === '#/sites/${siteId}/pages/${finding.page_id}'`);
    await page.waitForSelector('.page-issues .page-issue');
    const expected = (await t.call('audit.pageIssues', { page_id: finding.page_id })).items;
    assert.deepEqual(
      await texts(page, '.page-issue-head a'),
      expected.map((i) => i.title),
    );
    await waitForText(page, '.page-issue .evidence', `“${finding.evidence.targets[0]!.anchor_text}”`);
    await b.screenshot('35-page-issues');
    await page.click('.page-issue-head a');
    await page.waitForFunction(`location.hash === '#/sites/${siteId}/issues/${expected[0]!.check}'`);
  });

  it('shows the health score on the overview', async () => {
    const { page } = b;
    const audit = (await t.call('sites.summary', { site_id: siteId })).audit;
    assert.ok(audit, 'the site was audited');
    await go(`#/sites/${siteId}`);
    await page.waitForSelector('.audit-health');
    await waitForText(page, '.audit-health .health-value', String(audit.score));
    await waitForText(page, '.audit-health p', `${audit.issues} checks`);
    await b.screenshot('36-overview-health');
  });

  it('ran without console errors or CSP violations', () => {
    assert.deepEqual(b.errors, []);
  });
});
