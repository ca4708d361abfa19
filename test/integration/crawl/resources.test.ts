/**
 * What the crawl fetches besides pages (#35; docs/crawler.md, "Resources and external links"): the images,
 * stylesheets, scripts and fonts the pages load and the external URLs they link to, each checked once after the
 * pages and never stored or counted as a page; HEAD refused means GET; a link that never answers times out; and
 * an offline computer (no external host answers) is said once instead of flagging every link.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { CheckId } from '../../../server/schemas/audit-checks.js';
import { FAST_CRAWL, runJob } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { startAudit2Site, type Audit2Site } from '../../fixtures/sites/audit2/audit2-site.js';

let t: TestApp;
let site: Audit2Site;
let shopId: number;
let crawl: Awaited<ReturnType<typeof runJob<'crawl.start'>>>;

const SETTINGS = { ...FAST_CRAWL, render_js: 'off' as const, timeout_ms: 2000 };

before(async () => {
  t = await createTestApp();
  site = await startAudit2Site();
  shopId = (await t.call('sites.create', { start_url: site.shopStart, settings: SETTINGS })).id;
  crawl = await runJob(t, 'crawl.start', { site_id: shopId });
  await runJob(t, 'audit.run', { site_id: shopId });
});
after(async () => {
  await t.close();
  await site.close();
});

const findings = (siteId: number, check: CheckId) =>
  t.callAll('audit.findings', { site_id: siteId, check, limit: 50 });

describe('resources and external links', () => {
  it('are checked after the pages and are no pages: not listed, not counted', async () => {
    assert.ok((crawl.resources_checked ?? 0) >= 10, `${crawl.resources_checked} checked`);
    assert.equal(crawl.external_unreachable, false);
    const { items } = await t.call('pages.list', { site_id: shopId, limit: 500 });
    const urls = items.map((p) => p.url);
    for (const path of [
      '/img/olive-tree.jpg',
      '/css/site.css',
      '/fonts/fernhill-serif.woff2',
      '/img/border-spade.jpg',
    ])
      assert.ok(!urls.includes(`${site.origins.shop}${path}`), `${path} is no page`);
    assert.ok(
      urls.every((u) => u.startsWith(site.origins.shop)),
      'no other host is a page',
    );
    const s = await t.call('sites.get', { site_id: shopId });
    assert.equal(s.stats.pages, items.length, 'the site counts its pages alone');
  });

  it('gives the size of an image over the budget, and the budget', async () => {
    const [f] = await findings(shopId, 'image_too_large');
    assert.ok(f, 'a finding');
    assert.deepEqual(f.evidence, {
      resources: [
        {
          url: `${site.origins.shop}/img/olive-tree.jpg`,
          kind: 'image',
          status: 200,
          error: null,
          bytes: 180_000,
          content_type: 'image/jpeg',
        },
      ],
      count: 1,
      threshold: 102_400,
    });
  });

  it('finds a broken srcset candidate, and lists each broken stylesheet and script with its status', async () => {
    const images = await findings(shopId, 'image_broken');
    const lavender = images.find((f) => f.url.endsWith('/plants/lavender-hidcote/'));
    assert.deepEqual(
      (lavender?.evidence as { resources: { url: string; status: number }[] }).resources.map((r) => [
        r.url,
        r.status,
      ]),
      [[`${site.origins.shop}/img/lavender-1600.jpg`, 404]],
    );
    const [css] = (await findings(shopId, 'resource_broken')).filter((f) =>
      f.url.endsWith('/tomato-gardeners-delight/'),
    );
    const kinds = (css?.evidence as { resources: { kind: string; status: number }[] }).resources.map((r) => [
      r.kind,
      r.status,
    ]);
    assert.deepEqual(kinds.sort(), [
      ['script', 404],
      ['stylesheet', 404],
    ]);
  });

  it('lists external links that answer 4xx, 5xx or nothing, not one that only refuses HEAD', async () => {
    const [f] = await findings(shopId, 'external_link_broken');
    const targets = (
      f?.evidence as { targets: { url: string; status: number | null; error: string | null }[] }
    ).targets;
    const got = targets
      .map((x) => [x.url.replace(site.origins.external_https, ''), x.status ?? x.error])
      .sort();
    assert.deepEqual(got, [
      ['/partner/rhs-awards', 500],
      ['/partner/soil-survey', 404],
      ['/partner/weather', 'timeout'],
    ]);
  });
});

describe('an offline computer', () => {
  let server: Server;
  let siteId: number;
  let result: typeof crawl;

  before(async () => {
    // Two external hosts with nothing listening: every external request is refused, as offline.
    const closed: number[] = [];
    for (let i = 0; i < 2; i++) {
      const s = createServer().listen(0, '127.0.0.2');
      await once(s, 'listening');
      closed.push((s.address() as AddressInfo).port);
      s.close();
    }
    const links = closed
      .flatMap((port) => [`http://127.0.0.2:${port}/a`, `http://127.0.0.2:${port}/b`])
      .map((u) => `<a href="${u}">${u}</a>`)
      .join(' ');
    server = createServer((req, res) => {
      res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'text/html' });
      res.end(
        `<!doctype html><html lang="en"><title>Links</title><body><p>Partners: ${links}</p></body></html>`,
      );
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    siteId = (
      await t.call('sites.create', {
        start_url: `${origin}/`,
        settings: { ...SETTINGS, use_sitemaps: false },
      })
    ).id;
    result = await runJob(t, 'crawl.start', { site_id: siteId });
    await runJob(t, 'audit.run', { site_id: siteId });
  });
  after(() => server.close());

  it('says so once, and lists no external link as broken', async () => {
    assert.equal(result.external_unreachable, true);
    const offline = (result.notes ?? []).filter((n) => n.includes('offline'));
    assert.equal(offline.length, 1, JSON.stringify(result.notes));
    assert.deepEqual(await findings(siteId, 'external_link_broken'), []);
  });
});

describe('an external host that never answers', () => {
  let web: Server;
  let site: Server;
  let siteId: number;
  /** Connections the silent host accepted (each request of the checker opens or reuses one). */
  let requests = 0;

  before(async () => {
    // One host that answers (so the computer is online) and one that accepts and never answers.
    web = createServer((req, res) => {
      if (req.socket.localAddress === '127.0.0.3') {
        requests++;
        return; // never answered
      }
      res.writeHead(200, { 'content-type': 'text/html' }).end(req.method === 'HEAD' ? undefined : 'ok');
    });
    web.listen(0, '0.0.0.0');
    await once(web, 'listening');
    const port = (web.address() as AddressInfo).port;
    const links = [
      `http://127.0.0.2:${port}/fine`,
      `http://127.0.0.4:${port}/also-fine`,
      ...['one', 'two', 'three', 'four', 'five', 'six', 'seven'].map((p) => `http://127.0.0.3:${port}/${p}`),
    ]
      .map((u) => `<a href="${u}">${u}</a>`)
      .join(' ');
    site = createServer((req, res) => {
      res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'text/html' });
      res.end(
        `<!doctype html><html lang="en"><title>Sources</title><body><p>Sources: ${links}</p></body></html>`,
      );
    });
    site.listen(0, '127.0.0.1');
    await once(site, 'listening');
    const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    siteId = (
      await t.call('sites.create', {
        start_url: `${origin}/`,
        settings: { ...SETTINGS, use_sitemaps: false, timeout_ms: 600 },
      })
    ).id;
    await runJob(t, 'crawl.start', { site_id: siteId });
    await runJob(t, 'audit.run', { site_id: siteId });
  });
  after(() => {
    web.closeAllConnections();
    web.close();
    site.close();
  });

  it('is asked until it has failed twice, and all its links are listed broken', async () => {
    // The offline probe's one, then up to four in flight at once on one host; none after two have timed out.
    assert.ok(requests >= 2 && requests <= 5, `${requests} requests reached the silent host`);
    const [f] = await findings(siteId, 'external_link_broken');
    const targets = (f?.evidence as { targets: { url: string; error: string | null }[] }).targets;
    assert.equal(targets.length, 7);
    assert.ok(targets.every((x) => x.url.includes('127.0.0.3') && x.error === 'timeout'));
  });
});
