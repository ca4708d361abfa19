/**
 * An id in a path or query has one spelling: decimal digits without leading zeros. `00001`, `+1`, `1.0` and
 * `1e0` all spell 1 to `Number`, and a fuzzer deleted site 1 through `DELETE /sites/00001`; each is a 400
 * validation problem naming the parameter (not a 404: the site exists, the request is what is wrong), and
 * nothing is acted on.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertProblem, createTestApp, type TestApp } from '../../helpers/test-app.js';

let t: TestApp;
let siteId: number;
before(async () => {
  t = await createTestApp();
  siteId = (await t.call('sites.create', { start_url: 'https://ids.example/' })).id;
  assert.equal(siteId, 1);
});
after(() => t.close());

const NON_CANONICAL = ['00001', '01', '+1', '1.0', '1e0', '0x1', '1_0', ' 1', '1 '];

describe('integer ids in paths and queries', () => {
  it('refuse every spelling of 1 but `1` in a path, naming the parameter, and act on nothing', async () => {
    for (const spelling of NON_CANONICAL) {
      const path = `/sites/${encodeURIComponent(spelling)}`;
      for (const res of [await t.get(path), await t.http.delete(path).set(t.auth)]) {
        const problem = assertProblem(res, 400, 'validation');
        const field = problem.errors.find((e) => e.path === 'path.site_id');
        assert.ok(field, `${spelling}: ${JSON.stringify(problem)}`);
        if (/^\s*[+\d]/.test(spelling) && !spelling.includes('x') && !spelling.includes('_'))
          assert.match(field.message, /plain digits, without leading zeros/, spelling);
      }
    }
    assert.equal((await t.call('sites.get', { site_id: siteId })).id, siteId, 'the site is still there');
    assert.equal((await t.get('/sites/1')).status, 200);
  });

  it('refuse them in a query too', async () => {
    for (const spelling of NON_CANONICAL) {
      const res = await t.get(`/pages?site_id=${encodeURIComponent(spelling)}`);
      const problem = assertProblem(res, 400, 'validation');
      assert.ok(
        problem.errors.some((e) => e.path === 'query.site_id'),
        `${spelling}: ${JSON.stringify(problem)}`,
      );
    }
    assert.equal((await t.get('/pages?site_id=1')).status, 200);
  });

  it('say 0 is not a positive id, and an unknown canonical id is a 404', async () => {
    const zero = assertProblem(await t.get('/sites/0'), 400, 'validation');
    assert.match(zero.errors.find((e) => e.path === 'path.site_id')!.message, /positive/);
    assertProblem(await t.get('/sites/10'), 404, 'not-found');
  });
});
