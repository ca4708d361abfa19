/**
 * Section 5 of the interface contract: `POST /proxy` enforces the allowlist from the same route metadata that
 * writes `x-stability`, answers errors and downloads as the direct call does, and refuses absolute URLs, dot
 * segments, encoded slashes, itself, the event stream and oversized bodies. (That every stable and beta
 * operation answers through the proxy as it does directly is `proxy-parity.test.ts`.)
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import express from 'express';
import { dispatchInProcess } from '../../../server/http/in-process.js';
import { relayAnswer } from '../../../server/http/relay-answer.js';
import { analysedSite } from '../../helpers/analysed-site.js';
import {
  fillPath,
  isEventStream,
  loadOperations,
  seedPool,
  ValuePool,
  type Operation,
} from '../../helpers/api-operations.js';
import {
  assertSameAnswer,
  call as callApi,
  json,
  viaProxy as proxyCall,
} from '../../helpers/proxy-answers.js';
import { TEST_TOKEN, assertProblem, createTestApp, type TestApp } from '../../helpers/test-app.js';
import type { FixtureSite } from '../../fixtures/sites/fixture-site.js';

const BODY_LIMIT = 64 * 1024;

let t: TestApp;
let site: FixtureSite;
let siteId: number;
let operations: Operation[];
const pool = new ValuePool();

before(async () => {
  t = await createTestApp({ bodyLimitBytes: BODY_LIMIT });
  ({ site, siteId } = await analysedSite(t, 4));
  ({ operations } = await loadOperations(t));
  await seedPool(t, operations, pool);
});
after(async () => {
  await t.close();
  await site.close();
});

const call = (method: string, path: string, body?: unknown, headers?: object) =>
  callApi(t, method, path, body, headers);
const viaProxy = (method: string, path: string, body?: unknown, headers?: object) =>
  proxyCall(t, method, path, body, headers);

/**
 * Concrete paths for an operation: pool values for its path parameters (together where they belong together)
 * and its required query parameters, then the same with every optional `…_id` query parameter the pool knows.
 */
function candidatePaths(op: Operation): string[] {
  const pathParams = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const query = op.parameters.filter((p) => p.in === 'query');
  const required = query.filter((p) => p.required).map((p) => p.name);
  const ids = query.filter((p) => !p.required && p.name.endsWith('_id') && pool.get(p.name).length);
  const fills =
    pathParams.length > 1
      ? pool.combos(pathParams)
      : (pool.get(pathParams[0] ?? '').map((v) => ({ [pathParams[0]!]: v })) as Record<string, unknown>[]);
  const out: string[] = [];
  for (const fill of (fills.length ? fills : [{}]).slice(0, 6)) {
    const path = fillPath(op.path, { ...Object.fromEntries(pathParams.map((n) => [n, 987654])), ...fill });
    for (const names of [required, [...required, ...ids.map((p) => p.name)]]) {
      const q = new URLSearchParams(names.map((n): [string, string] => [n, String(pool.get(n)[0] ?? 1)]));
      out.push(q.size ? `${path}?${q}` : path);
    }
  }
  return [...new Set(out)];
}

