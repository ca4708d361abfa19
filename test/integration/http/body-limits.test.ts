/**
 * Requests a client got wrong in ways the schemas never see: JSON nested deeper than the app walks, paths that
 * do not percent-decode, and bodies that do not decompress as their `Content-Encoding` says. Each is the
 * client's mistake, so it is a 400 problem+json that says what was wrong, logged without an error or a stack,
 * and the server keeps answering.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { MAX_JSON_DEPTH } from '../../../server/http/json-depth.js';
import { createLogger } from '../../../server/logger.js';
import { assertProblem, createTestApp, type TestApp } from '../../helpers/test-app.js';

/** Arrays nested deep enough to overflow the stack of any recursive walk (JSON.stringify, zod). */
const DEEP = 8000;
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

let t: TestApp;
const logs: string[] = [];

before(async () => {
  t = await createTestApp({ logger: createLogger('debug', (line) => logs.push(line)) });
});
after(() => t.close());

/** A raw JSON text, sent as is (supertest would serialise an object itself). */
const postText = (path: string, text: string, headers: Record<string, string> = {}) =>
  t.http
    .post(path)
    .set(t.auth)
    .set({ 'Content-Type': 'application/json', ...headers })
    .send(text);

/** A body sent byte for byte (supertest would serialise a Buffer as JSON for a JSON content type). */
function postBytes(path: string, body: Buffer, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string>; body: unknown }>(
    (resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: t.port,
          method: 'POST',
          path,
          headers: {
            ...t.auth,
            host: `127.0.0.1:${t.port}`,
            'content-length': String(body.length),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              headers: res.headers as Record<string, string>,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    },
  );
}

/** No client error reached the log as an error, nor with a stack. */
function assertNothingLoggedAsError(from: number): void {
  const lines = logs.slice(from);
  const errors = lines.filter((l) => / error /.test(l) || /\n\s+at /.test(l));
  assert.deepEqual(errors, [], 'a client error was logged as a server error');
}

async function assertStillAnswers(): Promise<void> {
  const health = await t.http.get('/health');
  assert.equal(health.status, 200);
}

describe('JSON nesting depth', () => {
  it('refuses a body nested deeper than the limit on the proxy, naming the limit', async () => {
    const from = logs.length;
    const text = `{"method":"POST","path":"/sites","body":${deepArray(DEEP)}}`;
    const res = await postText('/proxy', text);
    const p = assertProblem(res, 400, 'validation');
    assert.match(p.detail, new RegExp(`\\b${MAX_JSON_DEPTH}\\b`));
    assert.deepEqual(
      p.errors?.map((e) => e.path),
      ['body'],
    );
    assertNothingLoggedAsError(from);
    await assertStillAnswers();
  });

  it('refuses a deep body on an ordinary route, arrays or objects', async () => {
    const from = logs.length;
    for (const text of [deepArray(DEEP), deepObject(DEEP), deepArray(MAX_JSON_DEPTH + 1)]) {
      const res = await postText('/sites', text);
      const p = assertProblem(res, 400, 'validation');
      assert.match(p.detail!, new RegExp(`\\b${MAX_JSON_DEPTH}\\b`), text.slice(0, 40));
    }
    assertNothingLoggedAsError(from);
    await assertStillAnswers();
  });

  it('lets a body at the limit through to the schema', async () => {
    const res = await postText('/sites', deepArray(MAX_JSON_DEPTH));
    const p = assertProblem(res, 400, 'validation');
    assert.doesNotMatch(p.detail!, /nest/);
    // The proxy's own body is a few levels deeper than the call's body it carries.
    const proxied = await postText(
      '/proxy',
      JSON.stringify({ method: 'POST', path: '/ideas/check', body: { idea: JSON.parse(deepArray(60)) } }),
    );
    const inner = assertProblem(proxied, 400, 'validation');
    assert.match(inner.detail!, /body\.idea/);
  });
});

describe('paths that do not percent-decode', () => {
  for (const path of ['/sites/%ff', '/sites/%E0%A4%A', '/sites/%', '/sites/%c0/summary']) {
    it(`GET ${path} is a 400 problem, not a 500`, async () => {
      const from = logs.length;
      const res = await t.get(path);
      const p = assertProblem(res, 400, 'malformed-request');
      assert.match(p.detail!, /percent-encod/);
      assertNothingLoggedAsError(from);
    });
  }

  it('still asks for the token first', async () => {
    const res = await t.http.get('/sites/%ff');
    assertProblem(res, 401, 'unauthorized');
  });
});

describe('bodies that do not decompress', () => {
  for (const encoding of ['gzip', 'deflate', 'br']) {
    it(`a body sent as Content-Encoding: ${encoding} that is not is a 400 problem`, async () => {
      const from = logs.length;
      const res = await postText('/sites', '{"start_url":"https://example.com/"}', {
        'Content-Encoding': encoding,
      });
      const p = assertProblem(res, 400, 'malformed-request');
      assert.match(p.detail!, new RegExp(`Content-Encoding.*${encoding}`));
      assertNothingLoggedAsError(from);
      await assertStillAnswers();
    });
  }

  it('a truncated gzip body is a 400 problem', async () => {
    const gz = gzipSync(JSON.stringify({ start_url: 'https://example.com/', name: 'x'.repeat(500) }));
    const res = await postBytes('/sites', gz.subarray(0, gz.length - 20), {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    assertProblem(res, 400, 'malformed-request');
  });

  it('a body that does decompress reaches the schema', async () => {
    for (const [encoding, body] of [
      ['gzip', gzipSync('{"zz_unknown":1}')],
      ['br', brotliCompressSync('{"zz_unknown":1}')],
    ] as const) {
      const res = await postBytes('/sites', body, {
        'content-type': 'application/json',
        'content-encoding': encoding,
      });
      const p = assertProblem(res, 400, 'validation');
      assert.ok(
        p.errors?.some((e) => e.path === 'body.zz_unknown'),
        JSON.stringify(p),
      );
    }
  });

  it('a charset other than UTF-8 is a 415 problem naming it', async () => {
    const res = await t.http
      .post('/sites')
      .set(t.auth)
      .set('Content-Type', 'application/json; charset=latin1')
      .send('{}');
    const p = assertProblem(res, 415, 'unsupported-media-type');
    assert.match(p.detail!, /latin1.*UTF-8/);
  });

  it('an encoding the server does not know is a 415 problem naming it', async () => {
    const res = await postText('/sites', '{}', { 'Content-Encoding': 'x-unknown' });
    const p = assertProblem(res, 415, 'unsupported-media-type');
    assert.match(p.detail!, /x-unknown/);
  });
});
