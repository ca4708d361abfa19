/**
 * What the crawl keeps for the audit's second round (`page_facts`, #35): a page's security headers as its response
 * sent them, and nothing for what is not an HTML page answering 2xx.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { FAST_CRAWL, runJob } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';

let t: TestApp;
let server: Server;
let origin: string;
let siteId: number;

const HTML = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Facts</title></head><body>${body}</body></html>`;

before(async () => {
  t = await createTestApp();
  server = createServer((req, res) => {
    if (req.url === '/') {
      res.writeHead(200, {
        'content-type': 'text/html; charset=UTF-8',
        'strict-transport-security': 'max-age=31536000',
        'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
      });
      res.end(HTML('<p>Home</p><a href="/bare">Bare</a> <a href="/missing">Missing</a>'));
    } else if (req.url === '/bare') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(HTML('<p>No headers of note.</p>'));
    } else {
      res.writeHead(404, { 'content-type': 'text/html', 'x-frame-options': 'DENY' });
      res.end(HTML('<p>Not found</p>'));
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  siteId = (
    await t.call('sites.create', {
      start_url: `${origin}/`,
      settings: { ...FAST_CRAWL, render_js: 'off', use_sitemaps: false },
    })
  ).id;
  await runJob(t, 'crawl.start', { site_id: siteId });
});
after(async () => {
  await t.close();
  server.close();
});

const factsOf = async (path: string) => {
  const { items } = await t.call('pages.list', { site_id: siteId, limit: 100 });
  const page = items.find((p) => p.url === `${origin}${path}`);
  assert.ok(page, `${path} was crawled`);
  return t.store.pages.facts(page.id);
};

describe('page facts', () => {
  it('keeps the security headers a page was sent, and null for those it was not', async () => {
    assert.deepEqual((await factsOf('/'))?.headers, {
      strict_transport_security: 'max-age=31536000',
      content_security_policy: "default-src 'self'; frame-ancestors 'none'",
      x_content_type_options: 'nosniff',
      x_frame_options: null,
      referrer_policy: 'strict-origin-when-cross-origin',
      content_type_charset: 'utf-8',
    });
    const bare = (await factsOf('/bare'))?.headers;
    assert.ok(bare && Object.values(bare).every((v) => v === null), JSON.stringify(bare));
  });

  it('keeps none for an error page', async () => {
    assert.equal(await factsOf('/missing'), null);
  });
});
