/**
 * Exports as the views show them (#37): a file is named by its site's name and the day, and the Pages list and an
 * issue's URL list export exactly what they list, with the list's own filters, sort and the chosen columns; a
 * parameter the export does not take, an unknown column or rule is a 400 before any byte is sent.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { PageListItem } from '../../../server/schemas/pages.js';
import { fileDate } from '../../../server/domain/export/export-file-name.js';
import { crawlFixture, runJob } from '../../helpers/crawl-site.js';
import { assertProblem, createTestApp, textOf, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

let t: TestApp;
let site: FixtureSite;
let siteId: number;

before(async () => {
  t = await createTestApp();
  site = await startFixtureSite({ seed: 8, articles: 20 });
  siteId = await crawlFixture(t, site);
  await runJob(t, 'audit.run', { site_id: siteId });
});
after(async () => {
  await t.close();
  await site.close();
});

const csvRows = async (path: string) => {
  const res = await t.getText(path);
  assert.equal(res.status, 200, textOf(res));
  return { res, rows: parse(textOf(res), { columns: true }) as Record<string, string>[] };
};

/** Every item `GET /pages` lists for a query, through its cursors. */
async function listed(query: Record<string, unknown>): Promise<PageListItem[]> {
  const out: PageListItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await t.call('pages.list', { site_id: siteId, limit: 7, ...query, cursor });
    out.push(...page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return out;
}

describe('export file names', () => {
  it('name the file by the site’s name, made safe, and the day, in every export', async () => {
    await t.call('sites.update', { site_id: siteId, name: 'PostgreSQL Manual / Dévelopers' });
    const day = fileDate(new Date());
    const cases: [string, string][] = [
      [`/export/pages.xlsx?site_id=${siteId}`, `postgresql-manual-developers-pages-${day}.xlsx`],
      [`/export/links.csv?site_id=${siteId}`, `postgresql-manual-developers-links-${day}.csv`],
      [`/export/issues.csv?site_id=${siteId}`, `postgresql-manual-developers-issues-${day}.csv`],
      [`/export/report.html?site_id=${siteId}`, `postgresql-manual-developers-report-${day}.html`],
    ];
    for (const [path, name] of cases) {
      const res = await t.getText(path);
      assert.equal(res.status, 200, path);
      assert.equal(res.headers['content-disposition'], `attachment; filename="${name}"`, path);
    }
  });

  it('carries a name in another script as UTF-8, with an ASCII fallback', async () => {
    await t.call('sites.update', { site_id: siteId, name: 'Документация' });
    const res = await t.getText(`/export/links.csv?site_id=${siteId}`);
    const day = fileDate(new Date());
    const full = `документация-links-${day}.csv`;
    assert.equal(
      res.headers['content-disposition'],
      `attachment; filename="${'_'.repeat(12)}-links-${day}.csv"; filename*=UTF-8''${encodeURIComponent(full)}`,
    );
    await t.call('sites.update', { site_id: siteId, name: 'Fixture shop' });
  });
});

describe('the pages export as the list shows it', () => {
  it('holds exactly the pages of GET /pages for the same filters and sort, in its order, in the chosen columns', async () => {
    const query = { status_code: [200], indexable: true, sort: '-inlinks' as const };
    const want = await listed(query);
    assert.ok(want.length > 5, 'the filter keeps several pages');
    const { rows } = await csvRows(
      `/export/pages.csv?site_id=${siteId}&status_code=200&indexable=true&sort=-inlinks&columns=url,inlinks,title,gsc_clicks`,
    );
    assert.deepEqual(Object.keys(rows[0]!), ['url', 'inlinks', 'title', 'gsc_clicks']);
    assert.deepEqual(
      rows.map((r) => r.url),
      want.map((p) => p.url),
    );
    assert.deepEqual(
      rows.map((r) => Number(r.inlinks)),
      want.map((p) => p.inlinks),
    );
  });

  it('filters by the URL or title as the list’s search does, and keeps every column without `columns`', async () => {
    const all = await listed({});
    const deep = all.find((p) => new URL(p.url).pathname.split('/').length > 2)!;
    const q = new URL(deep.url).pathname.split('/')[1]!;
    const want = await listed({ q, sort: 'url' });
    assert.ok(want.length > 0 && want.length < all.length, `${q} keeps some pages`);
    const { rows } = await csvRows(`/export/pages.csv?site_id=${siteId}&q=${encodeURIComponent(q)}&sort=url`);
    assert.deepEqual(
      rows.map((r) => r.url),
      want.map((p) => p.url),
    );
    assert.ok(['url', 'meta_description', 'canonical_url', 'bytes'].every((c) => c in rows[0]!));
  });

  it('refuses an unknown column, a filter of another list and an unknown rule, before sending anything', async () => {
    const unknown = assertProblem(
      await t.get(`/export/pages.csv?site_id=${siteId}&columns=url,price`),
      400,
      'validation',
    );
    assert.match(unknown.detail!, /Unknown column: price/);
    assert.match(unknown.errors.map((e) => e.message).join(), /must be among: id, url/);
    const foreign = assertProblem(
      await t.get(`/export/links.csv?site_id=${siteId}&status_code=404`),
      400,
      'validation',
    );
    assert.deepEqual(
      foreign.errors.map((e) => e.path),
      ['query.status_code'],
    );
    assert.match(foreign.detail!, /does not apply to links\.csv: it takes no list parameter/);
    assertProblem(await t.get(`/export/pages.csv?site_id=${siteId}&extract.nope=1`), 400, 'validation');
    assertProblem(await t.get(`/export/pages.csv?site_id=${siteId}&sort=shoe_size`), 400, 'validation');
  });
});

describe('an issue’s URLs as its view lists them', () => {
  it('exports one check’s URLs with title, fix and evidence columns, all or by how they are fixed', async () => {
    const { items } = await t.call('audit.issues', { site_id: siteId });
    const issue = items.find((i) => i.urls > 1)!;
    assert.ok(issue, 'the fixture has an issue with several URLs');
    const findings = await t.call('audit.findings', { site_id: siteId, check: issue.check, limit: 1000 });
    const { res, rows } = await csvRows(`/export/issue-urls.csv?site_id=${siteId}&check=${issue.check}`);
    assert.match(
      res.headers['content-disposition']!,
      new RegExp(`-issue-${issue.check.replace(/_/g, '-')}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    assert.deepEqual(
      rows.map((r) => r.url),
      findings.items.map((f) => f.url),
    );
    assert.deepEqual(Object.keys(rows[0]!).slice(0, 4), ['url', 'title', 'page_id', 'fix']);
    const own = await t.call('audit.findings', {
      site_id: siteId,
      check: issue.check,
      limit: 1000,
      in_template: false,
    });
    const { rows: ownRows } = await csvRows(
      `/export/issue-urls.csv?site_id=${siteId}&check=${issue.check}&in_template=false&columns=url,fix`,
    );
    assert.deepEqual(
      ownRows,
      own.items.map((f) => ({ url: f.url, fix: 'this page' })),
    );
    const lone = assertProblem(
      await t.get(`/export/issue-urls.csv?site_id=${siteId}&in_template=true`),
      400,
      'validation',
    );
    assert.match(lone.detail!, /give `check` too/);
  });
});