describe('POST /proxy answers as the direct call', () => {
  it('for stable POST routes, with valid and invalid bodies', async () => {
    const cases: [string, unknown][] = [
      ['/ideas/check', { idea: 'How to improve clay soil for vegetables', site_id: siteId }],
      ['/pages/embeddings/search', { query: 'watering lawns in summer', site_id: siteId, k: 5 }],
      ['/ideas/check', {}],
      ['/ideas/check', { idea: 'x', colour: 'red' }],
      ['/pages/embeddings/search', { query: 42 }],
      ['/pages/embeddings/search', []],
    ];
    const statuses: number[] = [];
    for (const [path, body] of cases) {
      const direct = await call('POST', path, body);
      await assertSameAnswer(direct, await viaProxy('POST', path, body), `POST ${path}`);
      statuses.push(direct.status);
    }
    assert.deepEqual(statuses, [200, 200, 400, 400, 400, 400]);
  });

  it('for errors: unknown ids, bad queries, wrong methods (with Allow)', async () => {
    for (const [method, path, status] of [
      ['GET', '/pages/987654', 404],
      ['GET', '/pages?limit=0&sort=nope', 400],
      ['GET', `/sites/${siteId}/link-graph?edge_kind=bogus`, 400],
      ['DELETE', '/pages', 405],
      ['PUT', `/sites/${siteId}`, 405],
    ] as const) {
      const direct = await call(method, path);
      assert.equal(direct.status, status, `${method} ${path}`);
      await assertSameAnswer(direct, await viaProxy(method, path), `${method} ${path}`);
    }
    const allow = await viaProxy('DELETE', '/pages');
    assert.equal(allow.status, 405);
    assert.equal(allow.headers.get('allow'), 'GET, HEAD');
  });

  it('streams exports through with their content type and file name', async () => {
    for (const [file, type] of [
      ['pages.csv', /^text\/csv/],
      ['link-graph.graphml', /xml/],
      ['pages.xlsx', /spreadsheetml/],
    ] as const) {
      const path = `/export/${file}?site_id=${siteId}`;
      const direct = await call('GET', path);
      assert.equal(direct.status, 200, `${file}: ${direct.bytes.toString('utf8', 0, 200)}`);
      assert.match(direct.headers.get('content-type')!, type);
      assert.match(direct.headers.get('content-disposition')!, /^attachment; filename=/);
      assert.ok(direct.bytes.length > 1000, file);
      await assertSameAnswer(direct, await viaProxy('GET', path), file);
    }
  });

  it('carries the caller’s credentials: the token or the UI’s cookie', async () => {
    const cookie = { Cookie: `siteloupe_token=${TEST_TOKEN}` };
    const withCookie = await viaProxy('GET', `/sites/${siteId}`, undefined, cookie);
    assert.equal(withCookie.status, 200);
    assert.equal(json(withCookie).id, siteId);
    // The proxy call itself needs the token, like any route.
    const anonymous = await t.http.post('/proxy').send({ path: '/sites', method: 'GET' });
    assertProblem(anonymous, 401, 'unauthorized');
    const wrong = await viaProxy('GET', '/sites', undefined, { Authorization: 'Bearer wrong' });
    assert.equal(wrong.status, 401);
  });

  it('answers on every loopback name the server accepts, and refuses a foreign Host', async () => {
    const res = await t.http
      .post('/proxy')
      .set(t.auth)
      .set('Host', `localhost:${t.port}`)
      .send({ path: '/sites', method: 'get' });
    assert.equal(res.status, 200);
    const foreign = await t.http
      .post('/proxy')
      .set(t.auth)
      .set('Host', 'evil.example')
      .send({ path: '/sites', method: 'GET' });
    assertProblem(foreign, 403, 'forbidden-host');
  });
});

describe('the allowlist is the routes’ own x-stability', () => {
  it('refuses exactly the operations /openapi.json marks internal', async () => {
    const checked: string[] = [];
    for (const op of operations) {
      if (op.operationId === 'proxy.call' || isEventStream(op)) continue;
      const path = candidatePaths(op)[0]!.replace(/\/\d+(?=\/|$|\?)/g, '/987654');
      const res = await viaProxy(op.method.toUpperCase(), path);
      const type = res.status === 403 ? json(res).type : undefined;
      if (op.stability === 'internal') {
        assert.equal(res.status, 403, `${op.operationId} is internal: ${res.bytes.toString('utf8', 0, 300)}`);
        assert.equal(type, 'urn:siteloupe:problem:internal-route', op.operationId);
        assert.match(String(json(res).detail), /proxy_allow_internal/);
      } else {
        assert.notEqual(type, 'urn:siteloupe:problem:internal-route', `${op.operationId} is ${op.stability}`);
      }
      checked.push(`${op.stability} ${op.operationId} → ${res.status}`);
    }
    assert.ok(checked.some((c) => c.startsWith('internal')) && checked.some((c) => c.startsWith('stable')));
  });

  it('refuses case and trailing-slash spellings of an internal route, which the router accepts', async () => {
    assert.equal((await call('GET', '/SETTINGS')).status, 200);
    for (const [method, path] of [
      ['GET', '/SETTINGS'],
      ['GET', '/settings/'],
      ['post', '/Sites'],
      ['DELETE', `/SITES/${siteId}/`],
    ]) {
      const res = await viaProxy(method!, path!);
      assert.equal(res.status, 403, `${method} ${path}`);
      assert.equal(json(res).type, 'urn:siteloupe:problem:internal-route');
    }
  });

  it('lets internal routes through while the setting proxy_allow_internal is on', async () => {
    assert.equal((await t.patch('/settings', { proxy_allow_internal: true })).status, 200);
    try {
      const created = await viaProxy('POST', '/sites', { start_url: 'https://proxied.example/' });
      assert.equal(created.status, 201, created.bytes.toString());
      assert.equal(created.headers.get('location'), `/sites/${json(created).id}`);
      await assertSameAnswer(
        await call('GET', '/settings'),
        await viaProxy('GET', '/settings'),
        'GET /settings',
      );
      const deleted = await viaProxy('DELETE', `/sites/${json(created).id}`);
      assert.equal(deleted.status, 204);
      assert.equal(deleted.bytes.length, 0);
    } finally {
      assert.equal((await t.patch('/settings', { proxy_allow_internal: false })).status, 200);
    }
    assert.equal((await viaProxy('GET', '/settings')).status, 403);
  });
});

