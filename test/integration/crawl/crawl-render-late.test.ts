/**
 * A crawl with render_js: auto over a small app-shell site whose links appear late: after a slow fetch, after a
 * 700 ms timer, and after a fetch started by a later 500 ms timer. The rendered page must keep them all, so the
 * crawl reaches the pages only those links lead to (the render's settle rule, server/adapters/browser-tab-settle.ts).
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { locateChromium } from '../../../server/adapters/chromium-locator.js';
import { snapshotCrawl } from '../../helpers/crawl-db.js';
import { jobResult } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';

const LATE_JS = `(function () {
  var root = document.getElementById('root');
  function link(href, text) {
    var a = document.createElement('a');
    a.href = href;
    a.textContent = text;
    root.appendChild(a);
  }
  fetch('/api/items.json').then(function (r) { return r.json(); }).then(function (items) {
    var h1 = document.createElement('h1');
    h1.textContent = 'Seed planner';
    root.appendChild(h1);
    items.forEach(function (i) { link(i.href, i.text); });
    setTimeout(function () { link('/items/late', 'Added by a timer'); }, 700);
    setTimeout(function () {
      fetch('/api/more.json').then(function (r) { return r.json(); }).then(function (more) {
        link(more.href, more.text);
      });
    }, 500);
  });
})();`;

const SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Seed planner</title>
<script src="/static/late.js" defer></script></head><body><div id="root"></div></body></html>`;

function article(title: string): string {
  const text =
    `${title} explains when to sow, how deep to plant and how far apart to space each row. `.repeat(6);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><h1>${title}</h1><p>${text}</p><a href="/">Back to the planner</a></body></html>`;
}

const ITEMS = ['/items/a', '/items/b', '/items/late', '/items/more'];

let t: TestApp;
let server: Server;
let origin = '';

before(async () => {
  assert.ok(locateChromium(), 'Chromium not found: install it (apt-get install chromium) or set CHROME_PATH');
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const send = (type: string, body: string, delayMs = 0) =>
      setTimeout(() => res.writeHead(200, { 'content-type': type }).end(body), delayMs);
    if (path === '/') return send('text/html; charset=utf-8', SHELL);
    if (path === '/static/late.js') return send('text/javascript', LATE_JS);
    if (path === '/api/items.json') {
      const items = [
        { href: '/items/a', text: 'Tomatoes' },
        { href: '/items/b', text: 'Beans' },
      ];
      return send('application/json', JSON.stringify(items), 300);
    }
    if (path === '/api/more.json') {
      return send('application/json', JSON.stringify({ href: '/items/more', text: 'Fetched later' }), 100);
    }
    if (ITEMS.includes(path)) return send('text/html; charset=utf-8', article(`Growing ${path.slice(7)}`));
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp();
});

after(async () => {
  await t?.close();
  server?.closeAllConnections();
  server?.close();
});

describe('rendering a page that draws its links late', () => {
  it('finds the links drawn after a slow fetch, a 700 ms timer and a timer-started fetch', async () => {
    const created = await t.call('sites.create', {
      start_url: `${origin}/`,
      settings: { render_js: 'auto', max_requests_per_second: 500, concurrency: 2, use_sitemaps: false },
    });
    const siteId = created.id;
    await jobResult(t, await t.call('crawl.start', { site_id: siteId }), 60_000);

    const got = snapshotCrawl(t.dir, siteId);
    assert.deepEqual(
      [...got.pages.keys()].sort(),
      [`${origin}/`, ...ITEMS.map((p) => `${origin}${p}`)].sort(),
    );
    assert.equal(got.pages.get(`${origin}/`)!.h1, 'Seed planner');
    const fromStart = [...got.edges]
      .map((e) => JSON.parse(e) as [string, string])
      .filter(([source]) => source === `${origin}/`)
      .map(([, target]) => target.slice(origin.length))
      .sort();
    assert.deepEqual(fromStart, [...ITEMS].sort());
    const rendered = t.db
      .prepare('SELECT url FROM pages WHERE site_id = ? AND rendered = 1')
      .pluck()
      .all(siteId) as string[];
    assert.deepEqual(rendered, [`${origin}/`], 'only the app shell needed rendering');
  });
});
