/**
 * Which sitemap lists each URL is stored per crawl (`sitemap_entries`): the sitemap file itself, not the index that
 * led to it, and a re-crawl replaces what the earlier crawl's sitemaps listed (a crawl that reads no sitemap keeps
 * none), so the audit's sitemap evidence names the sitemaps as they are now.
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
/** What the server answers, by path; changed between crawls. */
let answers: Record<string, { type: string; body: string }> = {};

const html = (body: string) => ({
  type: 'text/html; charset=utf-8',
  body: `<!doctype html><html lang="en"><head><title>Garden</title></head><body>${body}</body></html>`,
});
const xml = (body: string) => ({ type: 'application/xml', body: `<?xml version="1.0"?>\n${body}` });
const urlset = (...paths: string[]) =>
  xml(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`,
  );

before(async () => {
  t = await createTestApp();
  server = createServer((req, res) => {
    const answer = answers[new URL(req.url ?? '/', 'http://x').pathname];
    if (!answer) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    res.writeHead(200, { 'content-type': answer.type }).end(answer.body);
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  await t.close();
  server.close();
});

describe('sitemap entries', () => {
  it('name the sitemap file of each URL and follow the latest crawl', async () => {
    const page = html('<a href="/b/">B</a>');
    answers = {
      '/': page,
      '/a/': page,
      '/b/': page,
      '/c/': page,
      '/robots.txt': {
        type: 'text/plain',
        body: `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap-index.xml\n`,
      },
      '/sitemap-index.xml': xml(
        `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemap-a.xml</loc></sitemap><sitemap><loc>${origin}/sitemap-b.xml</loc></sitemap></sitemapindex>`,
      ),
      '/sitemap-a.xml': urlset('/a/', '/b/'),
      '/sitemap-b.xml': urlset('/b/'),
    };
    const created = await t.call('sites.create', {
      start_url: `${origin}/`,
      settings: { ...FAST_CRAWL, render_js: 'off' },
    });
    const siteId = created.id;
    const crawl = () => runJob(t, 'crawl.start', { site_id: siteId });
    const sitemapsOf = (path: string) => {
      const row = t.store.urls.byUrl(siteId, `${origin}${path}`);
      return row ? t.store.sitemapEntries.sitemapsOf(row.id) : [];
    };

    await crawl();
    assert.deepEqual(sitemapsOf('/a/'), [`${origin}/sitemap-a.xml`]);
    assert.deepEqual(sitemapsOf('/b/'), [`${origin}/sitemap-a.xml`, `${origin}/sitemap-b.xml`]);
    assert.deepEqual(sitemapsOf('/'), []);

    // The site moves to one /sitemap.xml: what the old files listed is forgotten.
    answers['/robots.txt'] = { type: 'text/plain', body: 'User-agent: *\nAllow: /\n' };
    delete answers['/sitemap-index.xml'];
    answers['/sitemap.xml'] = urlset('/b/', '/c/');
    await crawl();
    assert.deepEqual(sitemapsOf('/a/'), []);
    assert.deepEqual(sitemapsOf('/b/'), [`${origin}/sitemap.xml`]);
    assert.deepEqual(sitemapsOf('/c/'), [`${origin}/sitemap.xml`]);

    // A crawl that reads no sitemap keeps no entries.
    await t.call('sites.update', { site_id: siteId, settings: { use_sitemaps: false } });
    await crawl();
    assert.deepEqual(sitemapsOf('/b/'), []);
  });
});
