/**
 * The frontier applies its crawl's scope to URLs it already has rows for, whatever the stored `internal` flag
 * says: a crawl resumed after follow_subdomains was turned off does not fetch the subdomain URLs it had queued,
 * and one resumed after it was turned on queues the ones it had left outside.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { CrawlFrontier, type Discovery } from '../../../../server/domain/crawl/crawl-frontier.js';
import { createScope } from '../../../../server/domain/crawl/scope.js';
import { createStore, openDatabase } from '../../../../server/store/index.js';
import { makeTempDir } from '../../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));

function setup(name: string) {
  const file = join(dir, `${name}.db`);
  const db = openDatabase(file);
  const store = createStore(db, file);
  const site = store.sites.insert({
    name: 'Garden',
    start_url: 'https://garden.test/',
    origin: 'https://garden.test',
    settings: {},
  });
  const frontier = (followSubdomains: boolean) =>
    new CrawlFrontier(
      store,
      site.id,
      createScope({ origin: 'https://garden.test', followSubdomains, include: [], exclude: [] }),
      { maxDepth: null, maxRedirects: 10 },
    );
  const row = (url: string) => {
    const r = store.urls.byUrl(site.id, url)!;
    return { internal: r.internal, state: r.state, reason: r.reason };
  };
  return { db, store, frontier, row };
}

const link = (url: string): Discovery => ({ url, source: 'link', depth: 1, followable: true });
const SHOP = 'https://shop.garden.test/trowels/';
const GUIDE = 'https://garden.test/guides/';

describe('CrawlFrontier and a changed scope', () => {
  it('a queued subdomain URL met under follow_subdomains off is skipped as outside the site', () => {
    const { db, store, frontier, row } = setup('off');
    store.tx(() => {
      const on = frontier(true);
      on.discover(link(SHOP));
      on.discover(link(GUIDE));
    });
    assert.deepEqual(row(SHOP), { internal: 1, state: 'queued', reason: null });

    store.tx(() => {
      const off = frontier(false);
      off.discover(link(SHOP));
      off.discover(link(GUIDE));
    });
    assert.deepEqual(row(SHOP), { internal: 0, state: 'skipped', reason: 'outside_scope' });
    assert.deepEqual(row(GUIDE), { internal: 1, state: 'queued', reason: null });
    db.close();
  });

  it('a subdomain URL skipped as outside the site is queued under follow_subdomains on', () => {
    const { db, store, frontier, row } = setup('on');
    store.tx(() => void frontier(false).discover(link(SHOP)));
    assert.deepEqual(row(SHOP), { internal: 0, state: 'skipped', reason: 'outside_scope' });

    store.tx(() => void frontier(true).discover(link(SHOP)));
    assert.deepEqual(row(SHOP), { internal: 1, state: 'queued', reason: null });
    db.close();
  });

  it('a URL this crawl fetched keeps its state and flag when met again', () => {
    const { db, store, frontier, row } = setup('done');
    const id = store.tx(() => frontier(true).discover(link(SHOP)));
    store.urls.setState(id, 'done');
    store.tx(() => void frontier(false).discover(link(SHOP)));
    assert.deepEqual(row(SHOP), { internal: 1, state: 'done', reason: null });
    db.close();
  });
});
