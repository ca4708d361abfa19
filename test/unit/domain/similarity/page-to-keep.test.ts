/**
 * The page to keep of two that should be one (page-to-keep.ts): the canonical target, the indexable page, the hub
 * over its part, then inlinks, clicks and the page higher in the site — never a child by accident. A manual's
 * contents page collects an "Up" link from every page below it, so it can have more inlinks than its chapter.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  groupPageToKeep,
  pageToKeep,
  type KeepCandidate,
} from '../../../../server/domain/similarity/page-to-keep.js';

const page = (id: number, path: string, o: Partial<KeepCandidate> = {}): KeepCandidate => ({
  id,
  url: `https://docs.example${path}`,
  inlinks: 5,
  clicks: null,
  indexable: true,
  canonical: null,
  ...o,
});
const noHub = () => null;

describe('page to keep', () => {
  it('keeps the hub over its part though the part has more inlinks', () => {
    const chapter = page(1, '/spi.html', { inlinks: 4 });
    const contents = page(2, '/spi-interface.html', { inlinks: 60 });
    const hubOf = (a: number, b: number) => (a === 1 || b === 1 ? 1 : null);
    const k = pageToKeep(contents, chapter, hubOf);
    assert.equal(k.page_id, 1);
    assert.equal(k.reason, 'hub');
    assert.match(k.detail, /spi\.html is the hub of .*spi-interface\.html/);
  });

  it('keeps the page the other names as its canonical, before anything else', () => {
    const original = page(1, '/guides/roses/pruning/', { inlinks: 1 });
    const copy = page(2, '/pruning-roses/', { inlinks: 40, clicks: 900, canonical: 1 });
    const k = pageToKeep(copy, original, () => 2);
    assert.deepEqual([k.page_id, k.reason], [1, 'canonical']);
    assert.match(k.detail, /pruning-roses\/ names .*guides\/roses\/pruning\/ as its canonical URL/);
  });

  it('keeps the indexable page over one kept out of search', () => {
    const k = pageToKeep(
      page(1, '/a', { indexable: false, inlinks: 50 }),
      page(2, '/b', { inlinks: 1 }),
      noHub,
    );
    assert.deepEqual([k.page_id, k.reason], [2, 'indexable']);
  });

  it('then keeps the page with more inlinks, then more Search Console clicks', () => {
    const more = pageToKeep(page(1, '/a', { inlinks: 3 }), page(2, '/b', { inlinks: 9 }), noHub);
    assert.deepEqual([more.page_id, more.reason], [2, 'inlinks']);
    assert.match(more.detail, /\/b has 9 internal links to it, .*\/a 3\./);
    const clicks = pageToKeep(page(1, '/a', { clicks: 120 }), page(2, '/b', { clicks: 4 }), noHub);
    assert.deepEqual([clicks.page_id, clicks.reason], [1, 'clicks']);
  });

  it('lets a page type that leads to others count as a hub does, once page types are read', () => {
    const k = pageToKeep(page(1, '/a/b'), page(2, '/c', { navigational: true, inlinks: 1 }), noHub);
    assert.deepEqual([k.page_id, k.reason], [2, 'hub']);
  });

  it('breaks a tie by the page higher in the site, then by the page crawled first', () => {
    const higher = pageToKeep(page(1, '/docs/guides/roses'), page(2, '/docs/roses'), noHub);
    assert.deepEqual([higher.page_id, higher.reason], [2, 'higher']);
    const first = pageToKeep(page(7, '/b'), page(3, '/a'), noHub);
    assert.deepEqual([first.page_id, first.reason], [3, 'first']);
  });

  it('keeps the page every other member of a group loses to, and says why it beat the strongest of them', () => {
    const members = [
      page(1, '/spi-interface.html', { inlinks: 60 }),
      page(2, '/spi.html', { inlinks: 4 }),
      page(3, '/spi-memory.html', { inlinks: 10 }),
    ];
    const hubOf = (a: number, b: number) => (a === 2 || b === 2 ? 2 : null);
    const k = groupPageToKeep(members, hubOf);
    assert.equal(k.page_id, 2);
    assert.equal(k.reason, 'hub', 'against the runner-up, the contents page with 60 inlinks');
    assert.match(k.detail, /spi-interface\.html/);
  });
});
