/**
 * The site's own hierarchy (site-sections.ts) and the groupings that follow it (site-groupings.ts): which page is
 * a page's parent by its Up link, its breadcrumb or a hub's table of contents, what is never a parent, how a
 * cycle is cut, and how sections become groups.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { groupBySection, NO_SECTION } from '../../../../server/domain/graph/site-groupings.js';
import { siteSections, type SiteSections } from '../../../../server/domain/graph/site-sections.js';
import { PARENT_SIGNALS } from '../../../../server/schemas/graph.js';
import type { PageType } from '../../../../server/schemas/pages.js';
import { linkGraphStore, type LinkGraphStore } from '../../../helpers/link-graph-store.js';

let s: LinkGraphStore;
afterEach(() => s?.close());

/** A site of the given pages (`/` is the start page) with their types; `links` as [from, to, kind, anchor]. */
function site(
  pages: Record<string, PageType>,
  links: [string, string, 'content' | 'navigation', string?][],
): { sections: SiteSections; at: (path: string) => number; parentOf: (path: string) => string | null } {
  s = linkGraphStore();
  const id: Record<string, number> = {};
  for (const path of Object.keys(pages)) id[path] = s.page(path, path === '/' ? { depth: 0 } : {});
  for (const [from, to, kind, anchor] of links) s.link(id[from]!, id[to]!, { kind, anchor });
  s.finalize();
  const g = s.index();
  const types = new Map(Object.entries(pages).map(([path, type]) => [s.at(id[path]!), type]));
  const up = links
    .filter(([, , , anchor]) => anchor === 'Up')
    .map(([from, to]) => [s.at(id[from]!), s.at(id[to]!)] as const);
  const sections = siteSections(g, up, (p) => types.get(p) ?? null);
  const pathAt = new Map(Object.keys(pages).map((p) => [s.at(id[p]!), p]));
  return {
    sections,
    at: (path) => s.at(id[path]!),
    parentOf: (path) => {
      const parent = sections.parent[s.at(id[path]!)]!;
      return parent === -1 ? null : pathAt.get(parent)!;
    },
  };
}

const signalOf = (r: ReturnType<typeof site>, path: string) => PARENT_SIGNALS[r.sections.signal[r.at(path)]!];

describe('a page’s parent', () => {
  it('is the page its Up link points to, over any table of contents listing it', () => {
    const r = site({ '/': 'home', '/a': 'hub', '/b': 'hub', '/a1': 'article' }, [
      ['/', '/a', 'content'],
      ['/', '/b', 'content'],
      ['/b', '/a1', 'content'],
      ['/a1', '/b', 'navigation'],
      ['/a1', '/a', 'navigation', 'Up'],
    ]);
    assert.equal(r.parentOf('/a1'), '/a');
    assert.equal(signalOf(r, '/a1'), 'up_link');
    assert.equal(r.parentOf('/'), null, 'the start page is a root');
  });

  it('without an Up link, is the narrowest list of it its navigation links back to (a breadcrumb)', () => {
    // /c1's only "Up" was stored as its "Prev" (same target): its chapter lists it, and so does the start page,
    // which every page's navigation links to: the chapter is the parent.
    const r = site({ '/': 'home', '/ch': 'hub', '/c1': 'article', '/c2': 'article' }, [
      ['/', '/ch', 'content'],
      ['/', '/c1', 'content'],
      ['/', '/c2', 'content'],
      ['/ch', '/c1', 'content'],
      ['/ch', '/c2', 'content'],
      ['/c1', '/ch', 'navigation', 'Prev'],
      ['/c1', '/', 'navigation', 'Home'],
      ['/c2', '/', 'navigation', 'Home'],
      ['/ch', '/', 'navigation', 'Home'],
      ['/c2', '/ch', 'navigation', 'Up'],
    ]);
    assert.equal(r.parentOf('/c1'), '/ch');
    assert.equal(signalOf(r, '/c1'), 'breadcrumb');
  });

  it('is never a site-wide index every page’s navigation links to, nor an article its "previous" link names', () => {
    const r = site(
      {
        '/': 'home',
        '/modules': 'index',
        '/lib': 'hub',
        '/re': 'article',
        '/string': 'article',
        '/x': 'article',
      },
      [
        ['/', '/lib', 'content'],
        ['/', '/modules', 'content'],
        ['/lib', '/re', 'content'],
        ['/lib', '/string', 'content'],
        ['/modules', '/re', 'content'],
        ['/modules', '/string', 'content'],
        ['/string', '/re', 'content'],
        // Every page's header: the module index; /re's "previous" is /string, which cites it.
        ...['/', '/lib', '/re', '/string', '/x'].map(
          (p) => [p, '/modules', 'navigation'] as [string, string, 'navigation'],
        ),
        ['/re', '/string', 'navigation', 'string — Common string operations'],
      ],
    );
    assert.equal(r.parentOf('/re'), '/lib');
    assert.equal(signalOf(r, '/re'), 'contents');
  });

  it('cuts a cycle of Up links at its page nearest the start page', () => {
    const r = site({ '/': 'home', '/a': 'hub', '/b': 'hub' }, [
      ['/', '/a', 'content'],
      ['/a', '/b', 'content'],
      ['/a', '/b', 'navigation', 'Up'],
      ['/b', '/a', 'navigation', 'Up'],
    ]);
    assert.equal(r.parentOf('/a'), null);
    assert.equal(r.parentOf('/b'), '/a');
  });
});

