/**
 * The site report on a crawled, embedded and analysed fixture site: report.html parsed back with htmlparser2 and
 * every section checked against what the API says about the same site (Search Console top pages after a real
 * import); report.pdf checked as a PDF with pages; text planted in a crawled title stays text.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Document, Element } from 'domhandler';
import { ANCHOR_EDGE_KINDS } from '../../../server/schemas/crawl.js';
import type { CallAnswer } from '../../../server/contract/index.js';
import { crawlFixture, jobResult, runJob } from '../../helpers/crawl-site.js';
import { assertProblem, bytesOf, createTestApp, textOf, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';
import { setVanishedChromium } from '../../helpers/vanished-chromium.js';

let t: TestApp;
let site: FixtureSite;
let siteId: number;

type ApiPage = CallAnswer<'pages.list'>['items'][number];

before(async () => {
  t = await createTestApp();
  site = await startFixtureSite({ seed: 3, articles: 12 });
  siteId = await crawlFixture(t, site);
  await jobResult(t, await t.call('pages.rebuildEmbeddings', { site_id: siteId }), 240_000);
  await jobResult(t, await t.call('similarity.analyze', { site_id: siteId }), 240_000);
  await runJob(t, 'audit.run', { site_id: siteId });
});
after(async () => {
  await t.close();
  await site.close();
});

const downloadText = (path: string) => t.getText(path);
const downloadBytes = (path: string) =>
  t
    .get(path)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });

/** Every page of the site, as `/pages` lists them. */
const allPages = () => t.callAll('pages.list', { site_id: siteId, limit: 1000 });

async function report(): Promise<Document> {
  const res = await downloadText(`/export/report.html?site_id=${siteId}`);
  assert.equal(res.status, 200);
  return parseDocument(textOf(res));
}

const byId = (doc: Document, id: string) => {
  const el = DomUtils.getElementById(id, doc.children);
  assert.ok(el, `#${id} exists`);
  return el;
};
const all$ = (root: Element | Document, test: (e: Element) => boolean) =>
  DomUtils.findAll(test, 'children' in root ? root.children : []);
const attr = (e: Element, name: string) => DomUtils.getAttributeValue(e, name);
/** `data-<key>` → `data-count` of every element that has both. */
const countsBy = (root: Element, key: string) =>
  Object.fromEntries(
    all$(root, (e) => attr(e, key) !== undefined && attr(e, 'data-count') !== undefined).map((e) => [
      attr(e, key)!,
      Number(attr(e, 'data-count')),
    ]),
  );
const tally = <T>(items: T[], key: (x: T) => string | null) => {
  const out: Record<string, number> = {};
  for (const x of items) {
    const k = key(x);
    if (k !== null) out[k] = (out[k] ?? 0) + 1;
  }
  return out;
};
const isHtmlOk = (p: ApiPage) =>
  p.status_code !== null &&
  p.status_code >= 200 &&
  p.status_code < 300 &&
  (p.content_type === 'text/html' || p.content_type === 'application/xhtml+xml');

