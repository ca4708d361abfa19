/**
 * The accessibility job (#36 §2) on a crawl that did not render: the audit has nothing to say about accessibility
 * until `POST /sites/{id}/audit/accessibility` fetches the crawled HTML pages again, renders them with axe-core and
 * stores the results; then every `a11y_*` check lists exactly the planted pages, as after a rendered crawl. The job
 * reports its progress in pages, can be cancelled (keeping what it checked), and is refused what it cannot do.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { locateChromium } from '../../../server/adapters/chromium-locator.js';
import { A11Y_CHECKS, type A11yCheckId } from '../../../server/schemas/audit-checks-a11y.js';
import { findingsOf } from '../../helpers/audit-findings.js';
import { crawlFixture, finishedJob, jobResult, jobsSettled, runJob } from '../../helpers/crawl-site.js';
import { createTestApp, waitFor, type TestApp } from '../../helpers/test-app.js';
import {
  A11Y_PLANTED,
  A11Y_PLANTED_BEST_PRACTICES,
  startA11ySite,
  type A11ySite,
} from '../../fixtures/servers/a11y-site.js';

let t: TestApp;
let site: A11ySite;

before(async () => {
  assert.ok(locateChromium(), 'Chromium not found: install it (apt-get install chromium) or set CHROME_PATH');
  t = await createTestApp();
  site = await startA11ySite();
});
after(async () => {
  await t?.close();
  await site?.close();
});

async function listed(siteId: number): Promise<Partial<Record<A11yCheckId, Record<string, string>>>> {
  const out: Partial<Record<A11yCheckId, Record<string, string>>> = {};
  for (const check of Object.keys(A11Y_CHECKS) as A11yCheckId[]) {
    const items = await findingsOf(t, siteId, check);
    if (items.length)
      out[check] = Object.fromEntries(
        items.map((f) => [new URL(f.url).pathname, f.evidence.nodes[0]!.target]),
      );
  }
  return out;
}

const scans = (siteId: number) =>
  t.db
    .prepare('SELECT COUNT(*) FROM page_a11y_scans s JOIN pages p ON p.id = s.page_id WHERE p.site_id = ?')
    .pluck()
    .get(siteId) as number;

describe('the accessibility job on a crawl that did not render', () => {
  it('checks every crawled HTML page again, and the audit then lists exactly the planted pages', async () => {
    const siteId = await crawlFixture(t, site); // render_js: off, the default
    await jobsSettled(t);
    await runJob(t, 'audit.run', { site_id: siteId });
    assert.deepEqual(await listed(siteId), {}, 'nothing is known of accessibility before the job');

    const fetchedBefore = [...site.hits.values()].reduce((a, b) => a + b, 0);
    const job = await t.call('audit.checkAccessibility', { site_id: siteId, best_practices: true });
    assert.equal(job.kind, 'accessibility');
    assert.deepEqual(job.params, { best_practices: true });
    const result = await jobResult(t, job);
    assert.deepEqual(
      { pages: result.pages, checked: result.checked, skipped: result.skipped, failed: result.failed },
      { pages: site.pages.length, checked: site.pages.length, skipped: 0, failed: 0 },
    );
    assert.equal(
      result.failing_pages,
      Object.values({ ...A11Y_PLANTED, ...A11Y_PLANTED_BEST_PRACTICES }).flatMap(Object.keys).length,
    );
    const done = await t.call('jobs.get', { job_id: job.id });
    assert.deepEqual(
      { done: done.progress.done, total: done.progress.total },
      { done: site.pages.length, total: site.pages.length },
    );
    // Each page was fetched once more, through the crawl's fetcher (the render is answered from that body).
    const fetchedAfter = [...site.hits.values()].reduce((a, b) => a + b, 0);
    assert.equal(fetchedAfter - fetchedBefore, site.pages.length);

    await jobsSettled(t);
    await runJob(t, 'audit.run', { site_id: siteId });
    assert.deepEqual(await listed(siteId), { ...A11Y_PLANTED, ...A11Y_PLANTED_BEST_PRACTICES });
  });

  it('shows its progress and can be cancelled, keeping the pages it checked', async () => {
    const siteId = await crawlFixture(t, site);
    await jobsSettled(t);
    // Two pages a second: slow enough to cancel half-way.
    await t.call('sites.update', {
      site_id: siteId,
      settings: { max_requests_per_second: 2, concurrency: 1 },
    });
    const job = await t.call('audit.checkAccessibility', { site_id: siteId });
    assert.deepEqual(job.params, { best_practices: false });
    const running = await waitFor(
      async () => {
        const j = await t.call('jobs.get', { job_id: job.id });
        return j.status === 'running' && j.progress.done >= 2 ? j : undefined;
      },
      60_000,
      'two pages checked',
    );
    assert.equal(running.progress.total, site.pages.length);
    assert.match(running.progress.message, /^Checked \d+ of 12 pages with axe-core$/);
    await t.call('jobs.cancel', { job_id: job.id });
    const cancelled = await finishedJob(t, job);
    assert.equal(cancelled.status, 'cancelled');
    const kept = scans(siteId);
    assert.ok(kept >= 2 && kept < site.pages.length, `${kept} pages checked before the cancel`);
  });

  it('is refused for an unknown site, and while another check of the site runs', async () => {
    const missing = await t.send('audit.checkAccessibility', { site_id: 999_999 });
    assert.equal(missing.status, 404);
    const siteId = (await t.call('sites.list', {})).items.find((s) => s.start_url === site.startUrl)!.id;
    site.delayMs = 300;
    const first = await t.call('audit.checkAccessibility', { site_id: siteId });
    const second = await t.send('audit.checkAccessibility', { site_id: siteId });
    assert.equal(second.status, 409);
    assert.match(String(second.body.detail), /already has an accessibility check/);
    await t.call('jobs.cancel', { job_id: first.id });
    await finishedJob(t, first);
    site.delayMs = 0;
  });
});