describe('grouping by section', () => {
  it('makes a group of each top-level section, the start page’s own, and one of pages outside any', () => {
    const r = site(
      {
        '/': 'home',
        '/p1': 'hub',
        '/p1/a': 'article',
        '/p1/b': 'hub',
        '/p1/b/c': 'article',
        '/bib': 'article',
        '/lost': 'article',
      },
      [
        ['/', '/p1', 'content'],
        ['/', '/bib', 'content'],
        ['/p1', '/p1/a', 'content'],
        ['/p1', '/p1/b', 'content'],
        ['/p1/b', '/p1/b/c', 'content'],
        ['/p1', '/', 'navigation', 'Up'],
        ['/bib', '/', 'navigation', 'Up'],
        ['/p1/a', '/p1', 'navigation', 'Up'],
        ['/p1/b', '/p1', 'navigation', 'Up'],
        ['/p1/b/c', '/p1/b', 'navigation', 'Up'],
      ],
    );
    const g = s.index();
    const title = (p: number) => `Title of ${g.urls[p]!.slice('https://shop.example'.length)}`;
    const one = groupBySection(g, r.sections, 1, title);
    const groupOf = (path: string) => one.ids[one.pageGroup[r.at(path)]!];
    const p1 = `section:${g.ids[r.at('/p1')]}`;
    const home = `section:${g.ids[r.at('/')]}`;
    assert.deepEqual(['/', '/bib', '/p1', '/p1/a', '/p1/b', '/p1/b/c', '/lost'].map(groupOf), [
      home,
      home,
      p1,
      p1,
      p1,
      p1,
      NO_SECTION,
    ]);
    assert.equal(one.labels[one.ids.indexOf(p1)], 'Title of /p1');
    assert.ok([...one.parents].every((p) => p === -1));

    const two = groupBySection(g, r.sections, 2, title);
    const sub = two.ids.indexOf(`section:${g.ids[r.at('/p1/b')]}`);
    assert.equal(two.ids[two.parents[sub]!], p1, 'a sub-section nests in its section');
    assert.equal(two.ids[two.pageGroup[r.at('/p1/b/c')]!], two.ids[sub]);
    assert.equal(two.ids[two.pageGroup[r.at('/p1/a')]!], p1, 'a leaf stays in its section');
  });
});