describe('report.html', () => {
  it('is a self-contained attachment: no script, no event handler, no outside request', async () => {
    const res = await downloadText(`/export/report.html?site_id=${siteId}`);
    assert.equal(res.status, 200);
    assert.match(res.headers['content-type']!, /^text\/html; charset=utf-8/);
    // Named by the site (its default name, host and port) and the day (export-file-name.ts).
    assert.match(
      res.headers['content-disposition']!,
      /^attachment; filename="127\.0\.0\.1-\d+-report-\d{4}-\d{2}-\d{2}\.html"$/,
    );
    const doc = parseDocument(textOf(res));
    const elements = all$(doc, () => true);
    assert.equal(
      elements.filter((e) => ['script', 'iframe', 'object', 'embed', 'link', 'img'].includes(e.name)).length,
      0,
    );
    assert.deepEqual(
      elements.flatMap((e) => Object.keys(e.attribs).filter((a) => a.startsWith('on'))),
      [],
      'no event handler attributes',
    );
    // Only links a reader clicks point anywhere; nothing loads by itself.
    assert.deepEqual(
      elements.filter((e) => e.attribs.src !== undefined).map((e) => e.name),
      [],
    );
    assert.ok(elements.filter((e) => e.name === 'a').every((a) => /^https?:\/\//.test(a.attribs.href!)));
    const csp = elements.find(
      (e) => e.name === 'meta' && e.attribs['http-equiv'] === 'Content-Security-Policy',
    );
    assert.match(csp!.attribs.content!, /default-src 'none'/);
    assert.ok(elements.filter((e) => e.name === 'style').length === 1);
    assert.equal(elements.filter((e) => e.name === 'svg').length, 3, 'three inline SVG charts');
  });

  it('summarises the crawl with the figures the API gives', async () => {
    const doc = await report();
    const pages = await allPages();
    const metric = (key: string) => {
      const el = all$(byId(doc, 'summary'), (e) => attr(e, 'data-metric') === key)[0];
      assert.ok(el, `metric ${key}`);
      return DomUtils.textContent(DomUtils.findOne((e) => e.name === 'dd', el.children)!);
    };
    assert.equal(metric('pages'), String(pages.length));
    // One definition of an error: the crawl's result, the app's overview and the report count the same URLs.
    const errors = [...site.expected().pages.values()].filter(
      (p) => (p.status_code ?? 0) >= 400 || p.fetch_error,
    ).length;
    assert.ok(errors > 0);
    assert.equal(metric('errors'), String(errors));
    const crawl = (await t.call('sites.crawls', { site_id: siteId })).items.find((j) => j.kind === 'crawl');
    assert.equal(crawl?.kind === 'crawl' ? crawl.result?.errors : null, errors);
    assert.equal(metric('indexable'), String(pages.filter((p) => p.indexable).length));
    assert.equal(metric('html_pages'), String(pages.filter(isHtmlOk).length));
    assert.equal(
      metric('redirects'),
      String(pages.filter((p) => p.status_code! >= 300 && p.status_code! < 400).length),
    );
    const summary = await t.call('sites.summary', { site_id: siteId });
    assert.equal(metric('response_p50'), `${summary.response_ms.p50} ms`);
    assert.equal(metric('response_p95'), `${summary.response_ms.p95} ms`);
    const crawls = (await t.call('sites.crawls', { site_id: siteId })).items;
    assert.equal(metric('crawl_date'), `${crawls[0]!.finished_at?.slice(0, 16).replace('T', ' ')} UTC`);
  });

  it('charts status codes, indexability and depth with the counts of /pages', async () => {
    const doc = await report();
    const pages = await allPages();
    const chart = (id: string) => countsBy(all$(doc, (e) => attr(e, 'data-chart') === id)[0]!, 'data-key');
    assert.deepEqual(
      chart('status_codes'),
      tally(pages, (p) => String(p.status_code ?? 'error')),
    );
    assert.deepEqual(
      chart('indexability'),
      tally(pages, (p) => (p.indexable ? 'indexable' : (p.indexability_reason ?? 'unknown'))),
    );
    assert.deepEqual(
      chart('depths'),
      tally(pages, (p) => String(p.depth ?? 'none')),
    );
    for (const id of ['status_codes', 'indexability', 'depths']) {
      const svg = DomUtils.findOne((e) => e.name === 'svg', byId(doc, `chart-${id}`).children)!;
      assert.equal(all$(svg, (e) => e.name === 'rect').length, Object.keys(chart(id)).length, id);
    }
  });

  it('lists the audit’s issues and warnings with the counts and first URLs the audit API gives', async () => {
    const doc = await report();
    const shown = countsBy(byId(doc, 'issues'), 'data-issue');
    const api = (await t.call('audit.issues', { site_id: siteId, limit: 1000, include_muted: false })).items;
    const expected = api.filter((i) => i.severity !== 'notice');
    assert.deepEqual(shown, Object.fromEntries(expected.map((i) => [i.check, i.urls])));
    // The fixture site has errors and redirects, so the section is not empty, and worst comes first.
    assert.ok(shown.not_found! > 0 && shown.internal_redirect_link! > 0);
    const order = all$(byId(doc, 'issues'), (e) => attr(e, 'data-issue') !== undefined).map((e) =>
      attr(e, 'data-issue'),
    );
    assert.deepEqual(
      order,
      expected.map((i) => i.check),
    );
    const errorRow = all$(byId(doc, 'issues'), (e) => attr(e, 'data-issue') === 'not_found')[0]!;
    const examples = all$(errorRow, (e) => e.name === 'a').map((a) => a.attribs.href);
    const findings = (await t.call('audit.findings', { site_id: siteId, check: 'not_found', limit: 10 }))
      .items;
    assert.deepEqual(
      examples,
      findings.map((f) => f.url),
    );
    // Linking pages are evidence text, not links: the examples are the check's own URLs.
    assert.ok(DomUtils.textContent(errorRow).includes('linked_from'));
  });

  it('shows duplicate and merge clusters and pair counts from the similarity analysis', async () => {
    const doc = await report();
    const section = byId(doc, 'clusters');
    assert.equal(attr(section, 'data-analyzed'), 'true');
    const clusters = await t.callAll('similarity.clusters', { site_id: siteId, limit: 1000 });
    assert.ok(clusters.length > 0, 'the fixture site has overlapping pages');
    assert.equal(Number(attr(section, 'data-count')), clusters.length);
    const pairs = await t.callAll('similarity.pairs', { site_id: siteId, limit: 1000 });
    const outcomes = tally(pairs, (p) => p.outcome);
    for (const o of ['duplicate', 'merge', 'related']) {
      const el = all$(section, (e) => attr(e, 'data-outcome') === o)[0]!;
      assert.equal(DomUtils.textContent(el), String(outcomes[o] ?? 0), o);
    }
    const articles = all$(section, (e) => e.name === 'article');
    assert.equal(articles.length, Math.min(25, clusters.length));
    for (const a of articles) {
      const api = clusters.find((c) => c.id === Number(attr(a, 'data-cluster')))!;
      assert.equal(Number(attr(a, 'data-size')), api.size);
      const urls = all$(a, (e) => e.name === 'td' && e.attribs.class === 'url').map((td) =>
        DomUtils.textContent(td),
      );
      assert.deepEqual(new Set(urls), new Set(api.pages.slice(0, 10).map((p) => p.page.url)));
    }
    const sizes = articles.map((a) => Number(attr(a, 'data-size')));
    assert.deepEqual(
      sizes,
      [...sizes].sort((x, y) => y - x),
      'largest clusters first',
    );
  });

  it('lists orphans as the link graph finds them and other URLs by reason', async () => {
    const doc = await report();
    const graph = await t.call('graph.linkGraph', {
      site_id: siteId,
      include_orphans: true,
      limit: 1000,
      edge_kind: [...ANCHOR_EDGE_KINDS],
    });
    const orphans = graph.nodes.filter((n) => n.orphan);
    assert.ok(orphans.length > 0, 'the fixture site has sitemap-only pages');
    const section = byId(doc, 'orphans');
    assert.equal(Number(attr(section, 'data-count')), orphans.length);
    const listed = all$(section, (e) => e.name === 'a').map((a) => a.attribs.href);
    assert.deepEqual(listed.sort(), orphans.map((o) => o.url).sort());

    const others = await t.callAll('analytics.otherUrls', { site_id: siteId, limit: 1000 });
    const section2 = byId(doc, 'other-urls');
    assert.equal(Number(attr(section2, 'data-count')), others.length);
    assert.deepEqual(
      countsBy(section2, 'data-reason'),
      tally(others, (o) => o.reason),
    );
    const redirectRow = all$(section2, (e) => attr(e, 'data-reason') === 'redirect')[0]!;
    const examples = all$(redirectRow, (e) => e.name === 'a').map((a) => a.attribs.href);
    assert.deepEqual(
      examples,
      others
        .filter((o) => o.reason === 'redirect')
        .slice(0, 10)
        .map((o) => o.url),
    );
  });

  it('says so when the site has no Search Console data', async () => {
    const doc = await report();
    const section = byId(doc, 'gsc');
    assert.equal(attr(section, 'data-state'), 'none');
    assert.match(DomUtils.textContent(section), /No Search Console data/);
  });

  it('answers 404 for an unknown site or format', async () => {
    assertProblem(await t.get('/export/report.html?site_id=4242'), 404, 'not-found');
    assertProblem(await t.get('/export/report.pdf?site_id=4242'), 404, 'not-found');
    assertProblem(await t.get(`/export/report.txt?site_id=${siteId}`), 404, 'not-found');
    const entry = (await t.call('export.list')).items.find((e) => e.name === 'report');
    assert.deepEqual(entry?.formats, ['html', 'pdf']);
  });
});

describe('report.html with Search Console data', () => {
  it('lists the top pages by clicks from an imported performance export', async () => {
    const pages = (await allPages()).filter((p) => p.indexable);
    const [a, b, c] = pages;
    const gscOnly = `${site.origin}/landing/spring-offer/`;
    const csvBody = [
      'Top pages,Clicks,Impressions,CTR,Position',
      `${b!.url},50,1000,5%,7.5`,
      `${gscOnly},300,6000,5%,2.1`,
      `${a!.url},120,2400,5%,3.25`,
      `${c!.url},7,700,1%,12`,
    ].join('\n');
    const res = await t.http
      .post(`/analytics/gsc/import?site_id=${siteId}&filename=Pages.csv`)
      .set(t.auth)
      .set('Content-Type', 'text/csv')
      .send(Buffer.from(csvBody));
    await jobResult(t, t.answer('analytics.gscImport', res), 60_000);

    const section = byId(await report(), 'gsc');
    assert.equal(attr(section, 'data-state'), 'data');
    assert.equal(Number(attr(section, 'data-pages')), 4);
    const rows = all$(section, (e) => attr(e, 'data-url') !== undefined);
    assert.deepEqual(
      rows.map((r) => [attr(r, 'data-url'), Number(attr(r, 'data-clicks'))]),
      [
        [gscOnly, 300],
        [a!.url, 120],
        [b!.url, 50],
        [c!.url, 7],
      ],
    );
    const cells = all$(rows[1]!, (e) => e.name === 'td').map((td) => DomUtils.textContent(td));
    assert.ok(cells[0]!.includes(a!.title!), 'a crawled page shows its title');
    assert.deepEqual(cells.slice(1), ['120', '2,400', '5.0%', '3.3']);
  });
});

describe('report.pdf', () => {
  it('is a PDF printed by Chromium, with pages', { timeout: 120_000 }, async () => {
    const res = await downloadBytes(`/export/report.pdf?site_id=${siteId}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    // Named by the site (its default name, host and port) and the day (export-file-name.ts).
    assert.match(
      res.headers['content-disposition']!,
      /^attachment; filename="127\.0\.0\.1-\d+-report-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const pdf = bytesOf(res);
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.match(pdf.subarray(-32).toString('latin1'), /%%EOF\s*$/);
    const source = pdf.toString('latin1');
    const pages = (source.match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
    const declared = Math.max(
      ...[...source.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)/g)].map((m) => Number(m[1])),
      0,
    );
    assert.ok(pages >= 1, `page objects: ${pages}`);
    // Summary and charts, issues and clusters each start a page when printed.
    assert.ok(pages >= 3, `a report of this site spans several pages (${pages})`);
    if (declared) assert.equal(declared, pages);
  });

  it('answers 503 with how to install Chromium when there is none', async () => {
    await setVanishedChromium(t);
    try {
      const problem = assertProblem(
        await t.get(`/export/report.pdf?site_id=${siteId}`),
        503,
        'chromium-unavailable',
      );
      assert.match(problem.detail!, /apt-get install chromium/);
      assert.match(problem.detail!, /chromium_path|CHROME_PATH/);
      // The HTML report needs no browser.
      assert.equal((await t.get(`/export/report.html?site_id=${siteId}`)).status, 200);
    } finally {
      await t.call('system.updateSettings', { chromium_path: null });
    }
  });
});

describe('report escaping', () => {
  const HOSTILE = `</title><script>alert("x")</script>"><img src=x onerror=alert(1)> ' & <b>bold</b>`;

  it('is titled by the site’s name as the app shows it, its host by default', async () => {
    const host = new URL(site.startUrl).host;
    const heading = (doc: Document) => ({
      title: DomUtils.textContent(DomUtils.getElementsByTagName('title', doc.children)[0]!),
      h1: DomUtils.textContent(DomUtils.getElementsByTagName('h1', doc.children)[0]!),
    });
    assert.equal((await t.call('sites.get', { site_id: siteId })).name, host, 'a site named by nobody');
    assert.deepEqual(heading(await report()), {
      title: `Site report: ${host}`,
      h1: `Site report: ${host}`,
    });
    const name = `Client site ${HOSTILE}`;
    await t.call('sites.update', { site_id: siteId, name });
    try {
      const doc = await report();
      assert.deepEqual(heading(doc), { title: `Site report: ${name}`, h1: `Site report: ${name}` });
      const head = DomUtils.findOne((e) => e.attribs.class === 'report-head', doc.children)!;
      assert.ok(DomUtils.textContent(head).includes(`${host} · generated`), 'the host stays under the name');
    } finally {
      await t.call('sites.update', { site_id: siteId, name: host });
    }
  });

  it('keeps markup planted in crawled titles as text', async () => {
    // Two indexable pages share the hostile title, so it appears as a duplicate title and in cluster tables.
    const ids = t.db
      .prepare(
        `SELECT id FROM pages WHERE site_id = ? AND indexable = 1 AND status_code = 200 ORDER BY id LIMIT 2`,
      )
      .pluck()
      .all(siteId) as number[];
    t.db.prepare(`UPDATE pages SET title = ? WHERE id IN (?, ?)`).run(HOSTILE, ids[0], ids[1]);
    await runJob(t, 'audit.run', { site_id: siteId });
    const res = await downloadText(`/export/report.html?site_id=${siteId}`);
    const body = textOf(res);
    assert.ok(!body.includes('<script>'), 'no script tag');
    assert.ok(!body.includes('<img'), 'no img tag');
    assert.ok(!body.includes('<b>bold'), 'no planted tag');
    const doc = parseDocument(body);
    const elements = all$(doc, () => true);
    assert.equal(elements.filter((e) => ['script', 'img', 'b'].includes(e.name)).length, 0);
    assert.deepEqual(
      elements.flatMap((e) => Object.keys(e.attribs).filter((a) => a.startsWith('on'))),
      [],
    );
    // The title is shown as the text it is.
    const row = all$(byId(doc, 'issues'), (e) => attr(e, 'data-issue') === 'title_duplicate')[0]!;
    assert.ok(DomUtils.textContent(row).includes(`text: ${HOSTILE}, count: 2`));
    assert.ok(Number(attr(row, 'data-count')) >= 2);
  });
});
