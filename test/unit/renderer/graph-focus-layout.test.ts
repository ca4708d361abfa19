/**
 * The focus view's layout (focus-layout.ts): links in on the left, out on the right, both ways under the page;
 * no page's node or label drawn over another's, even for a hub of a few hundred pages with long titles and large
 * nodes; columns as long as makes the drawing, fitted, about the canvas's shape; and the site's name taken off
 * titles that all end with it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FocusGraph, FocusNode } from '../../../renderer/src/api/graph-types.js';
import {
  boxAt,
  focusLayout,
  overlappingPairs,
  withoutSiteName,
  type Box,
} from '../../../renderer/src/graph/focus-layout.js';

const node = (id: number, hops: number): FocusNode => ({
  id,
  url: `https://docs.example/p${id}.html`,
  title: `Page ${id}`,
  status_code: 200,
  depth: 1,
  inlinks: 1,
  outlinks: 1,
  orphan: false,
  cluster_id: null,
  indexable: true,
  dead_end: false,
  clicks: null,
  page_type: 'article',
  group: null,
  hops,
});

/** Page 1 in the centre; `inOnly` pages link to it, `outOnly` it links to, `both` both ways. */
function hub(inOnly: number, outOnly: number, both: number): FocusGraph {
  const nodes = [node(1, 0)];
  const edges: FocusGraph['edges'] = [];
  let id = 2;
  const edge = (source: number, target: number) =>
    edges.push({
      id: edges.length + 1,
      source,
      target,
      edge_kind: 'content',
      anchor_text: null,
      nofollow: false,
      count: 1,
    });
  const add = (count: number, links: (other: number) => void) => {
    for (let i = 0; i < count; i++, id++) {
      nodes.push(node(id, 1));
      links(id);
    }
  };
  add(inOnly, (other) => edge(other, 1));
  add(outOnly, (other) => edge(1, other));
  add(both, (other) => {
    edge(1, other);
    edge(other, 1);
  });
  return { center: 1, nodes, edges, truncated: false };
}

const CANVAS = { width: 880, height: 700, pad: 24, maxZoom: 1.25 };
/** Long titles and node sizes from 10 to 60 px, as a documentation hub's neighbours have. */
const label = (id: number) => `Chapter ${id}. A rather long title ab`.slice(0, 28);
const size = (id: number) => (id === 1 ? 84 : 10 + ((id * 7) % 51));

function drawn(graph: FocusGraph) {
  const at = focusLayout(graph, label, size, CANVAS);
  const boxes: Box[] = graph.nodes.map((n) =>
    boxAt(at.get(n.id)!, size(n.id), label(n.id), n.id === 1 ? 12 : 10),
  );
  const x1 = Math.min(...boxes.map((b) => b.x1));
  const x2 = Math.max(...boxes.map((b) => b.x2));
  const y1 = Math.min(...boxes.map((b) => b.y1));
  const y2 = Math.max(...boxes.map((b) => b.y2));
  return { at, boxes, width: x2 - x1, height: y2 - y1 };
}

describe('focusLayout', () => {
  it('puts links in on the left, links out on the right, both ways under the page', () => {
    const { at } = drawn(hub(3, 3, 3));
    assert.deepEqual(at.get(1), { x: 0, y: 0 });
    for (const id of [2, 3, 4]) assert.ok(at.get(id)!.x < 0, `${id} links in`);
    for (const id of [5, 6, 7]) assert.ok(at.get(id)!.x > 0, `${id} is linked to`);
    for (const id of [8, 9, 10])
      assert.ok(at.get(id)!.y > 0 && Math.abs(at.get(id)!.x) < 300, `${id} both ways`);
  });

  it('draws no page’s node or label over another’s, for a hub of 300 pages', () => {
    for (const [inOnly, outOnly, both] of [
      [5, 5, 0],
      [150, 100, 50],
      [299, 0, 0],
      [0, 0, 120],
    ] as const) {
      const { boxes } = drawn(hub(inOnly, outOnly, both));
      assert.equal(overlappingPairs(boxes), 0, `${inOnly} in, ${outOnly} out, ${both} both`);
    }
  });

  it('wraps long columns so that the drawing is about the canvas’s shape, fitted large', () => {
    const { width, height } = drawn(hub(150, 100, 50));
    const aspect = height / width;
    const canvas = CANVAS.height / CANVAS.width;
    assert.ok(
      aspect > canvas / 2 && aspect < canvas * 2,
      `drawing ${width.toFixed(0)} × ${height.toFixed(0)}`,
    );
    // Fitted, it is drawn at least 60% as large as if every page's slot tiled the canvas with no gap.
    const graph = hub(150, 100, 50);
    const area = graph.nodes.reduce((t, n) => t + (28 * 6.2 + 24) * (size(n.id) + 26), 0);
    const bound = Math.sqrt(((CANVAS.width - 48) * (CANVAS.height - 48)) / area);
    const zoom = Math.min((CANVAS.width - 48) / width, (CANVAS.height - 48) / height);
    assert.ok(zoom >= 0.6 * bound, `zoom ${zoom.toFixed(2)} of at most ${bound.toFixed(2)}`);
  });
});

describe('overlappingPairs', () => {
  it('counts the pairs of boxes that overlap, not those that touch', () => {
    const b = (x1: number, y1: number, x2: number, y2: number): Box => ({ x1, y1, x2, y2 });
    assert.equal(
      overlappingPairs([b(0, 0, 10, 10), b(10, 0, 20, 10), b(5, 5, 15, 15), b(30, 30, 40, 40)]),
      2,
    );
  });
});

describe('withoutSiteName', () => {
  it('takes the site’s name off titles when most of them end with it', () => {
    assert.deepEqual(
      withoutSiteName([
        're — Regular expression operations — Python 3.11.2 documentation',
        'Index — Python 3.11.2 documentation',
        'Glossary — Python 3.11.2 documentation',
        '3.11.2 Documentation',
      ]),
      ['re — Regular expression operations', 'Index', 'Glossary', '3.11.2 Documentation'],
    );
    const own = ['SELECT', 'Part VI. Reference', 'SQL Commands'];
    assert.deepEqual(withoutSiteName(own), own);
  });
});
