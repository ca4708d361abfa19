/**
 * A cursor a list did not issue is refused with a 400 naming `query.cursor`, on every list that pages by id:
 * silently starting again from the first page would let a client loop forever.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { encodeCursor } from '../../../server/schemas/common.js';
import { assertProblem, createTestApp, type TestApp } from '../../helpers/test-app.js';

let t: TestApp;
let siteId: number;

before(async () => {
  t = await createTestApp();
  siteId = (await t.call('sites.create', { start_url: 'http://127.0.0.1:9/' })).id;
});
after(async () => t.close());

describe('foreign cursors', () => {
  for (const bad of [['x'], [1, 'extra'], [null]]) {
    it(`refuses ${JSON.stringify(bad)} on every id-paged list`, async () => {
      const cursor = encodeCursor(bad as never);
      for (const path of [
        `/sites?cursor=${cursor}`,
        `/jobs?cursor=${cursor}`,
        `/sites/${siteId}/link-graph?cursor=${cursor}`,
        `/similarity/clusters?site_id=${siteId}&cursor=${cursor}`,
      ]) {
        const res = await t.get(path);
        assertProblem(res, 400, 'validation');
        assert.ok(JSON.stringify(res.body).includes('query.cursor'), `${path}: ${JSON.stringify(res.body)}`);
      }
    });
  }

  it('still pages with the cursors the lists issue', async () => {
    await t.call('sites.create', { start_url: 'http://127.0.0.1:9/other/' });
    const first = await t.call('sites.list', { limit: 1 });
    assert.ok(first.next_cursor);
    const second = await t.call('sites.list', { limit: 1, cursor: first.next_cursor });
    assert.notEqual(second.items[0]!.id, first.items[0]!.id);
  });
});
