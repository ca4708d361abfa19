/** Exports parsed back: CSV with csv-parse, JSON and NDJSON as JSON, against what the API returns. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';
import { crawlFixture } from '../../helpers/crawl-site.js';
import { assertProblem, bytesOf, createTestApp, textOf, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

let t: TestApp;
let site: FixtureSite;
let siteId: number;

before(async () => {
  t = await createTestApp();
  site = await startFixtureSite({ seed: 8, articles: 20 });
  siteId = await crawlFixture(t, site);
});
after(async () => {
  await t.close();
  await site.close();
});

const download = (path: string) => t.getText(path);
const downloadText = async (path: string) => textOf(await download(path));

/** What the tests read of the JSON downloads, which the contract leaves untyped (a download is a file). */
const IdRows = z.array(z.object({ id: z.number() }));
const Graph = z.object({ nodes: z.array(z.unknown()), edges: z.array(z.unknown()) });

describe('exports', () => {
  it('lists the exports with their formats', async () => {
    const { items } = await t.call('export.list');
    const names = items.map((e) => e.name);
    assert.deepEqual(names, [
      'pages',
      'links',
      'other-urls',
      'similarity-pairs',
      'clusters',
      'gsc',
      'link-graph',
      'issues',
      'issue-urls',
      'changes',
      'campaign-targets',
      'report',
    ]);
    const pages = items.find((e) => e.name === 'pages');
    assert.deepEqual(pages?.formats, ['csv', 'xlsx', 'json', 'ndjson']);
  });

  it('streams pages.csv as an attachment that parses back to every page, with formulas neutralised', async () => {
    const pageId = t.db
      .prepare('SELECT id FROM pages WHERE site_id = ? AND depth = 0')
      .pluck()
      .get(siteId) as number;
    t.db
      .prepare(`UPDATE pages SET title = '=HYPERLINK("http://evil.test","click")' WHERE id = ?`)
      .run(pageId);
    const res = await download(`/export/pages.csv?site_id=${siteId}`);
    assert.equal(res.status, 200);
    assert.match(res.headers['content-type']!, /^text\/csv/);
    // Named by the site (its default name is its host and port) and the day.
    assert.match(
      res.headers['content-disposition']!,
      /^attachment; filename="127\.0\.0\.1-\d+-pages-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(textOf(res), { columns: true }) as Record<string, string>[];
    assert.equal(rows.length, site.expected().pages.size);
    const home = rows.find((r) => Number(r.id) === pageId)!;
    assert.equal(home.title, `'=HYPERLINK("http://evil.test","click")`);
    assert.equal(home.indexable, 'true');
    assert.ok(rows.every((r) => r.url!.startsWith(site.origin)));
  });

  it('neutralises a title that a `;`- or tab-separated reading of pages.csv would split into a formula', async () => {
    const pageId = t.db
      .prepare('SELECT id FROM pages WHERE site_id = ? AND depth = 1 ORDER BY id LIMIT 1')
      .pluck()
      .get(siteId) as number;
    t.db.prepare(`UPDATE pages SET title = 'Sale;=HYPERLINK("http://x")' WHERE id = ?`).run(pageId);
    const csv = await downloadText(`/export/pages.csv?site_id=${siteId}`);
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    assert.equal(rows.find((r) => Number(r.id) === pageId)!.title, `Sale;'=HYPERLINK("http://x")`);
    // Excel reading `;` honours a quote only at the start of a cell, so a title in the middle of a row is split
    // whatever the quoting: no piece of any reading may start a formula.
    for (const delimiter of [';', '\t']) {
      const cells = (
        parse(csv, { delimiter, relax_quotes: true, relax_column_count: true }) as string[][]
      ).flat();
      const naive = csv.split('\n').flatMap((line) => line.split(delimiter));
      const formulas = [...cells, ...naive].filter((c) => /^[=+\-@\t\r]/.test(c));
      assert.deepEqual(formulas, [], JSON.stringify(delimiter));
    }
  });

  it('streams the same pages as JSON and NDJSON', async () => {
    const json = IdRows.parse(JSON.parse(await downloadText(`/export/pages.json?site_id=${siteId}`)));
    const nd = IdRows.parse(
      (await downloadText(`/export/pages.ndjson?site_id=${siteId}`))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    );
    assert.equal(json.length, site.expected().pages.size);
    assert.deepEqual(
      nd.map((r) => r.id),
      json.map((r) => r.id),
    );
  });

  it('streams pages.xlsx that opens as a workbook with every page', async () => {
    const res = await t
      .get(`/export/pages.xlsx?site_id=${siteId}`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    assert.equal(res.status, 200);
    assert.match(res.headers['content-type']!, /spreadsheetml/);
    const workbook = new ExcelJS.Workbook();
    const bytes = bytesOf(res);
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    const sheet = workbook.worksheets[0]!;
    assert.equal(sheet.getRow(1).getCell(2).value, 'url');
    assert.equal(sheet.rowCount - 1, site.expected().pages.size);
    const urls = new Set<string>();
    sheet.eachRow((row, n) => n > 1 && urls.add(String(row.getCell(2).value)));
    assert.ok(urls.has(site.startUrl));
  });

  it('exports links and other URLs matching the crawl', async () => {
    const links = parse(await downloadText(`/export/links.csv?site_id=${siteId}`), {
      columns: true,
    }) as unknown[];
    assert.equal(links.length, site.expected().edges.length);
    const others = parse(await downloadText(`/export/other-urls.csv?site_id=${siteId}`), {
      columns: true,
    }) as { reason: string }[];
    const api = (await t.call('analytics.otherUrls', { site_id: siteId, limit: 1000 })).items;
    assert.equal(others.length, api.length);
  });

  it('writes the link graph as well-formed GEXF and GraphML with every internal node and edge', async () => {
    const json = Graph.parse(JSON.parse(await downloadText(`/export/link-graph.json?site_id=${siteId}`)));
    const internalEdges = site
      .expected()
      .edges.filter((e) => new URL(e.target).origin === site.origin).length;
    assert.equal(json.edges.length, internalEdges);
    for (const format of ['gexf', 'graphml'] as const) {
      const res = await download(`/export/link-graph.${format}?site_id=${siteId}`);
      assert.equal(res.status, 200);
      const xml = textOf(res);
      assert.equal(XMLValidator.validate(xml), true, `${format} is well-formed XML`);
      const doc = new XMLParser({ ignoreAttributes: false }).parse(xml) as Record<string, unknown>;
      const graph = (
        format === 'gexf' ? (doc.gexf as { graph: unknown }).graph : (doc.graphml as { graph: unknown }).graph
      ) as {
        nodes?: { node: unknown[] };
        edges?: { edge: unknown[] };
        node?: unknown[];
        edge?: unknown[];
      };
      const nodeCount = (graph.nodes?.node ?? graph.node ?? []).length;
      const edgeCount = (graph.edges?.edge ?? graph.edge ?? []).length;
      assert.equal(nodeCount, json.nodes.length, format);
      assert.equal(edgeCount, internalEdges, format);
    }
  });

  it('answers 404 for an unknown export, format or site', async () => {
    assertProblem(await t.get(`/export/nothing.csv?site_id=${siteId}`), 404, 'not-found');
    assertProblem(await t.get(`/export/links.xlsx?site_id=${siteId}`), 404, 'not-found');
    assertProblem(await t.get('/export/pages.csv?site_id=4242'), 404, 'not-found');
    assertProblem(await t.get('/export/pages.csv'), 400, 'validation');
    // A format the per-campaign export does not have is unknown, whichever scope the query gives.
    for (const query of [`site_id=${siteId}`, 'campaign_id=1', '']) {
      const res = await t.get(`/export/campaign-targets.pdf?${query}`);
      const p = assertProblem(res, 404, 'not-found');
      assert.match(p.detail!, /No export campaign-targets\.pdf/, query);
    }
    // A known format given the wrong scope is still the 400 that names campaign_id.
    assertProblem(await t.get(`/export/campaign-targets.csv?site_id=${siteId}`), 400, 'validation');
  });
});
