/** The link index and its cache (link-index.ts, link-index-cache.ts) over a real SQLite store. */
import assert from 'node:assert/strict';
import { setImmediate as tick } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { isDeadEnd, isOrphan, ALL_KINDS_MASK, kindMask } from '../../../../server/domain/graph/link-index.js';
import { EDGE_KINDS } from '../../../../server/schemas/crawl.js';
import { seedLinkGraphSite } from '../../../../bench/site/large-link-graph.js';
import { EventBus } from '../../../../server/domain/events.js';
import { decodeLinkIndex } from '../../../../server/domain/graph/link-index-codec.js';
import { LinkIndexCache } from '../../../../server/domain/graph/link-index-cache.js';
import { linkGraphStore } from '../../../helpers/link-graph-store.js';

describe('link index', () => {
  it('holds the site’s pages in id order and every link between them with its kind and nofollow', () => {
    const s = linkGraphStore();
    try {
      const home = s.page('/', { depth: 0 });
      const a = s.page('/a');
      const pdf = s.page('/file.pdf', { contentType: 'application/pdf' });
      const lonely = s.page('/lonely', { sitemapOnly: true });
      const external = Number(
        s.store.db
          .prepare(
            `INSERT INTO urls (site_id, url, internal, state, priority, first_seen_at) VALUES (?, 'https://x.test/', 0, 'skipped', 0, 'x')`,
          )
          .run(s.siteId).lastInsertRowid,
      );
      for (const kind of EDGE_KINDS) s.link(home, a, { kind, nofollow: kind === 'footer' });
      s.link(a, pdf);
      s.link(a, external);
      const g = s.index();
      assert.deepEqual(Array.from(g.ids), [home, a, pdf, lonely]);
      assert.equal(g.m, EDGE_KINDS.length + 1, 'the link to an external URL is left out');
      const fromHome = [];
      for (let e = g.outStart[0]!; e < g.outStart[1]!; e++)
        fromHome.push(`${EDGE_KINDS[g.kind[e]!]}${g.nofollow[e] ? ' nofollow' : ''}`);
      assert.deepEqual(
        fromHome.sort(),
        EDGE_KINDS.map((k) => (k === 'footer' ? 'footer nofollow' : k)).sort(),
      );
      assert.deepEqual(g.starts, [0]);
      assert.equal(isOrphan(g, s.at(lonely), ALL_KINDS_MASK), true);
      assert.equal(isOrphan(g, s.at(a), ALL_KINDS_MASK), false);
      assert.equal(isOrphan(g, s.at(pdf), kindMask(['navigation'])), true, 'no navigation link leads to it');
      assert.equal(isDeadEnd(g, s.at(lonely), ALL_KINDS_MASK), true);
      assert.equal(isDeadEnd(g, s.at(pdf), ALL_KINDS_MASK), false, 'not HTML');
      assert.equal(isDeadEnd(g, s.at(a), kindMask(['navigation'])), true);
    } finally {
      s.close();
    }
  });
});

describe('link index cache', () => {
  it('keeps the index in SQLite for the next run, read back equal to the one built', async () => {
    const s = linkGraphStore('https://harbour-kitchen.example');
    try {
      const seeded = seedLinkGraphSite(s.store, { pages: 1500 });
      const built = s.cache.get(seeded.siteId);
      const stored = s.store.linkIndexes.get(seeded.siteId);
      assert.ok(stored, 'written when built');
      const parts = decodeLinkIndex(stored.urls, stored.data)!;
      for (const key of [
        'ids',
        'depth',
        'status',
        'flags',
        'outStart',
        'target',
        'kind',
        'nofollow',
      ] as const)
        assert.deepEqual(Array.from(parts[key]), Array.from(built[key]), key);
      assert.deepEqual(parts.urls, built.urls);

      // A new cache (the next run) reads it instead of building: same answers, another object.
      const next = new LinkIndexCache(s.store, new EventBus());
      const read = next.get(seeded.siteId);
      assert.notEqual(read, built);
      assert.deepEqual(Array.from(read.inEdge), Array.from(built.inEdge));
      assert.deepEqual(read.starts, built.starts);
      assert.equal(read.indexOf(seeded.samplePageId), built.indexOf(seeded.samplePageId));

      // Bytes of another shape are not trusted.
      assert.equal(decodeLinkIndex(stored.urls, stored.data.subarray(0, stored.data.length - 1)), null);
      assert.equal(decodeLinkIndex('', stored.data), null);

      // A finished crawl deletes the stored copy, whatever its version.
      s.bus.emit('site.updated', { site_id: seeded.siteId, changes: ['pages', 'links'] });
      assert.equal(s.store.linkIndexes.get(seeded.siteId), undefined);
    } finally {
      s.close();
    }
  });

  it('keeps one index until links are written or a crawl announces pages or links', async () => {
    const s = linkGraphStore();
    try {
      const home = s.page('/', { depth: 0 });
      const a = s.page('/a');
      const first = s.cache.get(s.siteId);
      assert.equal(s.cache.get(s.siteId), first);
      s.bus.emit('site.updated', { site_id: s.siteId, changes: ['campaigns'] });
      assert.equal(s.cache.get(s.siteId), first, 'campaigns do not touch the graph');

      s.link(home, a);
      const second = s.cache.get(s.siteId);
      assert.notEqual(second, first, 'a written link changes the version');
      assert.equal(second.m, 1);

      s.bus.emit('site.updated', { site_id: s.siteId, changes: ['site', 'pages', 'links'] });
      await tick();
      const third = s.cache.get(s.siteId);
      assert.notEqual(third, second, 'a finished crawl drops it (and it is built again at once)');
      assert.equal(s.cache.get(s.siteId), third);

      s.bus.emit('site.deleted', s.siteId);
      assert.notEqual(s.cache.get(s.siteId), third);
    } finally {
      s.close();
    }
  });
});
