/**
 * The link graph's questions over HTTP on a crawled site whose structure is known (sectioned-site.ts): the
 * structure view's groups, a page's neighbourhood, the click path to the deepest page, what removing a link
 * costs, and the answers for pages and links that are not there.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { crawlFixture } from '../../helpers/crawl-site.js';
import { assertProblem, createTestApp, type TestApp } from '../../helpers/test-app.js';
import { SECTIONED, startSectionedSite, type SectionedSite } from '../../fixtures/servers/sectioned-site.js';

let t: TestApp;
let site: SectionedSite;
let siteId: number;
/** Page id by path as stored. */
const idOf = new Map<string, number>();
const id = (path: string) => {
  const found = idOf.get(path);
  if (found === undefined) throw new Error(`no page ${path}`);
  return found;
};

before(async () => {
  t = await createTestApp();
  site = await startSectionedSite();
  siteId = await crawlFixture(t, site);
  const pages = await t.call('pages.list', { site_id: siteId, limit: 1000 });
  for (const p of pages.items) idOf.set(p.url.slice(site.origin.length), p.id);
});
after(async () => {
  await t.close();
  await site.close();
});

describe('GET /sites/{id}/link-graph/groups', () => {
  it('groups the crawled pages by first-level directory, with the orphan, the dead end and the broken page', async () => {
    const res = await t.call('graph.groups', { site_id: siteId, by: 'directory' });
    const groups = res.groups;
    assert.deepEqual(
      groups.map((g) => [g.label, g.size]).sort(),
      Object.entries(SECTIONED.groups)
        .map(([label, paths]) => [label, paths.length])
        .sort(),
    );
    assert.ok(groups.every((g) => g.id === `dir:${g.label}` && g.parent === null && g.total === g.size));
    const by = new Map(groups.map((g) => [g.label, g]));
    assert.equal(by.get('/products/')!.orphans, 1);
    assert.equal(by.get('/products/')!.errors, 1);
    assert.equal(by.get('/products/')!.non_indexable, 2, 'the 404 and the noindex page');
    assert.equal(by.get('/guides/')!.dead_ends, 1);
    assert.equal(by.get('/')!.depth_min, 0);
    assert.equal(by.get('/blog/')!.depth_min, 1);
    // Every page's header links to each section's index, so every section is linked from every other one.
    const edges = res.edges;
    for (const source of ['dir:/blog/', 'dir:/products/', 'dir:/guides/'])
      for (const target of ['dir:/', 'dir:/guides/', 'dir:/about/'])
        if (source !== target)
          assert.ok(edges.some((e) => e.source === source && e.target === target && e.links > 0));
    assert.ok(edges.every((e) => e.source !== e.target));
    assert.deepEqual(res.nodes, []);
    assert.equal(res.truncated, false);
  });

  it('nests directories with depth and expands a group into its pages', async () => {
    const res = await t.call('graph.groups', {
      site_id: siteId,
      by: 'directory',
      depth: 3,
      expand: ['dir:/blog/2024/07/'],
    });
    const by = new Map(res.groups.map((g) => [g.id, g]));
    assert.equal(by.get('dir:/guides/setup/')!.parent, 'dir:/guides/');
    assert.equal(by.get('dir:/blog/2024/07/')!.parent, 'dir:/blog/2024/');
    assert.equal(by.get('dir:/blog/2024/')!.parent, 'dir:/blog/');
    assert.equal(by.get('dir:/blog/')!.total, SECTIONED.groups['/blog/']!.length);
    assert.equal(
      by.get('dir:/products/knives/')!.size,
      6,
      'the listing, its ?sort=price copy, 3 products, the 404',
    );
    const nodes = res.nodes;
    assert.deepEqual(
      nodes.map((n) => n.url.slice(site.origin.length)).sort(),
      SECTIONED.deepPath.filter((p) => p.startsWith('/blog/2024/07/')).sort(),
    );
    assert.ok(nodes.every((n) => n.group === 'dir:/blog/2024/07/'));
    const edges = res.edges;
    const chain = SECTIONED.deepPath.slice(3);
    for (let i = 1; i < chain.length; i++)
      assert.ok(
        edges.some((e) => e.source === `page:${id(chain[i - 1]!)}` && e.target === `page:${id(chain[i]!)}`),
        `${chain[i - 1]} → ${chain[i]}`,
      );
  });

  it('refuses what it cannot answer', async () => {
    assertProblem(await t.get(`/sites/${siteId}/link-graph/groups?by=template`), 400, 'validation');
    assertProblem(await t.get(`/sites/${siteId}/link-graph/groups?depth=6`), 400, 'validation');
    assertProblem(await t.get(`/sites/${siteId}/link-graph/groups?edge_kind=sideways`), 400, 'validation');
    assertProblem(await t.send('graph.groups', { site_id: 424242 }), 404, 'not-found');
  });
});

