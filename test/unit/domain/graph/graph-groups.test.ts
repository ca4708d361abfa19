/** The structure view's groups (graph-groups.ts): counts, bundled edges, nesting, expansion, clusters. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  aggregateGroups,
  groupByCluster,
  groupByDirectory,
} from '../../../../server/domain/graph/graph-groups.js';
import { ALL_KINDS_MASK, kindMask } from '../../../../server/domain/graph/link-index.js';
import { MAX_EXPANDED_NODES, type GraphGroups } from '../../../../server/schemas/graph.js';

/** What the aggregation answers; the service adds which grouping was chosen and why. */
type Grouped = Omit<GraphGroups, 'choice'>;
import { linkGraphStore, type LinkGraphStore } from '../../../helpers/link-graph-store.js';

describe('groups of a small site', () => {
  let s: LinkGraphStore;
  const id: Record<string, number> = {};
  before(() => {
    s = linkGraphStore();
    id['/'] = s.page('/', { depth: 0 });
    for (const p of ['/guides', '/guides/a', '/guides/setup/b', '/blog/2024/x', '/blog/2024/y'])
      id[p] = s.page(p);
    id['/guides/broken'] = s.page('/guides/broken', { status: 404 });
    id['/orphan/z'] = s.page('/orphan/z', { sitemapOnly: true });
    const link = (a: string, b: string, kind?: 'navigation') => s.link(id[a]!, id[b]!, { kind });
    link('/', '/guides');
    link('/', '/blog/2024/x');
    link('/guides', '/guides/a');
    link('/guides/a', '/guides/setup/b');
    link('/guides/setup/b', '/');
    link('/blog/2024/x', '/blog/2024/y');
    link('/blog/2024/x', '/guides/a');
    link('/guides/a', '/guides/broken');
    link('/guides/a', '/guides');
    link('/guides/a', '/guides', 'navigation');
    s.finalize();
  });
  after(() => s.close());

  const groups = (depth: number, expand?: string[], mask = ALL_KINDS_MASK): Grouped => {
    const index = s.index();
    const ctx = { store: s.store, siteId: s.siteId, index, mask };
    return aggregateGroups(
      ctx,
      groupByDirectory(index, 'shop.example', depth),
      { by: 'directory', depth, expand },
      null,
    );
  };
  const byId = (r: Grouped) => new Map(r.groups.map((g) => [g.id, g]));

  it('groups by first-level directory with each group’s counts', () => {
    const r = groups(1);
    assert.deepEqual(
      r.groups.map((g) => [g.id, g.label, g.parent, g.size, g.total]),
      [
        ['dir:/', '/', null, 1, 1],
        ['dir:/blog/', '/blog/', null, 2, 2],
        ['dir:/guides/', '/guides/', null, 4, 4],
        ['dir:/orphan/', '/orphan/', null, 1, 1],
      ],
    );
    const guides = byId(r).get('dir:/guides/')!;
    assert.deepEqual(
      { ...guides, id: undefined, label: undefined, parent: undefined },
      {
        id: undefined,
        label: undefined,
        parent: undefined,
        size: 4,
        total: 4,
        depth_min: 1,
        inlinks: 2,
        orphans: 0,
        dead_ends: 0,
        errors: 1,
        non_indexable: 1,
        clicks: null,
        expandable: true,
      },
    );
    const blog = byId(r).get('dir:/blog/')!;
    assert.equal(blog.dead_ends, 1, '/blog/2024/y links nowhere');
    const orphan = byId(r).get('dir:/orphan/')!;
    assert.equal(orphan.orphans, 1);
    assert.equal(orphan.depth_min, null);
    assert.deepEqual(r.nodes, []);
    assert.equal(r.truncated, false);
  });

  it('bundles links between groups, each linked pair of pages counted once whatever its kinds', () => {
    assert.deepEqual(
      groups(1).edges.map((e) => [e.source, e.target, e.links]),
      [
        ['dir:/', 'dir:/blog/', 1],
        ['dir:/', 'dir:/guides/', 1],
        ['dir:/blog/', 'dir:/guides/', 1],
        ['dir:/guides/', 'dir:/', 1],
      ],
    );
    // Only navigation links: the one from /guides/a to /guides stays inside its group.
    assert.deepEqual(groups(1, undefined, kindMask(['navigation'])).edges, []);
  });

  it('nests directories to `depth` levels, with parents and the totals of their children', () => {
    const r = byId(groups(3));
    assert.deepEqual(
      [...r.values()].map((g) => [g.id, g.parent, g.size, g.total, g.expandable]),
      [
        ['dir:/', null, 1, 1, true],
        ['dir:/blog/', null, 0, 2, false],
        ['dir:/blog/2024/', 'dir:/blog/', 2, 2, true],
        ['dir:/guides/', null, 3, 4, true],
        ['dir:/guides/setup/', 'dir:/guides/', 1, 1, true],
        ['dir:/orphan/', null, 1, 1, true],
      ],
    );
    // A link from /guides/a into /guides/setup/ comes from outside the child group but inside its parent.
    assert.equal(r.get('dir:/guides/setup/')!.inlinks, 1);
    assert.equal(r.get('dir:/guides/')!.inlinks, 2);
  });

  it('brings an expanded group’s pages as nodes, and edges then end at them', () => {
    const r = groups(1, ['dir:/guides/', 'dir:/nowhere/']);
    assert.deepEqual(
      r.nodes.map((n) => [n.id, n.group]),
      ['/guides', '/guides/a', '/guides/setup/b', '/guides/broken'].map((p) => [id[p], 'dir:/guides/']),
    );
    const page = (p: string) => `page:${id[p]}`;
    const edges = new Set(r.edges.map((e) => `${e.source} ${e.target} ${e.links}`));
    for (const e of [
      `dir:/ ${page('/guides')} 1`,
      `${page('/guides')} ${page('/guides/a')} 1`,
      `${page('/guides/a')} ${page('/guides')} 1`,
      `${page('/guides/a')} ${page('/guides/broken')} 1`,
      `dir:/blog/ ${page('/guides/a')} 1`,
      `${page('/guides/setup/b')} dir:/ 1`,
    ])
      assert.ok(edges.has(e), `${e} in ${[...edges].join(', ')}`);
    const broken = r.nodes.find((n) => n.id === id['/guides/broken'])!;
    assert.equal(broken.status_code, 404);
    assert.equal(broken.indexable, false);
    assert.equal(broken.dead_end, false);
  });

  it('groups by similarity cluster, pages in no cluster together', () => {
    const runId = s.store.similarity.createRun(s.siteId, 'test', {});
    const cluster = s.store.similarity.insertCluster(
      runId,
      s.siteId,
      {
        label: 'Knife guides',
        representative_page: id['/guides/a']!,
        representative_reason: 'inlinks',
        representative_detail: null,
        mean_reranker: 0.9,
        size: 2,
      },
      [
        [id['/guides/a']!, 1],
        [id['/blog/2024/x']!, 0.9],
      ],
    );
    s.store.similarity.publish(s.siteId, runId);
    const index = s.index();
    const grouping = groupByCluster(
      index,
      s.store.similarity.clusterOfPages(s.siteId),
      new Map([[cluster, 'Knife guides']]),
    );
    const ctx = { store: s.store, siteId: s.siteId, index, mask: ALL_KINDS_MASK };
    const r = aggregateGroups(
      ctx,
      grouping,
      { by: 'cluster', depth: 1, expand: [`cluster:${cluster}`] },
      null,
    );
    assert.deepEqual(
      r.groups.map((g) => [g.id, g.label, g.size]),
      [
        [`cluster:${cluster}`, 'Knife guides', 2],
        ['cluster:none', 'No cluster', 6],
      ],
    );
    assert.deepEqual(
      r.nodes.map((n) => [n.id, n.cluster_id, n.group]),
      [
        [id['/guides/a'], cluster, `cluster:${cluster}`],
        [id['/blog/2024/x'], cluster, `cluster:${cluster}`],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  });
});

describe('expanding a large group', () => {
  it(`brings at most ${MAX_EXPANDED_NODES} pages, shallowest first, and says the rest were left out`, () => {
    const s = linkGraphStore();
    try {
      const home = s.page('/', { depth: 0 });
      const hub = s.page('/big/', {});
      s.link(home, hub);
      for (let i = 0; i < MAX_EXPANDED_NODES + 50; i++) s.link(hub, s.page(`/big/p-${i}`));
      s.finalize();
      const index = s.index();
      const ctx = { store: s.store, siteId: s.siteId, index, mask: ALL_KINDS_MASK };
      const r = aggregateGroups(
        ctx,
        groupByDirectory(index, 'shop.example', 1),
        {
          by: 'directory',
          depth: 1,
          expand: ['dir:/big/'],
        },
        null,
      );
      assert.equal(r.nodes.length, MAX_EXPANDED_NODES);
      assert.equal(r.truncated, true);
      assert.ok(
        r.nodes.some((n) => n.id === hub),
        'the hub (depth 1) comes before its pages (depth 2)',
      );
      // Links to the 51 pages left out end at the group's box.
      assert.ok(
        r.edges.some((e) => e.source === `page:${hub}` && e.target === 'dir:/big/' && e.links === 51),
      );
    } finally {
      s.close();
    }
  });
});
