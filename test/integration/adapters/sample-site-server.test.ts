/**
 * The demo's sample-site server on the bundled resources/sample-site: every rule of site.json (redirects, error
 * statuses, headers, the origin placeholder) answered over real HTTP, and nothing outside the site served.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSampleSite, type SampleSiteServer } from '../../../server/adapters/sample-site-server.js';
import { PROJECT_ROOT } from '../../../server/version.js';

const ROOT = join(PROJECT_ROOT, 'resources', 'sample-site');
let s: SampleSiteServer;

before(async () => {
  s = await startSampleSite(ROOT);
});
after(() => s.close());

const get = (path: string) => fetch(`${s.origin}${path}`, { redirect: 'manual' });

describe('sample-site server', () => {
  it('serves pages from their index.html with the site’s origin in robots.txt and the sitemap', async () => {
    assert.match(s.origin, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(s.startUrl, `${s.origin}/`);
    const home = await get('/');
    assert.equal(home.status, 200);
    assert.equal(home.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(await home.text(), readFileSync(join(ROOT, 'index.html'), 'utf8'));

    const robots = await (await get('/robots.txt')).text();
    assert.match(robots, new RegExp(`^Sitemap: ${s.origin}/sitemap\\.xml$`, 'm'));
    assert.ok(!robots.includes('{{ORIGIN}}'));
    const sitemap = await get('/sitemap.xml');
    assert.match(sitemap.headers.get('content-type')!, /^application\/xml/);
    assert.ok((await sitemap.text()).includes(`<loc>${s.origin}/blog/</loc>`));
  });

  it('answers every redirect, error and header rule of site.json', async () => {
    for (const r of s.manifest.redirects) {
      const res = await get(r.path);
      assert.equal(res.status, r.status, r.path);
      assert.equal(res.headers.get('location'), r.location, r.path);
    }
    for (const e of s.manifest.errors) {
      const res = await get(e.path);
      assert.equal(res.status, e.status, e.path);
      assert.equal(await res.text(), readFileSync(join(ROOT, e.body), 'utf8'), e.path);
    }
    for (const h of s.manifest.headers) {
      const res = await get(h.path);
      assert.equal(res.status, 200, h.path);
      for (const [name, value] of Object.entries(h.headers))
        assert.equal(res.headers.get(name), value, `${h.path} ${name}`);
    }
  });

  it('finds percent-encoded paths and ignores queries', async () => {
    assert.equal((await get('/glossary/m%C3%A2che/')).status, 200);
    assert.equal((await get('/glossary/m%c3%a2che/')).status, 200);
    assert.equal((await get('/shop/seeds/?color=red')).status, 200);
  });

  it('serves nothing outside the site: unknown paths, the manifest, traversal, other methods', async () => {
    const notFound = readFileSync(join(ROOT, s.manifest.not_found_body), 'utf8');
    for (const path of [
      '/no-such-page/',
      '/site.json',
      '/_errors/404.html',
      '/%2e%2e/package.json',
      '/..%2fpackage.json',
      '/%E0%A4%A/',
      // Percent-encoded spellings of the private files are the same files once decoded.
      '/site%2Ejson',
      '/site%2ejson',
      '/%5Ferrors/404.html',
      '/%5f%65rrors/404.html',
      '/%2Eprettierrc.json',
      '/assets/%2E%2Ehidden',
      // A NUL byte names no file (and used to answer an empty 500).
      '/%00x',
      '/index.html%00.txt',
    ]) {
      const res = await get(path);
      assert.equal(res.status, 404, path);
      assert.equal(await res.text(), notFound, path);
    }
    const post = await fetch(`${s.origin}/`, { method: 'POST' });
    assert.equal(post.status, 405);
    const head = await fetch(`${s.origin}/`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.ok(Number(head.headers.get('content-length')) > 0);
  });
});