describe('GET /sites/{id}/link-graph/path', () => {
  it('answers the click path from the start page to the deepest page, with the links followed', async () => {
    const res = await t.call('graph.path', { site_id: siteId, to: id(SECTIONED.deepPage) });
    const pages = res.pages;
    assert.deepEqual(
      pages.map((p) => p.url),
      SECTIONED.deepPath.map(site.url),
    );
    assert.deepEqual(
      pages.map((p) => p.depth),
      SECTIONED.deepPath.map((_, i) => i),
    );
    const links = res.links;
    assert.equal(links.length, pages.length - 1);
    links.forEach((l, i) => {
      assert.equal(l.source, pages[i]!.id);
      assert.equal(l.target, pages[i + 1]!.id);
    });
    assert.equal(links.at(-1)!.anchor_text, 'Steel, part 5');
  });

  it('says so when a page cannot be reached or is not in the site', async () => {
    const orphan = await t.send('graph.path', { site_id: siteId, to: id(SECTIONED.orphan) });
    assert.match(assertProblem(orphan, 404, 'not-found').detail, /cannot be reached from the start page/);
    assertProblem(await t.send('graph.path', { site_id: siteId, to: 999999 }), 404, 'not-found');
    assertProblem(await t.get(`/sites/${siteId}/link-graph/path`), 400, 'validation');
    // Only footer links: the series is reached through content links alone.
    assertProblem(
      await t.send('graph.path', { site_id: siteId, to: id(SECTIONED.deepPage), edge_kind: ['footer'] }),
      404,
      'not-found',
    );
  });
});

describe('GET /pages/{id}/link-graph', () => {
  it('shows the pages that link to a page and those it links to, one hop away', async () => {
    const center = id('/guides/setup/');
    const res = await t.call('graph.focus', { page_id: center });
    assert.equal(res.center, center);
    const nodes = res.nodes;
    const paths = (hops: number) =>
      nodes
        .filter((n) => n.hops === hops)
        .map((n) => n.url.slice(site.origin.length))
        .sort();
    assert.deepEqual(paths(0), ['/guides/setup/']);
    assert.deepEqual(
      paths(1),
      [
        '/',
        '/about/',
        '/blog/',
        '/contact',
        '/guides/',
        '/guides/setup/first-sharpening',
        '/guides/setup/storage',
        '/products',
      ].sort(),
    );
    const edges = res.edges;
    assert.ok(edges.every((e) => e.source === center || e.target === center));
    assert.ok(
      edges.some((e) => e.source === id('/guides/') && e.target === center && e.edge_kind === 'content'),
    );
    assert.equal(res.truncated, false);
  });

  it('follows only inward links with direction=in, and cuts at the limit', async () => {
    const inward = await t.call('graph.focus', { page_id: id(SECTIONED.deepPage), direction: 'in', hops: 3 });
    assert.deepEqual(
      inward.nodes.map((n) => [n.url.slice(site.origin.length), n.hops]),
      [...SECTIONED.deepPath]
        .reverse()
        .slice(0, 4)
        .map((p, i) => [p, i]),
    );
    const cut = await t.call('graph.focus', { page_id: id('/'), hops: 2, limit: 5 });
    assert.equal(cut.nodes.length, 5);
    assert.equal(cut.truncated, true);
    assertProblem(await t.send('graph.focus', { page_id: id('/'), hops: 4 }), 400, 'validation');
    assertProblem(await t.send('graph.focus', { page_id: 999999 }), 404, 'not-found');
  });
});

describe('GET /sites/{id}/link-graph/link-impact', () => {
  it('lists the pages a removed link cuts off, and none for a link the header repeats', async () => {
    const { source, target, lost } = SECTIONED.chainLink;
    const res = await t.call('graph.linkImpact', { site_id: siteId, source: id(source), target: id(target) });
    assert.deepEqual(res.link, { source: id(source), target: id(target) });
    assert.equal(res.total, lost.length);
    assert.deepEqual(
      res.pages.map((p) => [p.page.url, p.depth_before, p.depth_after]),
      lost.map((p) => [site.url(p), SECTIONED.deepPath.indexOf(p), null]),
    );
    const redundant = await t.call('graph.linkImpact', {
      site_id: siteId,
      source: id(SECTIONED.redundantLink.source),
      target: id(SECTIONED.redundantLink.target),
    });
    assert.deepEqual(redundant.pages, []);
    assert.equal(redundant.total, 0);
  });

  it('is a 404 when there is no such link', async () => {
    const res = await t.send('graph.linkImpact', {
      site_id: siteId,
      source: id(SECTIONED.deepPage),
      target: id('/guides/setup/'),
    });
    assert.match(assertProblem(res, 404, 'not-found').detail, /has no link/);
  });
});

describe('GET /sites/{id}/link-graph', () => {
  it('carries the new node fields: indexability, dead ends, clicks', async () => {
    const res = await t.call('graph.linkGraph', { site_id: siteId, limit: 10000, include_orphans: true });
    const nodes = new Map(res.nodes.map((n) => [n.url, n]));
    assert.equal(nodes.get(site.url(SECTIONED.noindex))!.indexable, false);
    assert.equal(nodes.get(site.url(SECTIONED.deadEnd))!.dead_end, true);
    assert.equal(nodes.get(site.url('/'))!.dead_end, false);
    assert.equal(nodes.get(site.url('/'))!.clicks, null);
    assert.equal(nodes.get(site.url('/'))!.group, null);
  });
});