describe('refusals', () => {
  async function refused(path: string, message: RegExp) {
    const res = await t.post('/proxy', { path, method: 'GET' });
    const p = assertProblem(res, 400, 'validation');
    assert.equal(p.errors[0]!.path, 'body.path', path);
    assert.match(p.errors[0]!.message, message, path);
  }

  it('absolute URLs and other hosts', async () => {
    for (const path of [
      `http://127.0.0.1:${t.port}/sites`,
      'https://evil.example/sites',
      'sites',
      'javascript:alert(1)',
    ])
      await refused(path, /starting with "\/"/);
    await refused('//evil.example/sites', /another host/);
    await refused('/\\evil.example/sites', /backslash/);
    await refused('/sites#x', /fragment/);
    await refused('/sites /x', /spaces/);
  });

  it('dot segments, plain or percent-encoded (once or twice)', async () => {
    for (const path of [
      '/sites/../settings',
      '/./sites',
      '/sites/..',
      '/sites/%2e%2e/settings',
      '/sites/%2E%2E/settings',
      '/sites/.%2e/settings',
      '/sites/%252e%252e/settings',
    ])
      await refused(path, /"\." or "\.\." segments/);
  });

  it('encoded slashes and backslashes', async () => {
    for (const path of [
      '/sites%2f1',
      '/sites%2F1/summary',
      '/sites/1%5csummary',
      '/sites%5C1',
      '/sites%252f1',
    ])
      await refused(path, /encoded slashes/);
    await refused('/sites/%zz', /percent-encoded/);
  });

  it('the proxy itself, in any spelling', async () => {
    for (const path of ['/proxy', '/PROXY', '/proxy/', '/proxy?x=1', '/%70roxy', '/%2570roxy'])
      await refused(path, /\/proxy itself/);
    // A call that would nest another (the way recursion starts) is refused by its path whatever its method.
    const nested = await t.post('/proxy', {
      path: '/proxy',
      method: 'POST',
      body: { path: '/proxy', method: 'POST', body: { path: '/sites', method: 'GET' } },
    });
    const p = assertProblem(nested, 400, 'validation');
    assert.equal(p.errors[0]!.path, 'body.path');
    assert.match(p.errors[0]!.message, /\/proxy itself/);
  });

  it('the event stream, which never ends', async () => {
    for (const path of ['/events', '/EVENTS?site_id=1']) {
      const res = await t.post('/proxy', { path, method: 'GET' });
      const p = assertProblem(res, 400, 'validation');
      assert.match(p.detail!, /Server-Sent Events/);
    }
  });

  it('oversized bodies → 413, as for a direct call', async () => {
    const big = { idea: 'x'.repeat(BODY_LIMIT) };
    assertProblem(
      await t.post('/proxy', { path: '/ideas/check', method: 'POST', body: big }),
      413,
      'payload-too-large',
    );
    assertProblem(await t.post('/ideas/check', big), 413, 'payload-too-large');
  });

  it('bad proxy requests themselves', async () => {
    const res = await t.http.post('/proxy').set(t.auth).set('Content-Type', 'text/plain').send('GET /sites');
    assertProblem(res, 415, 'unsupported-media-type');
    const extra = assertProblem(
      await t.post('/proxy', { path: '/sites', method: 'GET', headers: {} }),
      400,
      'validation',
    );
    assert.match(JSON.stringify(extra), /body\.headers/);
    assertProblem(await t.post('/proxy', { path: '/sites', method: 'TRACE' }), 400, 'validation');
    assertProblem(await t.post('/proxy', { method: 'GET' }), 400, 'validation');
  });

  it('paths that are no API route: 404, never the UI’s files', async () => {
    for (const path of ['/', '/index.html', '/no/such/route/x', '/assets/app.js']) {
      const res = await t.post('/proxy', { path, method: 'GET' });
      const p = assertProblem(res, 404, 'not-found');
      assert.match(p.detail!, /openapi\.json/);
    }
  });
});

