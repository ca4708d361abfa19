/**
 * Hubs and their parts (hub-parts.ts): a chapter and its sections, a category and its articles, found by URL and
 * by the hub's links down to them; a page's rewritten copy beside it is no part.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { below, HubParts } from '../../../../server/domain/similarity/hub-parts.js';

const segs = (path: string) => path.split('/').filter(Boolean);

describe('below', () => {
  it('reads directories and names that extend the hub name', () => {
    assert.equal(below(segs('/guides/roses'), segs('/guides/roses/pruning')), true);
    assert.equal(below(segs('/jit'), segs('/jit-reason')), true);
    assert.equal(below(segs('/library/email'), segs('/library/email.message')), true);
    assert.equal(below([], segs('/anything')), true, 'the home page is above every page');
  });

  it('does not read a shared beginning of a word or a sibling as below', () => {
    assert.equal(below(segs('/jit'), segs('/jitter')), false);
    assert.equal(below(segs('/guides/roses'), segs('/guides/roses')), false);
    assert.equal(below(segs('/guides/roses'), segs('/blog/roses/pruning')), false);
    assert.equal(below(segs('/guides/roses/pruning'), segs('/guides/roses')), false);
    assert.equal(below(segs('/a/jit'), segs('/b/jit-reason')), false);
    assert.equal(below([], []), false);
  });
});

describe('hub parts', () => {
  const urls = [
    '/docs/jit.html', // 1: chapter
    '/docs/jit-reason.html', // 2
    '/docs/jit-decision.html', // 3
    '/docs/jit-configuration.html', // 4
    '/docs/jit-reason-guide.html', // 5: a rewrite of 2 beside it, linked from elsewhere
    '/guides/roses/', // 6: a category linking to two articles only
    '/guides/roses/pruning/', // 7
    '/guides/roses/feeding/', // 8
    '/docs/index.html', // 9
  ];
  const pages = urls.map((u, i) => ({ id: i + 1, url: `https://docs.example${u}` }));
  const link = (source: number, target: number) => ({ source, target });

  it('pairs a hub with the parts it links down to, once it links to several', () => {
    const h = new HubParts(pages, () => [
      link(1, 2),
      link(1, 3),
      link(1, 4),
      link(9, 5),
      link(6, 7),
      link(6, 8),
    ]);
    assert.equal(h.hubAndPart(1, 2), true);
    assert.equal(h.hubAndPart(3, 1), true, 'either order');
    assert.equal(h.hubAndPart(2, 3), false, 'two parts are siblings, not hub and part');
    assert.equal(h.hubAndPart(2, 5), false, 'a copy beside a page, not linked from it, is no part');
    assert.equal(h.hubAndPart(6, 7), false, 'two links down make no hub');
  });

  it('counts distinct parts and ignores links to itself and to pages it is not above', () => {
    const h = new HubParts(pages, () => [link(6, 7), link(6, 7), link(6, 6), link(6, 2), link(6, 8)]);
    assert.equal(h.hubAndPart(6, 7), false);
    const hub = new HubParts([...pages, { id: 10, url: 'https://docs.example/guides/roses/soil/' }], () => [
      link(6, 7),
      link(6, 8),
      link(6, 10),
    ]);
    assert.equal(hub.hubAndPart(6, 10), true);
    assert.equal(hub.hubAndPart(6, 7), true);
  });

  it('reads index pages (in any language) as their directory, and stray percent signs as written', () => {
    const h = new HubParts(
      [
        { id: 1, url: 'https://shop.example/sale/index.html' },
        { id: 2, url: 'https://shop.example/sale/a' },
        { id: 3, url: 'https://shop.example/sale/b' },
        { id: 4, url: 'https://shop.example/sale/c' },
        { id: 5, url: 'not a url' },
        { id: 6, url: 'https://shop.example/faq/index.en.html' },
        { id: 7, url: 'https://shop.example/faq/basics.en.html' },
        { id: 8, url: 'https://shop.example/faq/returns.en.html' },
        { id: 9, url: 'https://shop.example/faq/100%-cotton.en.html' },
      ],
      () => [link(1, 2), link(1, 3), link(1, 4), link(1, 5), link(6, 7), link(6, 8), link(6, 9)],
    );
    assert.equal(h.hubAndPart(1, 4), true);
    assert.equal(h.hubAndPart(1, 5), false);
    assert.equal(h.hubAndPart(6, 9), true);
  });

  it('reads the parts of a chapter in one language as extending its name', () => {
    const h = new HubParts(
      ['jit', 'jit-reason', 'jit-decision', 'jit-configuration'].map((name, i) => ({
        id: i + 1,
        url: `https://docs.example/manual/${name}.en.html`,
      })),
      () => [link(1, 2), link(1, 3), link(1, 4)],
    );
    assert.equal(h.hubAndPart(1, 2), true);
  });

  it('reads a contents page as the hub of the pages that link back up to it, whatever their URLs', () => {
    const manual = [
      'reference',
      'sql-commands',
      'reference-client',
      'reference-server',
      'sql-commands-guide',
    ].map((name, i) => ({ id: i + 1, url: `https://docs.example/${name}.html` }));
    // reference.html's text links to its three chapters, each of which links back "Up" from its navigation.
    const upLinks = [
      { hub: 1, part: 2 },
      { hub: 1, part: 3 },
      { hub: 1, part: 4 },
    ];
    const h = new HubParts(
      manual,
      () => [],
      () => upLinks,
    );
    assert.equal(h.hubOf(2, 1), 1, 'the part and its contents page');
    assert.equal(h.hubAndPart(1, 5), false, 'a page it does not link to is no part');
    assert.equal(
      new HubParts(
        manual,
        () => [],
        () => upLinks.slice(0, 2),
      ).hubAndPart(1, 2),
      false,
      'two parts make no hub',
    );
  });

  it('reads the links only when asked about a pair', () => {
    let read = 0;
    const h = new HubParts(pages, () => {
      read++;
      return [link(1, 2), link(1, 3), link(1, 4)];
    });
    assert.equal(read, 0);
    assert.equal(h.hubAndPart(1, 2), true);
    assert.equal(h.hubAndPart(1, 3), true);
    assert.equal(read, 1);
  });
});
