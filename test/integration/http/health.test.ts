/** `GET /health?challenge=`: the server proves it holds the token, publicly and without ever showing it. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { proofMatches } from '../../../server/domain/system/server-proof.js';
import { TEST_TOKEN, assertProblem, createTestApp, type TestApp } from '../../helpers/test-app.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

describe('GET /health challenge', () => {
  it('answers HMAC-SHA256 of the nonce with the token, without the token', async () => {
    const nonce = 'Zm9vYmFyLWJhei1xdXV4LW5vbmNl';
    const res = await t.http.get(`/health?challenge=${nonce}`);
    assert.equal(res.status, 200);
    const body = res.body as { proof?: string; db: { path: string } };
    assert.equal(proofMatches(TEST_TOKEN, process.pid, nonce, body.proof), true);
    assert.doesNotMatch(res.text, new RegExp(TEST_TOKEN));
  });

  it('says nothing of a proof when not asked, and ignores parameters it does not know', async () => {
    const res = await t.http.get('/health?cache_bust=1');
    assert.equal(res.status, 200);
    assert.equal((res.body as { proof?: string }).proof, undefined);
  });

  it('refuses a challenge that is not a 16–128 character base64url nonce', async () => {
    for (const bad of ['short', 'x'.repeat(129), 'has space in it!!!', '']) {
      assertProblem(await t.http.get(`/health?challenge=${encodeURIComponent(bad)}`), 400, 'validation');
    }
  });
});

describe('GET /health challenge without a token', () => {
  it('gives no proof when the app has no key to prove with', async () => {
    const open = await createTestApp({ auth: false });
    try {
      const res = await open.http.get('/health?challenge=Zm9vYmFyLWJhei1xdXV4LW5vbmNl');
      assert.equal(res.status, 200);
      assert.equal((res.body as { proof?: string }).proof, undefined);
    } finally {
      await open.close();
    }
  });
});
