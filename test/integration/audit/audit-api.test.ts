/**
 * The audit through the API on the crawled fixture site: it follows the crawl by itself, every issue's count is
 * the number of URLs its list gives, filters and cursors hold, a page shows its findings, a mute leaves the score,
 * the exports parse back to the same findings, and bad input is a clear problem.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { healthScore } from '../../../server/domain/audit/health-score.js';
import type { CallArgs } from '../../../server/contract/index.js';
import { CHECK_IDS, type CheckId } from '../../../server/schemas/audit-checks.js';
import { findingsOf } from '../../helpers/audit-findings.js';
import { crawlFixture, runJob } from '../../helpers/crawl-site.js';
import { assertProblem, createTestApp, textOf, waitFor, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

type IssueFilter = Omit<CallArgs<'audit.issues'>, 'site_id' | 'limit' | 'cursor'>;

let t: TestApp;
let site: FixtureSite;
let siteId: number;

before(async () => {
  t = await createTestApp({ followUps: true });
  site = await startFixtureSite({ seed: 1, articles: 60 });
  siteId = await crawlFixture(t, site);
  await waitFor(
    async () => {
      const jobs = (await t.call('jobs.list', { site_id: siteId, kind: ['audit'] })).items;
      return jobs[0]?.status === 'succeeded' ? true : undefined;
    },
    60_000,
    'the audit that follows the crawl',
  );
});
after(async () => {
  await t.close();
  await site.close();
});

const RANK = { high: 0, medium: 1, low: 2 };

async function allIssues(filter: IssueFilter = {}) {
  return (await t.call('audit.issues', { site_id: siteId, limit: 1000, ...filter })).items;
}

const allFindings = <C extends CheckId>(check: C, limit = 7) => findingsOf(t, siteId, check, limit);

describe('site audit API', () => {
  it('lists the checks with findings by priority, then by URL count', async () => {
    const list = await t.call('audit.issues', { site_id: siteId, limit: 1 });
    assert.equal(list.crawl_number, 1, 'the audit names its crawl as the site counts them');
    const issues = await allIssues();
    assert.ok(issues.length >= 8, `${issues.length} checks with findings on the fixture site`);
    assert.ok(issues.every((i) => i.urls > 0 && i.share > 0 && i.share <= 1));
    for (let k = 1; k < issues.length; k++) {
      const [a, b] = [issues[k - 1]!, issues[k]!];
      assert.ok(
        RANK[a.priority] < RANK[b.priority] || (a.priority === b.priority && a.urls >= b.urls),
        `${a.check} before ${b.check}`,
      );
    }
    // The fixture site plants these: a 404 and a 500 linked from pages, redirect loops, duplicates.
    for (const check of ['not_found', 'server_error', 'broken_internal_link', 'redirect_loop']) {
      assert.ok(
        issues.some((i) => i.check === check),
        `${check} is found`,
      );
    }
    const all = await allIssues({ include_empty: true });
    assert.deepEqual(all.map((i) => i.check).sort(), [...CHECK_IDS].sort());
  });

  it('gives as many URLs for each check as its count says, each with its evidence', async () => {
    for (const issue of await allIssues()) {
      const findings = await allFindings(issue.check, 50);
      assert.equal(findings.length, issue.urls, issue.check);
      assert.equal(new Set(findings.map((f) => f.url)).size, findings.length, `${issue.check}: no URL twice`);
    }
    const broken = await allFindings('broken_internal_link');
    const targets = broken.flatMap((f) => f.evidence.targets);
    assert.ok(targets.length > 0 && targets.every((x) => x.url.startsWith(site.origin)));
    // An error status, no answer, or redirects that loop or never end (their hops answer 3xx).
    const endless = (x: { error: string | null }) =>
      x.error === 'redirect_loop' || x.error === 'too_many_redirects';
    assert.ok(targets.every((x) => x.status === null || x.status >= 400 || endless(x)));
    const notFound = await allFindings('not_found');
    assert.ok(notFound.some((f) => f.evidence.linked_from.length > 0));
  });

  it('pages through issues with a cursor and filters them', async () => {
    const all = await allIssues({ include_empty: true });
    const paged = await t.callAll('audit.issues', { site_id: siteId, include_empty: true, limit: 4 });
    assert.deepEqual(
      paged.map((i) => i.check),
      all.map((i) => i.check),
    );
    const high = await allIssues({ priority: ['high'], severity: ['issue'] });
    assert.ok(high.length > 0 && high.every((i) => i.priority === 'high' && i.severity === 'issue'));
    const links = await allIssues({ category: ['links', 'redirects'] });
    assert.ok(links.length > 0 && links.every((i) => ['links', 'redirects'].includes(i.category)));
  });

  it('shows a page’s findings', async () => {
    const [finding] = await allFindings('broken_internal_link');
    assert.ok(finding?.page_id, 'a broken link is on a crawled page');
    const { items } = await t.call('audit.pageIssues', { page_id: finding.page_id });
    const mine = items.find((f) => f.check === 'broken_internal_link');
    assert.deepEqual(mine?.evidence, finding.evidence);
    assertProblem(await t.send('audit.pageIssues', { page_id: 999999 }), 404, 'not-found');
  });

  it('mutes a check: still listed, out of the score, back when unmuted', async () => {
    const audit = async () => {
      const health = (await t.call('sites.summary', { site_id: siteId })).audit;
      assert.ok(health, 'the site was audited');
      return health;
    };
    const before = await audit();
    assert.equal(
      before.score,
      healthScore(await allIssues(), t.store.audit.population(siteId, 'html_pages')),
    );
    const issue = (await allIssues({ priority: ['high'] }))[0]!;
    const muted = await t.call('audit.mute', { site_id: siteId, check: issue.check });
    assert.equal(muted.muted, true);
    assert.equal((await allIssues()).find((i) => i.check === issue.check)?.muted, true);
    assert.ok(!(await allIssues({ include_muted: false })).some((i) => i.check === issue.check));
    const during = await audit();
    assert.ok(during.score >= before.score && during.issues === before.issues - 1);
    assert.equal((await t.call('audit.unmute', { site_id: siteId, check: issue.check })).muted, false);
    assert.deepEqual(await audit(), before);
  });

  it('exports the issues and every finding, parsing back to what the API lists', async () => {
    const issues = await allIssues();
    const csv = parse(textOf(await t.getText(`/export/issues.csv?site_id=${siteId}`)), {
      columns: true,
    }) as Record<string, string>[];
    assert.equal(csv.length, CHECK_IDS.length);
    for (const i of issues) assert.equal(Number(csv.find((r) => r.check === i.check)?.urls), i.urls);
    const rows = parse(textOf(await t.getText(`/export/issue-urls.csv?site_id=${siteId}`)), {
      columns: true,
    }) as Record<string, string>[];
    assert.equal(
      rows.length,
      issues.reduce((n, i) => n + i.urls, 0),
    );
    const book = await t.getWorkbook(`/export/issue-urls.xlsx?site_id=${siteId}`);
    assert.deepEqual(
      book.worksheets.map((w) => w.name),
      issues.map((i) => i.check.slice(0, 31)),
    );
    const sheet = book.getWorksheet('broken_internal_link')!;
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), ['url', 'page_id', 'targets']);
    assert.equal(sheet.rowCount - 1, issues.find((i) => i.check === 'broken_internal_link')!.urls);
  });

  it('runs again on demand, replacing the run of the same crawl', async () => {
    const result = await runJob(t, 'audit.run', { site_id: siteId });
    assert.ok(result.findings > 0);
    const runs = t.db.prepare('SELECT COUNT(*) FROM audit_runs WHERE site_id = ?').pluck().get(siteId);
    assert.equal(runs, 1);
  });

  it('refuses unknown checks and sites with clear problems', async () => {
    // A check outside the catalogue and a priority outside the list are the point: sent raw.
    const bad = assertProblem(await t.get(`/sites/${siteId}/issues/no_such_check/urls`), 400, 'validation');
    assert.match(bad.detail, /path\.check/);
    assertProblem(await t.send('audit.issues', { site_id: 999999 }), 404, 'not-found');
    assertProblem(await t.send('audit.mute', { site_id: 999999, check: 'not_found' }), 404, 'not-found');
    assertProblem(await t.get(`/sites/${siteId}/issues?priority=urgent`), 400, 'validation');
  });
});
