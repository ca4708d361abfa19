/**
 * The structure view's pure parts: the rows-by-depth layout (start page on top, a box's contents inside it,
 * nothing drawn over anything else) and the colour mapping of groups by share (a section with one broken page
 * out of a hundred is not painted like one that is all errors), with an audit check's pages counted per
 * directory group from their URLs as the server groups them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GraphGroup } from '../../../renderer/src/api/graph-types.js';
import {
  directoryAncestors,
  directoryGroupOf,
  groupColour,
  legendOf,
  pageColour,
  type ColourContext,
} from '../../../renderer/src/graph/colour-by.js';
import { depthLayout, type LayoutItem } from '../../../renderer/src/graph/depth-layout.js';

const item = (id: string, depth: number | null, parent: string | null = null, size = 30): LayoutItem => ({
  id,
  parent,
  depth,
  size,
  label: id,
});

describe('depthLayout', () => {
  const items = [
    item('dir:/', 0),
    item('dir:/guides/', 1),
    item('dir:/blog/', 1),
    item('dir:/old/', null),
    { ...item('page:1', 1, 'dir:/guides/'), labelled: true },
    { ...item('page:2', 2, 'dir:/guides/'), labelled: true },
    { ...item('page:3', 2, 'dir:/guides/'), labelled: true },
  ];
  const edges = [
    { source: 'dir:/', target: 'dir:/guides/' },
    { source: 'dir:/', target: 'page:1' },
  ];
  const at = depthLayout(items, edges);

  it('places every node, and gives a box its size around its pages', () => {
    assert.deepEqual([...at.keys()].sort(), [
      'dir:/',
      'dir:/blog/',
      'dir:/guides/',
      'dir:/old/',
      'page:1',
      'page:2',
      'page:3',
    ]);
    const box = at.get('dir:/guides/')!;
    assert.ok(box.w && box.h, 'the box has a size');
    assert.equal(at.get('dir:/blog/')!.w, undefined, 'a collapsed group is a node, not a box');
    for (const id of ['page:1', 'page:2', 'page:3']) {
      const p = at.get(id)!;
      assert.ok(
        Math.abs(p.x - box.x) < box.w! / 2 && Math.abs(p.y - box.y) < box.h! / 2,
        `${id} inside its box`,
      );
    }
  });

  it('puts shallower groups above deeper ones, and pages no link reaches last', () => {
    const y = (id: string) => at.get(id)!.y;
    assert.ok(y('dir:/') < y('dir:/blog/'));
    assert.ok(y('dir:/blog/') < y('dir:/old/'));
    for (const p of ['page:1', 'page:2', 'page:3']) assert.ok(y('dir:/') < y(p) && y(p) < y('dir:/old/'), p);
  });

  it('keeps a box’s pages together and apart from each other', () => {
    const pages = ['page:1', 'page:2', 'page:3'].map((id) => at.get(id)!);
    const blog = at.get('dir:/blog/')!;
    const xs = pages.map((p) => p.x);
    // The blog group is not inside the span of the guides' pages.
    assert.ok(blog.x < Math.min(...xs) || blog.x > Math.max(...xs));
    for (let i = 0; i < pages.length; i++)
      for (let j = i + 1; j < pages.length; j++) {
        const a = pages[i]!;
        const b = pages[j]!;
        assert.ok(Math.abs(a.x - b.x) >= 130 || Math.abs(a.y - b.y) >= 50, `pages ${i} and ${j} overlap`);
      }
  });
});

const group = (over: Partial<GraphGroup>): GraphGroup => ({
  id: 'dir:/a/',
  label: '/a/',
  parent: null,
  size: 100,
  total: 100,
  depth_min: 1,
  inlinks: 10,
  orphans: 0,
  dead_ends: 0,
  errors: 0,
  non_indexable: 0,
  clicks: null,
  expandable: true,
  ...over,
});

const ctx = (mode: ColourContext['mode'], checkByGroup = new Map<string, number>()): ColourContext => ({
  mode,
  checkPages: new Set(),
  checkByGroup,
  checkReady: true,
});

describe('groupColour', () => {
  it('tells none, some and many errors apart', () => {
    const [none, some, many] = legendOf('status', true).map((e) => e.colour);
    assert.equal(groupColour(group({ errors: 0 }), ctx('status')), none);
    assert.equal(groupColour(group({ errors: 1 }), ctx('status')), some);
    assert.equal(groupColour(group({ errors: 40 }), ctx('status')), many);
  });

  it('colours by an audit check from the pages counted per group, grey where unknown', () => {
    const counts = new Map([['dir:/a/', 50]]);
    const [, , many, unknown] = legendOf('check', true).map((e) => e.colour);
    assert.equal(groupColour(group({}), ctx('check', counts)), many);
    assert.equal(groupColour(group({ id: 'dir:/b/' }), ctx('check', counts)), unknown);
  });
});

describe('colour by page type', () => {
  it('gives each type its own colour, named in the legend, and not-HTML pages the legend’s grey', () => {
    const legend = legendOf('page_type', false);
    const types = [
      'home',
      'hub',
      'index',
      'article',
      'product',
      'search_results',
      'error',
      'changelog',
      'form',
      'other',
    ] as const;
    const colours = types.map((page_type) => pageColour({ page_type } as never, ctx('page_type')));
    assert.equal(new Set(colours).size, types.length);
    assert.deepEqual(
      colours,
      legend.slice(0, types.length).map((e) => e.colour),
    );
    assert.equal(pageColour({ page_type: null } as never, ctx('page_type')), legend.at(-1)!.colour);
  });
});

describe('directoryGroupOf', () => {
  const known = new Set(['dir:/', 'dir:/guides/', 'dir:/products/', 'dir:/guides/setup/']);
  it('names the group of a URL at a depth as the server does', () => {
    assert.equal(directoryGroupOf('https://x.test/', 1, known), 'dir:/');
    assert.equal(directoryGroupOf('https://x.test/contact', 1, known), 'dir:/');
    assert.equal(directoryGroupOf('https://x.test/guides/setup/storage', 1, known), 'dir:/guides/');
    assert.equal(directoryGroupOf('https://x.test/guides/setup/storage', 2, known), 'dir:/guides/setup/');
    // A section's index written without its slash belongs to the section.
    assert.equal(directoryGroupOf('https://x.test/products', 1, known), 'dir:/products/');
    assert.equal(directoryGroupOf('https://x.test/caf%C3%A9/menu', 1, known), 'dir:/café/');
  });

  it('lists a group with every group enclosing it', () => {
    assert.deepEqual(directoryAncestors('dir:/guides/setup/'), ['dir:/guides/setup/', 'dir:/guides/']);
    assert.deepEqual(directoryAncestors('dir:/'), ['dir:/']);
  });
});
