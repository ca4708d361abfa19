/**
 * The audit through the API on the crawled fixture site: it follows the crawl by itself, every issue's count is
 * the number of URLs its list gives, filters and cursors hold, a page shows its findings, a mute leaves the score,
 * the exports parse back to the same findings, and bad input is a clear problem.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { healthScore } from '../../../server/domain/audit/health-score.js';
import { CHECK_IDS } from '../../../server/schemas/audit-checks.js';
import { crawlFixture, runJob } from '../../helpers/crawl-site.js';
import { assertProblem, createTestApp, waitFor, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

interface IssueBody {
  check: string;
  priority: 'high' | 'medium' | 'low';
  severity: 'issue' | 'warning' | 'notice';
  category: string;
  urls: number;
  share: number;
  muted: boolean;
}
interface FindingBody {
  check: string;
  url: string;
  page_id: number | null;
  evidence: Record<string, unknown>;
}

let t: TestApp;
let site: FixtureSite;
let siteId: number;

before(async () => {
  t = await createTestApp({ followUps: true });
  site = await startFixtureSite({ seed: 1, articles: 60 });
  siteId = await crawlFixture(t, site);
  await waitFor(
    async () => {
      const jobs = (await t.get(`/jobs?site_id=${siteId}&kind=audit`)).body.items as { status: string }[];
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

async function allIssues(query = ''): Promise<IssueBody[]> {
  const res = await t.get(`/sites/${siteId}/issues?limit=1000${query}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.items as IssueBody[];
}

async function allFindings(check: string, limit = 7): Promise<FindingBody[]> {
  const out: FindingBody[] = [];
  let cursor = '';
  do {
    const res = await t.get(`/sites/${siteId}/issues/${check}/urls?limit=${limit}${cursor}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    out.push(...(res.body.items as FindingBody[]));
    cursor = res.body.next_cursor ? `&cursor=${res.body.next_cursor}` : '';
  } while (cursor);
  return out;
}

describe('site audit API', () => {
  it('lists the checks with findings by priority, then by URL count', async () => {
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
    const all = await allIssues('&include_empty=true');
    assert.deepEqual(all.map((i) => i.check).sort(), [...CHECK_IDS].sort());
  });

  it('gives as many URLs for each check as its count says, each with its evidence', async () => {
    for (const issue of await allIssues()) {
      const findings = await allFindings(issue.check, 50);
      assert.equal(findings.length, issue.urls, issue.check);
      assert.equal(new Set(findings.map((f) => f.url)).size, findings.length, `${issue.check}: no URL twice`);
    }
    const broken = await allFindings('broken_internal_link');
    const targets = broken.flatMap(
      (f) => f.evidence.targets as { status: number | null; error: string | null; url: string }[],
    );
    assert.ok(targets.length > 0 && targets.every((x) => x.url.startsWith(site.origin)));
    // An error status, no answer, or redirects that loop or never end (their hops answer 3xx).
    const endless = (x: { error: string | null }) =>
      x.error === 'redirect_loop' || x.error === 'too_many_redirects';
    assert.ok(targets.every((x) => x.status === null || x.status >= 400 || endless(x)));
    const notFound = await allFindings('not_found');
    assert.ok(notFound.some((f) => (f.evidence.linked_from as unknown[]).length > 0));
  });

  it('pages through issues with a cursor and filters them', async () => {
    const all = await allIssues('&include_empty=true');
    const paged: IssueBody[] = [];
    let cursor = '';
    do {
      const res = await t.get(`/sites/${siteId}/issues?include_empty=true&limit=4${cursor}`);
      paged.push(...(res.body.items as IssueBody[]));
      cursor = res.body.next_cursor ? `&cursor=${res.body.next_cursor}` : '';
    } while (cursor);
    assert.deepEqual(
      paged.map((i) => i.check),
      all.map((i) => i.check),
    );
    const high = await allIssues('&priority=high&severity=issue');
    assert.ok(high.length > 0 && high.every((i) => i.priority === 'high' && i.severity === 'issue'));
    const links = await allIssues('&category=links,redirects');
    assert.ok(links.length > 0 && links.every((i) => ['links', 'redirects'].includes(i.category)));
  });

  it('shows a page’s findings', async () => {
    const [finding] = await allFindings('broken_internal_link');
    const res = await t.get(`/pages/${finding!.page_id}/issues`);
    assert.equal(res.status, 200);
    const mine = (res.body.items as FindingBody[]).find((f) => f.check === 'broken_internal_link');
    assert.deepEqual(mine?.evidence, finding!.evidence);
    assertProblem(await t.get('/pages/999999/issues'), 404, 'not-found');
  });

  it('mutes a check: still listed, out of the score, back when unmuted', async () => {
    const before = (await t.get(`/sites/${siteId}/summary`)).body.audit as { score: number; issues: number };
    assert.equal(before.score, healthScore(await allIssues()));
    const issue = (await allIssues('&priority=high'))[0]!;
    const muted = await t.put(`/sites/${siteId}/issues/${issue.check}/mute`);
    assert.equal(muted.status, 200);
    assert.equal(muted.body.muted, true);
    assert.equal((await allIssues()).find((i) => i.check === issue.check)?.muted, true);
    assert.ok(!(await allIssues('&include_muted=false')).some((i) => i.check === issue.check));
    const during = (await t.get(`/sites/${siteId}/summary`)).body.audit as { score: number; issues: number };
    assert.ok(during.score >= before.score && during.issues === before.issues - 1);
    assert.equal((await t.del(`/sites/${siteId}/issues/${issue.check}/mute`)).body.muted, false);
    assert.deepEqual((await t.get(`/sites/${siteId}/summary`)).body.audit, before);
  });

  it('exports the issues and every finding, parsing back to what the API lists', async () => {
    const issues = await allIssues();
    const csv = parse((await t.getText(`/export/issues.csv?site_id=${siteId}`)).body as string, {
      columns: true,
    }) as Record<string, string>[];
    assert.equal(csv.length, CHECK_IDS.length);
    for (const i of issues) assert.equal(Number(csv.find((r) => r.check === i.check)?.urls), i.urls);
    const rows = parse((await t.getText(`/export/issue-urls.csv?site_id=${siteId}`)).body as string, {
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
    const result = await runJob(t, `/sites/${siteId}/audit`, {});
    assert.ok(result.findings! > 0);
    const runs = t.db.prepare('SELECT COUNT(*) FROM audit_runs WHERE site_id = ?').pluck().get(siteId);
    assert.equal(runs, 1);
  });

  it('refuses unknown checks and sites with clear problems', async () => {
    const bad = assertProblem(await t.get(`/sites/${siteId}/issues/no_such_check/urls`), 400, 'validation');
    assert.match(bad.detail!, /path\.check/);
    assertProblem(await t.get('/sites/999999/issues'), 404, 'not-found');
    assertProblem(await t.put(`/sites/999999/issues/not_found/mute`), 404, 'not-found');
    assertProblem(await t.get(`/sites/${siteId}/issues?priority=urgent`), 400, 'validation');
  });
});
