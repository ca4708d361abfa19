/**
 * A page id names one page for good: once the page is gone, its id answers 404 and never names another page,
 * so a client (or a campaign target) holding it cannot be shown something else.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { crawlFixture } from '../../helpers/crawl-site.js';
import { assertProblem, createTestApp, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

let t: TestApp;
let site: FixtureSite;
before(async () => {
  t = await createTestApp();
  site = await startFixtureSite({ seed: 2, articles: 8 });
});
after(async () => {
  await t.close();
  await site.close();
});

async function pageIds(siteId: number): Promise<number[]> {
  const { items, next_cursor } = await t.call('pages.list', { site_id: siteId, limit: 1000 });
  assert.equal(next_cursor, null);
  return items.map((p) => p.id);
}

describe('page ids', () => {
  it('are not given to another page after their site is deleted and a site is crawled again', async () => {
    const first = await crawlFixture(t, site);
    const oldIds = await pageIds(first);
    assert.ok(oldIds.length > 10, `${oldIds.length} pages`);
    assert.equal((await t.del(`/sites/${first}`)).status, 204);

    const second = await crawlFixture(t, site);
    const newIds = await pageIds(second);
    assert.equal(newIds.length, oldIds.length);
    const oldMax = Math.max(...oldIds);
    assert.ok(
      newIds.every((id) => id > oldMax),
      `new page ids start at ${Math.min(...newIds)}, old ones went up to ${oldMax}`,
    );
    for (const id of [Math.min(...oldIds), oldMax])
      assertProblem(await t.get(`/pages/${id}`), 404, 'not-found');
  });
});
