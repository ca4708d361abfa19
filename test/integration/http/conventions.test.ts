/** Section 1 of the interface contract: auth, Host/Origin, problem+json for every kind of bad request. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TEST_TOKEN, assertProblem, createTestApp, type TestApp } from '../../helpers/test-app.js';

let t: TestApp;
before(async () => {
  t = await createTestApp({ bodyLimitBytes: 4096 });
});
after(() => t.close());

describe('authentication', () => {
  it('refuses a route without the token, with a hint where to find it', async () => {
    const res = await t.http.get('/sites');
    const p = assertProblem(res, 401, 'unauthorized');
    assert.match(p.detail!, /Authorization: Bearer/);
    assert.equal(res.headers['www-authenticate'], 'Bearer realm="siteloupe"');
  });

  it('refuses a wrong token', async () => {
    assertProblem(await t.http.get('/sites').set('Authorization', 'Bearer nope'), 401, 'unauthorized');
    assertProblem(
      await t.http.get('/sites').set('Authorization', `Bearer ${TEST_TOKEN}x`),
      401,
      'unauthorized',
    );
  });

  it('accepts the Bearer token', async () => {
    const res = await t.get('/sites');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { items: [], next_cursor: null });
  });

  it('turns /?token= into an HttpOnly SameSite=Strict cookie and drops the token from the URL', async () => {
    const res = await t.http.get(`/?token=${TEST_TOKEN}`);
    assert.equal(res.status, 302);
    assert.equal(res.headers.location, '/');
    const cookie = String(res.headers['set-cookie']);
    assert.match(cookie, new RegExp(`^siteloupe_token=${TEST_TOKEN};`));
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Strict/);
    const withCookie = await t.http.get('/sites').set('Cookie', `siteloupe_token=${TEST_TOKEN}`);
    assert.equal(withCookie.status, 200);
  });

  it('refuses a wrong token in the landing link', async () => {
    assertProblem(await t.http.get('/?token=wrong'), 401, 'unauthorized');
  });

  it('sends security headers with every answer', async () => {
    for (const res of [await t.http.get('/health'), await t.get('/sites'), await t.http.get('/')]) {
      assert.match(res.headers['content-security-policy']!, /default-src 'self'.*frame-ancestors 'none'/);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['x-frame-options'], 'DENY');
      assert.equal(res.headers['x-powered-by'], undefined);
    }
  });

  it('leaves /health, /openapi.json and the UI open', async () => {
    assert.equal((await t.http.get('/health')).status, 200);
    assert.equal((await t.http.get('/openapi.json')).status, 200);
    const ui = await t.http.get('/');
    assert.equal(ui.status, 200);
    assert.match(ui.headers['content-type']!, /text\/html/);
  });

  it('--no-auth opens every route, explicitly', async () => {
    const open = await createTestApp({ auth: false });
    try {
      assert.equal((await open.http.get('/sites')).status, 200);
    } finally {
      await open.close();
    }
  });
});

describe('Host and Origin checks', () => {
  it('refuses a foreign Host (DNS rebinding) even with the token', async () => {
    const res = await t.get('/sites').set('Host', 'evil.example:80');
    assertProblem(res, 403, 'forbidden-host');
    assertProblem(await t.http.get('/health').set('Host', 'evil.example'), 403, 'forbidden-host');
  });

  it('accepts localhost and [::1] at the same port', async () => {
    for (const host of [`localhost:${t.port}`, `[::1]:${t.port}`, `127.0.0.1:${t.port}`]) {
      assert.equal((await t.get('/sites').set('Host', host)).status, 200, host);
    }
  });

  it('refuses a cross-site Origin and accepts the app’s own', async () => {
    assertProblem(await t.get('/sites').set('Origin', 'https://evil.example'), 403, 'forbidden-host');
    assertProblem(await t.get('/sites').set('Origin', 'null'), 403, 'forbidden-host');
    assert.equal((await t.get('/sites').set('Origin', t.baseUrl)).status, 200);
    assert.equal((await t.get('/sites').set('Origin', `http://localhost:${t.port}`)).status, 200);
    assertProblem(
      await t.get('/sites').set('Origin', `http://127.0.0.1:${t.port + 1}`),
      403,
      'forbidden-host',
    );
  });
});

describe('problem+json for bad requests', () => {
  it('malformed JSON → 400 malformed-json', async () => {
    const res = await t.http
      .post('/sites')
      .set(t.auth)
      .set('Content-Type', 'application/json')
      .send('{"start_url": ');
    assertProblem(res, 400, 'malformed-json');
  });

  it('a non-JSON content type → 415', async () => {
    const res = await t.http.post('/sites').set(t.auth).set('Content-Type', 'text/plain').send('start_url=x');
    assertProblem(res, 415, 'unsupported-media-type');
  });

  it('a body over the limit → 413', async () => {
    const res = await t.post('/sites', { start_url: 'https://a.test/', name: 'x'.repeat(10_000) });
    assertProblem(res, 413, 'payload-too-large');
  });

  it('unknown body fields → 400 listing each field', async () => {
    const res = await t.post('/sites', {
      start_url: 'https://a.test/',
      colour: 'red',
      settings: { max_pagez: 1 },
    });
    const p = assertProblem(res, 400, 'validation');
    assert.deepEqual(p.errors.map((e) => e.path).sort(), ['body.colour', 'body.settings.max_pagez']);
    assert.match(p.errors[0]!.message, /not a known field/);
  });

  it('an empty body names the missing fields', async () => {
    const res = await t.http.post('/sites').set(t.auth);
    const p = assertProblem(res, 400, 'validation');
    assert.deepEqual(
      p.errors.map((e) => e.path),
      ['body.start_url'],
    );
  });

  it('a JSON array or scalar body is a validation error, not a crash', async () => {
    for (const body of ['[]', '"x"', '42', 'null']) {
      const res = await t.http.post('/sites').set(t.auth).set('Content-Type', 'application/json').send(body);
      assertProblem(res, 400, 'validation');
    }
  });

  it('bad path and query parameters → 400 with their paths', async () => {
    const p = assertProblem(await t.get('/sites/abc'), 400, 'validation');
    assert.equal(p.errors[0]!.path, 'path.site_id');
    const q = assertProblem(await t.get('/sites?limit=5000&bogus=1'), 400, 'validation');
    assert.deepEqual(q.errors.map((e) => e.path).sort(), ['query.bogus', 'query.limit']);
    assertProblem(await t.get('/sites?cursor=not-a-cursor'), 400, 'validation');
  });

  it('an unknown route → 404', async () => {
    const res = await t.get('/no/such/route');
    const p = assertProblem(res, 404, 'not-found');
    assert.equal(p.instance, '/no/such/route');
  });

  it('a known path with the wrong method → 405 with Allow', async () => {
    const res = await t.http.put('/sites').set(t.auth).send({});
    assertProblem(res, 405, 'method-not-allowed');
    assert.equal(res.headers.allow, 'GET, POST, HEAD');
  });

  it('never leaks a stack trace', async () => {
    const res = await t.http.post('/sites').set(t.auth).set('Content-Type', 'application/json').send('{bad');
    assert.doesNotMatch(JSON.stringify(res.body), /at \w+ \(|node_modules/);
  });
});