describe('long paths and failed calls answer, never drop the connection', () => {
  it('a path too long once percent-encoded → 400 naming body.path', async () => {
    // 3000 characters pass the 8192-character limit but are 18000 once encoded, over Node's 16 KiB header limit.
    const res = await t.post('/proxy', { path: '/pages?q=' + 'é'.repeat(3000), method: 'GET' });
    const p = assertProblem(res, 400, 'validation');
    assert.equal(p.errors[0]!.path, 'body.path');
    assert.match(p.errors[0]!.message, /18009 characters once .* percent-encoded; at most 8192/);
    // Just under the limit once encoded still reaches the route.
    const fits = await t.post('/proxy', { path: '/pages?q=' + 'é'.repeat(1360), method: 'GET' });
    assert.equal(fits.status, 400, JSON.stringify(fits.body));
    assert.match(JSON.stringify(fits.body), /query\.q/);
  });

  it('a call whose request line and headers overflow → 431 problem from the called server', async () => {
    // Each part fits the outer request; together (path + the caller's cookie) they exceed 16 KiB inside.
    const res = await t.http
      .post('/proxy')
      .set(t.auth)
      .set('Cookie', `other=${'c'.repeat(9000)}`)
      .send({ path: `/pages?site_id=${siteId}&q=${'a'.repeat(8000)}`, method: 'GET' });
    const p = assertProblem(res, 431, 'headers-too-large');
    assert.match(p.detail!, /16 KiB/);
  });

  describe('an inner connection that closes early', () => {
    let outer: Server;
    let base: string;
    const inner: Record<string, RequestListener> = {
      // Closes without a word: the call itself fails.
      silent: (req) => req.socket.destroy(),
      // Sends its status line and headers, then closes before any body.
      headers: (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/csv', 'content-length': '100' });
        res.flushHeaders();
        setTimeout(() => res.socket?.destroy(), 20);
      },
      // Sends part of its body, then closes: too late for a problem.
      partial: (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' });
        res.write('x'.repeat(10));
        setTimeout(() => res.socket?.destroy(), 20);
      },
      whole: (_req, res) => res.end('all of it'),
    };

    before(async () => {
      const app = express();
      app.get('/:kind', async (req, res) => {
        const call = dispatchInProcess(inner[req.params.kind]!, {
          method: 'GET',
          path: '/x',
          headers: { host: '127.0.0.1' },
          localPort: undefined,
        });
        await relayAnswer(call, res, req.path);
      });
      outer = app.listen(0, '127.0.0.1');
      await once(outer, 'listening');
      base = `http://127.0.0.1:${(outer.address() as AddressInfo).port}`;
    });
    after(() => {
      outer.closeAllConnections();
      outer.close();
    });

    for (const kind of ['silent', 'headers']) {
      it(`${kind}: 502 problem+json, with none of the called route's headers`, async () => {
        const res = await fetch(`${base}/${kind}`);
        assert.equal(res.status, 502);
        assert.match(res.headers.get('content-type')!, /^application\/problem\+json/);
        const p = (await res.json()) as { type: string; detail: string; instance: string };
        assert.equal(p.type, 'urn:siteloupe:problem:proxy-failed');
        assert.match(p.detail, /closed before its answer was complete/);
        assert.equal(p.instance, `/${kind}`);
      });
    }

    it('partial: the outer connection is cut, so the caller cannot take a short body as whole', async () => {
      const res = await fetch(`${base}/partial`);
      assert.equal(res.status, 200);
      await assert.rejects(res.text());
    });

    it('whole: passed through untouched', async () => {
      const res = await fetch(`${base}/whole`);
      assert.equal(res.status, 200);
      assert.equal(await res.text(), 'all of it');
    });
  });
});
