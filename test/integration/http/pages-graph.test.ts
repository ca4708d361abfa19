/** Reading a crawled site: page lists (filters, sorts, cursors), page detail, links, and the link graph. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CallAnswer, CallArgs } from '../../../server/contract/index.js';
import { crawlFixture } from '../../helpers/crawl-site.js';
import { assertProblem, createTestApp, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

let t: TestApp;
let site: FixtureSite;
let siteId: number;

before(async () => {
  t = await createTestApp();
  site = await startFixtureSite({ seed: 2 });
  siteId = await crawlFixture(t, site);
});
after(async () => {
  await t.close();
  await site.close();
});

describe('GET /pages', () => {
  it('pages through every page of the site once, for each sort order', async () => {
    const expected = site.expected().pages.size;
    for (const sort of ['id', '-inlinks', 'url', '-depth', 'title'] as const) {
      const pages = await t.callAll('pages.list', { site_id: siteId, sort, limit: 37 });
      assert.equal(pages.length, expected, sort);
      assert.equal(new Set(pages.map((p) => p.id)).size, expected, `${sort}: no duplicates`);
    }
    const byInlinks = await t.callAll('pages.list', { site_id: siteId, sort: '-inlinks', limit: 50 });
    for (let i = 1; i < byInlinks.length; i++) assert.ok(byInlinks[i - 1]!.inlinks >= byInlinks[i]!.inlinks);
  });

  it('filters by status, indexability, content type, depth and text', async () => {
    const exp = [...site.expected().pages.values()];
    const count = async (filter: Omit<CallArgs<'pages.list'>, 'site_id' | 'limit' | 'cursor'>) =>
      (await t.callAll('pages.list', { site_id: siteId, limit: 1000, ...filter })).length;
    assert.equal(
      await count({ status_code: [404, 500] }),
      exp.filter((p) => p.status_code === 404 || p.status_code === 500).length,
    );
    assert.equal(await count({ indexable: false }), exp.filter((p) => !p.indexable).length);
    assert.equal(
      await count({ content_type: 'application/pdf' }),
      exp.filter((p) => p.content_type === 'application/pdf').length,
    );
    assert.equal(await count({ depth: 1 }), exp.filter((p) => p.depth === 1).length);
    const q = await t.callAll('pages.list', { site_id: siteId, q: 'COMPOST', limit: 1000 });
    assert.ok(q.length > 0 && q.every((p) => /compost/i.test(p.url + (p.title ?? ''))));
    // A sort outside the list is the point: sent raw.
    assertProblem(await t.get(`/pages?site_id=${siteId}&sort=colour`), 400, 'validation');
    const first = await t.call('pages.list', { site_id: siteId, sort: 'url', limit: 2 });
    assertProblem(
      await t.send('pages.list', { site_id: siteId, sort: 'id', cursor: first.next_cursor ?? undefined }),
      400,
      'validation',
    );
  });

  it('returns one page in full, and its links both ways', async () => {
    const home = (await t.call('pages.list', { site_id: siteId, depth: 0 })).items[0]!;
    const page = await t.call('pages.get', { page_id: home.id });
    assert.equal(page.url, site.startUrl);
    assert.equal(page.canonical_state, site.expected().pages.get(site.startUrl)!.canonical_state);
    assert.equal(typeof page.in_sitemap, 'boolean');
    assert.ok(Array.isArray(page.headings) && page.headings.length > 0);
    const out = await t.callAll('pages.links', { page_id: home.id, direction: 'out', limit: 20 });
    assert.ok(out.length > 5 && out.every((l) => l.source.id === home.id));
    const inbound = await t.callAll('pages.links', {
      page_id: home.id,
      direction: 'in',
      edge_kind: ['navigation', 'header'],
      limit: 20,
    });
    assert.ok(inbound.length > 0 && inbound.every((l) => l.target.id === home.id));
    assertProblem(await t.send('pages.get', { page_id: 99999999 }), 404, 'not-found');
    assertProblem(await t.send('pages.links', { page_id: 99999999 }), 404, 'not-found');
  });
});

describe('GET /sites/{id}/link-graph', () => {
  it('pages through all internal edges with no duplicates or gaps, each page carrying its nodes', async () => {
    const internal = site.expected().edges.filter((e) => new URL(e.target).origin === site.origin);
    const seen = new Set<number>();
    let cursor: string | undefined;
    let pages = 0;
    do {
      const g: CallAnswer<'graph.linkGraph'> = await t.call('graph.linkGraph', {
        site_id: siteId,
        limit: 500,
        cursor,
      });
      const nodeIds = new Set(g.nodes.map((n) => n.id));
      for (const e of g.edges) {
        assert.ok(!seen.has(e.id), `edge ${e.id} twice`);
        seen.add(e.id);
        assert.ok(nodeIds.has(e.source) && nodeIds.has(e.target), `nodes of edge ${e.id}`);
      }
      cursor = g.next_cursor ?? undefined;
      pages++;
    } while (cursor);
    assert.equal(seen.size, internal.length);
    assert.ok(pages > 2);
  });

  it('filters by edge kind and adds orphans on request', async () => {
    const g = await t.call('graph.linkGraph', {
      site_id: siteId,
      edge_kind: ['content'],
      limit: 10000,
      include_orphans: true,
    });
    assert.ok(g.edges.every((e) => e.edge_kind === 'content'));
    const orphans = g.nodes.filter((n) => n.orphan);
    assert.ok(orphans.length > 0, 'with only content edges, sitemap pages reached by navigation are orphans');
    const none = await t.call('graph.linkGraph', { site_id: siteId, edge_kind: ['content'], limit: 10000 });
    assert.ok(none.nodes.length < g.nodes.length);
    // A kind outside the list and a limit over the cap are the point: sent raw.
    assertProblem(await t.get(`/sites/${siteId}/link-graph?edge_kind=sideways`), 400, 'validation');
    assertProblem(await t.get(`/sites/${siteId}/link-graph?limit=20000`), 400, 'validation');
    assertProblem(await t.send('graph.linkGraph', { site_id: 424242 }), 404, 'not-found');
  });
});
