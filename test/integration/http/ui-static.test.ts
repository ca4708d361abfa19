/**
 * The built UI at `/`: files without a token, the token link turning into a cookie, hashed assets cached for
 * good and index.html never, the SPA fallback for page navigations only, and API paths never shadowed by it.
 * Whatever the UI's router does not serve (OPTIONS, API paths, a directory) is answered as problem+json.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fakeUiDir } from '../../helpers/fake-ui.js';
import { assertProblem, createTestApp, TEST_TOKEN, type TestApp } from '../../helpers/test-app.js';

const INDEX =
  '<!doctype html><title>Siteloupe</title><script type="module" src="/assets/index-abc123.js"></script>';
let t: TestApp;

before(async () => {
  // A file named like an API route must not shadow it.
  const uiDir = fakeUiDir(INDEX, { sites: 'not the API' });
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

describe('what the UI’s router leaves to the API', () => {
  it('answers OPTIONS on an API path with 405 and the methods the path has, after the token check', async () => {
    const sites = await t.http.options('/sites').set(t.auth);
    const p = assertProblem(sites, 405, 'method-not-allowed');
    assert.equal(sites.headers.allow, 'GET, POST, HEAD');
    assert.match(p.detail!, /OPTIONS is not allowed on \/sites/);
    const health = assertProblem(await t.http.options('/health').set(t.auth), 405, 'method-not-allowed');
    assert.match(health.detail!, /use GET, HEAD/);
    assertProblem(await t.http.options('/sites'), 401, 'unauthorized');
    assertProblem(await t.http.options('/health'), 401, 'unauthorized');
  });

  it('answers OPTIONS on the UI’s paths as problem+json, never Express’s text/plain', async () => {
    for (const path of ['/', '/assets/index-abc123.js', '/campaigns/3', '/no/such/route']) {
      assertProblem(await t.http.options(path), 401, 'unauthorized');
      assertProblem(await t.http.options(path).set(t.auth), 404, 'not-found');
    }
  });

  it('never serves a file named like an API route', async () => {
    const res = await t.get('/sites');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { items: [], next_cursor: null });
    assertProblem(await t.http.get('/sites'), 401, 'unauthorized');
  });

  it('answers /assets without a file with a 404 problem, not a redirect page', async () => {
    for (const path of ['/assets', '/assets/', '/assets/nothing']) {
      assertProblem(await t.get(path).set('Accept', 'text/html'), 404, 'not-found');
      assertProblem(await t.http.get(path).set('Accept', 'text/html'), 401, 'unauthorized');
    }
  });
});

describe('before the renderer is built', () => {
  it('shows the fallback page at / and answers OPTIONS as problem+json', async () => {
    const bare = await createTestApp({ startRunner: false });
    try {
      const page = await bare.http.get('/');
      assert.equal(page.status, 200);
      assert.match(page.headers['content-type']!, /text\/html/);
      assertProblem(await bare.http.options('/'), 401, 'unauthorized');
      assertProblem(await bare.http.options('/').set(bare.auth), 404, 'not-found');
      assertProblem(await bare.http.options('/sites').set(bare.auth), 405, 'method-not-allowed');
    } finally {
      await bare.close();
    }
  });
});
