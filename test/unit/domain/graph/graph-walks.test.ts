/** Walks over the link index: click depths and paths (graph-paths.ts), link impact, the focus neighbourhood. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EDGE_KINDS } from '../../../../server/schemas/crawl.js';
import { clickDepths, shortestPath } from '../../../../server/domain/graph/graph-paths.js';
import { neighbourhood } from '../../../../server/domain/graph/graph-focus.js';
import { ALL_KINDS_MASK, kindMask } from '../../../../server/domain/graph/link-index.js';
import { linkImpact } from '../../../../server/domain/graph/link-impact.js';
import { seedLinkGraphSite } from '../../../../bench/site/large-link-graph.js';
import { linkGraphStore, type LinkGraphStore } from '../../../helpers/link-graph-store.js';

describe('walks over a small site', () => {
  let s: LinkGraphStore;
  const id: Record<string, number> = {};
  before(() => {
    s = linkGraphStore();
    id['/'] = s.page('/', { depth: 0 });
    for (const p of ['/a', '/old', '/b', '/c', '/d', '/nofollowed']) id[p] = s.page(p);
    s.link(id['/']!, id['/a']!);
    s.link(id['/']!, id['/old']!);
    s.link(id['/old']!, id['/b']!, { kind: 'redirect' });
    s.link(id['/']!, id['/nofollowed']!, { nofollow: true });
    s.link(id['/a']!, id['/c']!, { anchor: 'C' });
    s.link(id['/c']!, id['/d']!);
    s.link(id['/b']!, id['/d']!, { anchor: 'to D' });
    s.link(id['/b']!, id['/d']!, { kind: 'navigation' });
    s.finalize();
  });
  after(() => s.close());

  it('computes the depths the crawl stores: a redirect costs no click, a nofollow link is not followed', () => {
    const g = s.index();
    const { depth } = clickDepths(g, { mask: ALL_KINDS_MASK });
    const stored = Array.from(g.depth);
    assert.deepEqual(Array.from(depth), stored);
    assert.equal(depth[s.at(id['/b']!)], 1);
    assert.equal(depth[s.at(id['/d']!)], 2);
    assert.equal(depth[s.at(id['/nofollowed']!)], -1);
  });

  it('reads the shortest path back, through the redirect', () => {
    const g = s.index();
    const links = shortestPath(g, s.at(id['/d']!), ALL_KINDS_MASK)!;
    const pages = [g.source[links[0]!]!, ...links.map((e) => g.target[e]!)].map((i) => g.ids[i]);
    assert.deepEqual(pages, [id['/'], id['/old'], id['/b'], id['/d']]);
    assert.deepEqual(
      links.map((e) => EDGE_KINDS[g.kind[e]!]),
      ['content', 'redirect', 'content'],
    );
    assert.deepEqual(shortestPath(g, s.at(id['/']!), ALL_KINDS_MASK), []);
    assert.equal(shortestPath(g, s.at(id['/nofollowed']!), ALL_KINDS_MASK), null);
    // Without redirects /d is only reached the long way round.
    const noRedirect = kindMask(['content', 'navigation']);
    assert.equal(shortestPath(g, s.at(id['/d']!), noRedirect)!.length, 3);
    assert.equal(shortestPath(g, s.at(id['/b']!), noRedirect), null);
  });

  it('lists the pages a removed link costs depth, unreachable ones first', () => {
    const g = s.index();
    const named = (l: { page: number; before: number; after: number }) => ({
      page: g.ids[l.page],
      before: l.before,
      after: l.after,
    });
    assert.deepEqual(linkImpact(g, s.at(id['/b']!), s.at(id['/d']!)).map(named), [
      { page: id['/d'], before: 2, after: 3 },
    ]);
    assert.deepEqual(linkImpact(g, s.at(id['/']!), s.at(id['/a']!)).map(named), [
      { page: id['/a'], before: 1, after: -1 },
      { page: id['/c'], before: 2, after: -1 },
    ]);
    assert.deepEqual(linkImpact(g, s.at(id['/c']!), s.at(id['/d']!)), []);
  });

  it('walks a page’s neighbourhood ring by ring, in, out or both', () => {
    const g = s.index();
    const ring = (center: string, q: Parameters<typeof neighbourhood>[2]) =>
      neighbourhood(g, s.at(id[center]!), q).pages.map((p) => [g.ids[p.page], p.hops]);
    const all = { mask: ALL_KINDS_MASK, limit: 100 };
    assert.deepEqual(ring('/b', { ...all, hops: 1, direction: 'both' }), [
      [id['/b'], 0],
      [id['/d'], 1],
      [id['/old'], 1],
    ]);
    assert.deepEqual(ring('/b', { ...all, hops: 2, direction: 'in' }), [
      [id['/b'], 0],
      [id['/old'], 1],
      [id['/'], 2],
    ]);
    assert.deepEqual(ring('/b', { ...all, hops: 3, direction: 'out' }), [
      [id['/b'], 0],
      [id['/d'], 1],
    ]);
    const found = neighbourhood(g, s.at(id['/d']!), { ...all, hops: 1, direction: 'in' });
    // Both links from /b (content and navigation) and the one from /c: the links walked, each kind its own.
    assert.equal(found.links.length, 3);
    assert.equal(found.truncated, false);
  });

  it('keeps the best-linked pages of a ring that does not fit, and says it was cut', () => {
    const g = s.index();
    const found = neighbourhood(g, s.at(id['/']!), {
      mask: ALL_KINDS_MASK,
      limit: 3,
      hops: 2,
      direction: 'out',
    });
    assert.equal(found.pages.length, 3);
    assert.equal(found.truncated, true);
    // Ring 1 holds /a, /old and /nofollowed, with room for two: ring 2 is never reached.
    assert.deepEqual(
      found.pages.map((p) => p.hops),
      [0, 1, 1],
    );
    for (const e of found.links) {
      const shown = new Set(found.pages.map((p) => p.page));
      assert.ok(shown.has(g.source[e]!) && shown.has(g.target[e]!));
    }
  });
});

describe('click depths at scale', () => {
  it('agree with the crawl’s own SQL breadth-first search on every page of a generated 3,000-page site', () => {
    const s = linkGraphStore('https://harbour-kitchen.example');
    try {
      const seeded = seedLinkGraphSite(s.store, { pages: 3000 });
      const g = s.cache.get(seeded.siteId);
      assert.ok(g.n > 2900 && g.m > 30_000, `${g.n} pages, ${g.m} links`);
      const { depth } = clickDepths(g, { mask: ALL_KINDS_MASK });
      let unreachable = 0;
      for (let i = 0; i < g.n; i++) {
        assert.equal(depth[i], g.depth[i], g.urls[i]);
        if (depth[i] === -1) unreachable++;
      }
      assert.ok(unreachable > 0, 'the generated site has orphans');
      assert.ok(Math.max(...depth) >= 20, 'and a deep chain');
    } finally {
      s.close();
    }
  });
});
