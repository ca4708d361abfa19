/**
 * The built UI at `/`: files without a token, the token link turning into a cookie, hashed assets cached for
 * good and index.html never, the SPA fallback for page navigations only, and API paths never shadowed by it.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  assertProblem,
  createTestApp,
  makeTempDir,
  TEST_TOKEN,
  type TestApp,
} from '../../helpers/test-app.js';

const INDEX =
  '<!doctype html><title>Siteloupe</title><script type="module" src="/assets/index-abc123.js"></script>';
let t: TestApp;

before(async () => {
  const uiDir = makeTempDir('siteloupe-ui-');
  mkdirSync(join(uiDir, 'assets'));
  writeFileSync(join(uiDir, 'index.html'), INDEX);
  writeFileSync(join(uiDir, 'assets', 'index-abc123.js'), 'console.log("ui")');
  t = await createTestApp({ uiDir, startRunner: false });
});
after(() => t.close());

describe('the UI files', () => {
  it('serves index.html at / without a token, never cached, under the strict CSP', async () => {
    const res = await t.http.get('/');
    assert.equal(res.status, 200);
    assert.equal(res.text, INDEX);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.match(res.headers['content-security-policy']!, /script-src 'self'(;|$)/);
  });

  it('turns /?token= into the HttpOnly cookie and drops the token from the address', async () => {
    const res = await t.http.get(`/?token=${TEST_TOKEN}`);
    assert.equal(res.status, 302);
    assert.equal(res.headers.location, '/');
    assert.match(String(res.headers['set-cookie']), /siteloupe_token=.*HttpOnly.*SameSite=Strict/i);
  });

  it('caches hashed assets for good', async () => {
    const res = await t.http.get('/assets/index-abc123.js');
    assert.equal(res.status, 200);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  it('answers a page navigation to an unknown path with index.html', async () => {
    const res = await t.http.get('/campaigns/3').set('Accept', 'text/html,application/xhtml+xml');
    assert.equal(res.status, 200);
    assert.equal(res.text, INDEX);
  });

  it('leaves API paths, files and non-page requests to the API', async () => {
    // An API route stays the API even for a browser navigation (here: no token, so 401).
    assertProblem(await t.http.get('/sites').set('Accept', 'text/html'), 401, 'unauthorized');
    // A missing asset is a 404, not the page.
    assertProblem(await t.get('/assets/missing.js').set('Accept', 'text/html'), 404, 'not-found');
    // A script asking for JSON gets the problem, not HTML.
    assertProblem(await t.get('/no/such/route').set('Accept', 'application/json'), 404, 'not-found');
  });
});
