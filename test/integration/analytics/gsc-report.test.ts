/**
 * What a synced site shows: `/analytics/gsc` rows, groupings, filters and cursors; Search Console figures on
 * `/pages` rows and on other URLs (the GSC-only URL lands in `gsc_only`); `gsc.csv` parsed back with
 * formulas neutralised; and the `GscQueries` reads other areas build on. Every expected figure is computed
 * from the planted rows, not from Siteloupe's code.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { CallArgs } from '../../../server/contract/index.js';
import type { PlantedRow } from '../../fixtures/gsc/fake-search-console.js';
import { dayBefore, LAST_DATE, totals, withoutFragment } from '../../fixtures/gsc/gsc-plant.js';
import { jobOutcome, startGscSite, sync, type GscSite } from '../../helpers/gsc-site.js';
import { assertProblem, textOf } from '../../helpers/test-app.js';

let g: GscSite;
let planted: PlantedRow[];
const urlIds = new Map<string, number>();

before(async () => {
  g = await startGscSite({ rowLimit: 200 });
  const job = await jobOutcome(g.t, await sync(g));
  assert.equal(job.status, 'succeeded', JSON.stringify(job.error));
  planted = withoutFragment(g.plant.rows);
  for (const r of g.t.db.prepare('SELECT id, url FROM urls WHERE site_id = ?').all(g.siteId) as {
    id: number;
    url: string;
  }[])
    urlIds.set(r.url, r.id);
});
after(async () => g?.close());

type Filter = Omit<CallArgs<'analytics.gsc'>, 'site_id' | 'limit' | 'cursor'>;

const all = (filter: Filter, limit = 37) =>
  g.t.callAll('analytics.gsc', { site_id: g.siteId, limit, ...filter });

const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;
const groupBy = <K>(rows: PlantedRow[], key: (r: PlantedRow) => K) => {
  const m = new Map<K, PlantedRow[]>();
  for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
  return m;
};

describe('GET /analytics/gsc', () => {
  it('groups by page: totals per page, most clicks first, across cursor pages', async () => {
    const items = await all({ group_by: 'page' }, 3);
    const want = groupBy(planted, (r) => r.page);
    assert.equal(items.length, want.size);
    for (const it of items) {
      const t = totals(want.get(it.url!)!);
      assert.equal(it.page_id, urlIds.get(it.url!));
      assert.deepEqual([it.clicks, it.impressions, it.grain], [t.clicks, t.impressions, 'pqd']);
      assert.ok(close(it.position, t.position) && close(it.ctr, t.clicks / t.impressions));
    }
    const clicks = items.map((i) => i.clicks);
    assert.deepEqual(
      clicks,
      [...clicks].sort((a, b) => b - a),
    );
  });

  it('groups by query and by date, and filters by page, query substring and dates', async () => {
    const byQuery = await all({ group_by: 'query' });
    const wantQ = groupBy(planted, (r) => r.query);
    assert.deepEqual(new Set(byQuery.map((i) => i.query)), new Set(wantQ.keys()));
    for (const it of byQuery) assert.equal(it.clicks, totals(wantQ.get(it.query!)!).clicks);

    const from = dayBefore(LAST_DATE, 13);
    const page = g.plant.declining;
    const pageId = urlIds.get(page);
    assert.ok(pageId, `${page} is a URL of the site`);
    const byDate = await all({ group_by: 'date', page_id: pageId, date_from: from }, 5);
    const wantD = groupBy(
      planted.filter((r) => r.page === page && r.date >= from),
      (r) => r.date,
    );
    assert.deepEqual(
      byDate.map((i) => i.date),
      [...wantD.keys()].sort(),
    );
    for (const it of byDate) assert.equal(it.impressions, totals(wantD.get(it.date!)!).impressions);

    const rows = await all({ query: 'COMPOST', date_to: dayBefore(LAST_DATE, 30) }, 50);
    const wantRows = planted.filter((r) => r.query.includes('compost') && r.date <= dayBefore(LAST_DATE, 30));
    assert.equal(rows.length, new Set(wantRows.map((r) => `${r.page}|${r.date}`)).size);
    assert.ok(
      rows.every(
        (r) =>
          r.grain === 'pqd' &&
          r.query === 'how to compost kitchen scraps' &&
          r.date! <= dayBefore(LAST_DATE, 30),
      ),
    );
  });

  it('validates filters and cursors', async () => {
    assertProblem(await g.t.get('/analytics/gsc'), 400, 'validation');
    assertProblem(await g.t.get(`/analytics/gsc?site_id=${g.siteId}&group_by=country`), 400, 'validation');
    assertProblem(
      await g.t.get(`/analytics/gsc?site_id=${g.siteId}&date_from=2026-02-31`),
      400,
      'validation',
    );
    assertProblem(
      await g.t.get(`/analytics/gsc?site_id=${g.siteId}&date_from=2026-03-02&date_to=2026-03-01`),
      400,
      'validation',
    );
    assertProblem(await g.t.get('/analytics/gsc?site_id=4242'), 404, 'not-found');
    const first = await g.t.call('analytics.gsc', { site_id: g.siteId, group_by: 'page', limit: 1 });
    assertProblem(
      await g.t.send('analytics.gsc', {
        site_id: g.siteId,
        group_by: 'query',
        cursor: first.next_cursor ?? undefined,
      }),
      400,
      'validation',
    );
  });
});

describe('Search Console figures elsewhere', () => {
  it('adds gsc_clicks, gsc_impressions and gsc_position to /pages rows (null without data)', async () => {
    const { items } = await g.t.call('pages.list', { site_id: g.siteId, limit: 1000 });
    const byPage = groupBy(planted, (r) => r.page);
    let withData = 0;
    for (const p of items) {
      const rows = byPage.get(p.url);
      if (!rows) {
        assert.deepEqual([p.gsc_clicks, p.gsc_impressions, p.gsc_position], [null, null, null]);
        continue;
      }
      withData++;
      const t = totals(rows);
      assert.deepEqual([p.gsc_clicks, p.gsc_impressions], [t.clicks, t.impressions]);
      assert.ok(close(p.gsc_position!, t.position));
    }
    assert.equal(withData, g.plant.pages.length - 1, 'every planted page but the GSC-only URL');
  });

  it('lists the GSC-only URL as gsc_only and gives other URLs their Search Console figures', async () => {
    const rows = (await g.t.call('analytics.otherUrls', { site_id: g.siteId, limit: 1000 })).items;
    const only = rows.find((r) => r.url === g.plant.gscOnly)!;
    const t = totals(planted.filter((r) => r.page === g.plant.gscOnly));
    assert.deepEqual(
      {
        reason: only.reason,
        sources: only.sources,
        clicks: only.gsc_clicks,
        impressions: only.gsc_impressions,
      },
      { reason: 'gsc_only', sources: ['gsc'], clicks: t.clicks, impressions: t.impressions },
    );
    const ni = rows.find((r) => r.url === g.plant.nonIndexable)!;
    assert.equal(ni.reason, 'non_indexable');
    assert.ok(ni.sources.includes('gsc') && ni.sources.includes('link'));
    assert.equal(ni.gsc_clicks, totals(planted.filter((r) => r.page === g.plant.nonIndexable)).clicks);
    assert.ok(rows.filter((r) => !g.plant.pages.includes(r.url)).every((r) => r.gsc_clicks === null));
    const filtered = await g.t.call('analytics.otherUrls', { site_id: g.siteId, reason: ['gsc_only'] });
    assert.deepEqual(
      filtered.items.map((r) => r.url),
      [g.plant.gscOnly],
    );
    // other-urls.csv carries the same figures.
    const csv = await g.t
      .get(`/export/other-urls.csv?site_id=${g.siteId}`)
      .buffer(true)
      .parse((r, cb) => {
        let data = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (data += c));
        r.on('end', () => cb(null, data));
      });
    const exported = parse(textOf(csv), { columns: true }) as Record<string, string>[];
    const onlyRow = exported.find((r) => r.url === g.plant.gscOnly)!;
    assert.deepEqual(
      [onlyRow.gsc_clicks, onlyRow.gsc_impressions],
      [String(t.clicks), String(t.impressions)],
    );
  });

  it('keeps Search Console URLs through a fresh crawl', async () => {
    const job = await jobOutcome(g.t, await g.t.call('crawl.start', { site_id: g.siteId }));
    assert.equal(job.status, 'succeeded');
    const others = await g.t.call('analytics.otherUrls', { site_id: g.siteId, reason: ['gsc_only'] });
    assert.deepEqual(
      others.items.map((r) => r.url),
      [g.plant.gscOnly],
    );
    const pages = await g.t.call('analytics.gsc', { site_id: g.siteId, group_by: 'page', limit: 1000 });
    assert.equal(pages.items.length, g.plant.pages.length);
  });

  it('exports gsc.csv that parses back to every stored row, with formulas neutralised', async () => {
    const res = await g.t
      .get(`/export/gsc.csv?site_id=${g.siteId}`)
      .buffer(true)
      .parse((r, cb) => {
        let data = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (data += c));
        r.on('end', () => cb(null, data));
      });
    assert.equal(res.status, 200);
    assert.match(res.headers['content-disposition']!, /attachment; filename=".*-gsc-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parse(textOf(res), { columns: true }) as Record<string, string>[];
    assert.equal(rows.length, new Set(planted.map((r) => `${r.page}|${r.query}|${r.date}`)).size);
    assert.deepEqual(Object.keys(rows[0]!), [
      'grain',
      'url',
      'query',
      'date',
      'clicks',
      'impressions',
      'ctr',
      'position',
    ]);
    const hostile = rows.filter((r) => r.query!.includes('HYPERLINK'));
    assert.ok(
      hostile.length > 0 && hostile.every((r) => r.query === `'=HYPERLINK("http://evil.example/","prize")`),
    );
    assert.ok(rows.some((r) => r.query === `'-10 degree hardy perennials`));
    assert.equal(
      rows.reduce((a, r) => a + Number(r.clicks), 0),
      totals(planted).clicks,
    );
  });
});

describe('GscQueries', () => {
  it('answers hasData, pageFigures, topQueries, pageTrend and sharedQueryCounts from the planted data', () => {
    const q = g.t.services.gscQueries;
    assert.equal(q.hasData(g.siteId), true);
    const figures = q.pageFigures(g.siteId);
    for (const [url, rows] of groupBy(planted, (r) => r.page)) {
      const f = figures.get(urlIds.get(url)!)!;
      const t = totals(rows);
      assert.deepEqual([f.clicks, f.impressions], [t.clicks, t.impressions]);
      assert.ok(close(f.position, t.position) && close(f.ctr, t.clicks / t.impressions));
    }

    const top = q.topQueries(g.siteId, 3);
    const wantQ = [...groupBy(planted, (r) => r.query)].map(([query, rows]) => ({ query, ...totals(rows) }));
    wantQ.sort(
      (a, b) => b.clicks - a.clicks || b.impressions - a.impressions || a.query.localeCompare(b.query),
    );
    assert.deepEqual(
      top.map((t) => t.query),
      wantQ.slice(0, 3).map((w) => w.query),
    );
    const crawled = new Set(
      (g.t.db.prepare('SELECT id FROM pages').all() as { id: number }[]).map((r) => r.id),
    );
    for (const t of top) {
      const byPage = [
        ...groupBy(
          planted.filter((r) => r.query === t.query),
          (r) => r.page,
        ),
      ]
        .filter(([url]) => crawled.has(urlIds.get(url)!))
        .map(([url, rows]) => ({ id: urlIds.get(url)!, ...totals(rows) }))
        .sort((a, b) => b.clicks - a.clicks || b.impressions - a.impressions || a.position - b.position);
      assert.deepEqual(
        t.page_ids,
        byPage.map((p) => p.id),
        `ranking pages of ${t.query}`,
      );
    }

    const trend = q.pageTrend(g.siteId);
    const recentFrom = dayBefore(LAST_DATE, 27);
    const previousFrom = dayBefore(LAST_DATE, 55);
    for (const url of [g.plant.declining, g.plant.growing]) {
      const rows = planted.filter((r) => r.page === url);
      // Each window's clicks, impressions and impression-weighted average position.
      const recent = totals(rows.filter((r) => r.date >= recentFrom));
      const previous = totals(rows.filter((r) => r.date < recentFrom && r.date >= previousFrom));
      const got = trend.get(urlIds.get(url)!)!;
      assert.deepEqual(
        [got.recent_clicks, got.previous_clicks, got.recent_impressions, got.previous_impressions],
        [recent.clicks, previous.clicks, recent.impressions, previous.impressions],
      );
      assert.ok(close(got.recent_position!, recent.position), `${got.recent_position} ≈ ${recent.position}`);
      assert.ok(
        close(got.previous_position!, previous.position),
        `${got.previous_position} ≈ ${previous.position}`,
      );
    }
    const d = trend.get(urlIds.get(g.plant.declining)!)!;
    const gr = trend.get(urlIds.get(g.plant.growing)!)!;
    assert.ok(d.recent_clicks < d.previous_clicks && gr.recent_clicks > gr.previous_clicks);

    const shared = q.sharedQueryCounts(g.siteId);
    const queriesOf = (url: string) =>
      new Set(planted.filter((r) => r.page === url && r.impressions > 0).map((r) => r.query));
    const [a, b, c] = g.plant.pages;
    for (const [x, y] of [
      [a!, b!],
      [a!, c!],
      [b!, c!],
    ] as const) {
      const want = [...queriesOf(x)].filter((qq) => queriesOf(y).has(qq)).length;
      assert.equal(shared(urlIds.get(x)!, urlIds.get(y)!), want);
      assert.equal(shared(urlIds.get(y)!, urlIds.get(x)!), want);
    }
    assert.ok(shared(urlIds.get(a!)!, urlIds.get(b!)!) > 0, 'neighbouring pages share queries');
    assert.equal(q.hasData(4242), false);
    assert.equal(q.pageFigures(4242).size, 0);
  });

  it('answers topPages with the same figures as pageFigures, most clicks first, reading only the limit', () => {
    const q = g.t.services.gscQueries;
    const all = [...q.pageFigures(g.siteId)].sort(
      ([ia, a], [ib, b]) => b.clicks - a.clicks || b.impressions - a.impressions || ia - ib,
    );
    assert.ok(all.length > 5, 'enough pages to cut');
    assert.deepEqual([...q.topPages(g.siteId, 5)], all.slice(0, 5));
    assert.deepEqual([...q.topPages(g.siteId, 10_000)], all);
    assert.equal(q.pagesWithData(g.siteId), all.length);
    assert.equal(q.topPages(4242, 5).size, 0);
    assert.equal(q.pagesWithData(4242), 0);
  });
});
