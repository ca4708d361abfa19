/**
 * Fetch Metadata: the cookie is SameSite=Strict, but another port on loopback is the same site, so a page there
 * could make the browser send authenticated no-cors GETs. The API refuses any request a browser marks as coming
 * from another site; the UI's own calls, typed addresses and clients without a browser pass, and so does a
 * top-level navigation to the UI's page, which carries no data.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fakeUiDir } from '../../helpers/fake-ui.js';
import { assertProblem, createTestApp, TEST_TOKEN, type TestApp } from '../../helpers/test-app.js';

const INDEX = '<!doctype html><title>Siteloupe</title>';
const COOKIE = { Cookie: `siteloupe_token=${TEST_TOKEN}` };
/** What a browser sends for a top-level navigation, a link followed or a URL opened from another page. */
const NAVIGATION = { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', Accept: 'text/html' };
/** What a browser sends for `<img src>` or `<script src>` in another page. */
const NO_CORS = { 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' };
let t: TestApp;

before(async () => {
  t = await createTestApp({ uiDir: fakeUiDir(INDEX), startRunner: false });
});
after(() => t.close());

describe('API requests by where the browser says they come from', () => {
  for (const site of ['same-site', 'cross-site']) {
    it(`refuses Sec-Fetch-Site: ${site} even with the cookie or the token`, async () => {
      const withCookie = await t.http.get('/sites').set(COOKIE).set(NO_CORS).set('Sec-Fetch-Site', site);
      const p = assertProblem(withCookie, 403, 'forbidden-host');
      assert.match(p.detail!, new RegExp(`Sec-Fetch-Site: ${site}`));
      assert.match(p.detail!, /another port/);
      assertProblem(await t.get('/sites').set('Sec-Fetch-Site', site), 403, 'forbidden-host');
      // A link to a download (the exports, report.pdf) is refused too: the navigation carries the cookie.
      assertProblem(
        await t.http.get('/jobs').set(COOKIE).set(NAVIGATION).set('Sec-Fetch-Site', site),
        403,
        'forbidden-host',
      );
      // Before the token check, on public routes and on the 404/405 answers alike.
      assertProblem(await t.http.get('/sites').set('Sec-Fetch-Site', site), 403, 'forbidden-host');
      assertProblem(await t.http.get('/health').set('Sec-Fetch-Site', site), 403, 'forbidden-host');
      assertProblem(
        await t.http.post('/jobs').set(COOKIE).set('Sec-Fetch-Site', site),
        403,
        'forbidden-host',
      );
    });
  }

  it('refuses a value it does not know', async () => {
    assertProblem(await t.get('/sites').set('Sec-Fetch-Site', 'elsewhere'), 403, 'forbidden-host');
  });

  for (const site of ['same-origin', 'none']) {
    it(`accepts Sec-Fetch-Site: ${site} with the cookie`, async () => {
      const res = await t.http.get('/sites').set(COOKIE).set('Sec-Fetch-Site', site);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { items: [], next_cursor: null });
      assert.equal(
        (await t.http.get('/jobs').set(COOKIE).set(NAVIGATION).set('Sec-Fetch-Site', site)).status,
        200,
      );
    });
  }

  it('accepts a request without the header (a client that is not a browser)', async () => {
    assert.equal((await t.http.get('/sites').set(COOKIE)).status, 200);
    assert.equal((await t.get('/sites')).status, 200);
    assert.equal((await t.http.get('/health')).status, 200);
  });
});

describe('the UI, by where the browser says a request comes from', () => {
  for (const site of ['same-site', 'cross-site']) {
    it(`serves a top-level navigation from ${site} to the page, which carries no data`, async () => {
      for (const path of ['/', '/campaigns/3']) {
        const res = await t.http.get(path).set(NAVIGATION).set('Sec-Fetch-Site', site);
        assert.equal(res.status, 200, path);
        assert.equal(res.text, INDEX, path);
      }
      // The token link, opened from another page, still turns into the cookie.
      const landing = await t.http.get(`/?token=${TEST_TOKEN}`).set(NAVIGATION).set('Sec-Fetch-Site', site);
      assert.equal(landing.status, 302);
      assert.match(String(landing.headers['set-cookie']), /siteloupe_token=/);
    });

    it(`refuses what is not a top-level navigation from ${site}: embedding, scripts, frames`, async () => {
      const script = await t.http
        .get('/assets/index-abc123.js')
        .set({ 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'script' })
        .set('Sec-Fetch-Site', site);
      assertProblem(script, 403, 'forbidden-host');
      assertProblem(await t.http.get('/').set(NO_CORS).set('Sec-Fetch-Site', site), 403, 'forbidden-host');
      const frame = await t.http
        .get('/')
        .set({ ...NAVIGATION, 'Sec-Fetch-Dest': 'iframe' })
        .set('Sec-Fetch-Site', site);
      assertProblem(frame, 403, 'forbidden-host');
    });
  }

  it('serves the UI’s own requests for its files', async () => {
    const res = await t.http
      .get('/assets/index-abc123.js')
      .set({ 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'script', 'Sec-Fetch-Site': 'same-origin' });
    assert.equal(res.status, 200);
  });
});
