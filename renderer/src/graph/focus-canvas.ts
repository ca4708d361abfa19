/**
 * The focus view on a cytoscape canvas: one page in the middle, the pages that link to it in columns on the left
 * (one column per hop), the pages it links to on the right, pages linked both ways right under it. Read from left
 * to right it says who passes links to the page and where the page sends them. The click path from the start
 * page can be laid over it: pages of the path the neighbourhood lacks are added on a row above.
 */
import cytoscape, { type Core, type ElementDefinition, type NodeSingular } from 'cytoscape';
import type { FocusGraph, GraphPage } from '../api/graph-types.js';
import { shortUrl } from '../format.js';
import { pageColour, pageSize, type ColourContext } from './colour-by.js';
import {
  applyMarks,
  applyOverlay,
  applyPath,
  pageMarks,
  sameMarks,
  type Marks,
  type OverlayPair,
} from './graph-marks.js';
import { clip, fitView, GRAPH_STYLE } from './graph-style.js';

export interface FocusEvents {
  onPage(pageId: number): void;
  onRefocus(pageId: number): void;
  onLink(link: { source: number; target: number }): void;
}

export interface FocusHandle {
  cy: Core;
  recolour(ctx: ColourContext): void;
  setMarks(marks: Marks): void;
  setOverlay(pairs: OverlayPair[]): number;
  /** Lays the click path over the view (an empty list clears it). */
  setPath(pages: GraphPage[]): void;
  select(pageId: number): void;
  fit(): void;
  destroy(): void;
  counts: { nodes: number; edges: number };
}

export const focusNodeId = (pageId: number) => `page:${pageId}`;

const COLUMN = 260;
const ROW = 44;
/** A column taller than this wraps into another one further out. */
const MAX_ROWS = 24;

/** Hops from the centre along outgoing links, and along incoming ones. */
function distances(graph: FocusGraph): { out: Map<number, number>; in: Map<number, number> } {
  const walk = (next: Map<number, number[]>) => {
    const dist = new Map<number, number>([[graph.center, 0]]);
    let frontier = [graph.center];
    while (frontier.length) {
      const following: number[] = [];
      for (const id of frontier)
        for (const n of next.get(id) ?? [])
          if (!dist.has(n)) {
            dist.set(n, dist.get(id)! + 1);
            following.push(n);
          }
      frontier = following;
    }
    return dist;
  };
  const forward = new Map<number, number[]>();
  const backward = new Map<number, number[]>();
  const add = (map: Map<number, number[]>, from: number, to: number) => {
    const list = map.get(from);
    if (list) list.push(to);
    else map.set(from, [to]);
  };
  for (const e of graph.edges) {
    add(forward, e.source, e.target);
    add(backward, e.target, e.source);
  }
  return { out: walk(forward), in: walk(backward) };
}

/** Which side of the centre a page belongs on: -k links in, +k links out, 0 both ways one hop. */
export function sideOf(pageId: number, hops: number, d: ReturnType<typeof distances>): number {
  const out = d.out.get(pageId);
  const inn = d.in.get(pageId);
  if (out === 1 && inn === 1) return 0;
  if (out !== undefined && (inn === undefined || out <= inn)) return out;
  if (inn !== undefined) return -inn;
  return hops; // reached through a mix of both directions: the far right
}

function positions(graph: FocusGraph, labels: Map<number, string>): Map<number, { x: number; y: number }> {
  const d = distances(graph);
  const columns = new Map<number, number[]>();
  for (const n of graph.nodes) {
    if (n.id === graph.center) continue;
    const side = sideOf(n.id, n.hops, d);
    const column = columns.get(side);
    if (column) column.push(n.id);
    else columns.set(side, [n.id]);
  }
  const at = new Map<number, { x: number; y: number }>([[graph.center, { x: 0, y: 0 }]]);
  for (const [side, ids] of columns) {
    ids.sort((a, b) => labels.get(a)!.localeCompare(labels.get(b)!));
    if (side === 0) {
      // Linked both ways: a row under the centre.
      ids.forEach((id, i) =>
        at.set(id, { x: (i - (ids.length - 1) / 2) * 150, y: ROW * 2 + Math.floor(i / 8) * ROW }),
      );
      continue;
    }
    const wraps = Math.ceil(ids.length / MAX_ROWS);
    const perColumn = Math.ceil(ids.length / wraps);
    ids.forEach((id, i) => {
      const sub = Math.floor(i / perColumn);
      const row = i % perColumn;
      const x = Math.sign(side) * ((Math.abs(side) - 1) * (wraps * 150 + COLUMN) + COLUMN + sub * 150);
      at.set(id, { x, y: (row - (Math.min(perColumn, ids.length) - 1) / 2) * ROW });
    });
  }
  return at;
}

export function drawFocus(
  container: HTMLElement,
  graph: FocusGraph,
  opts: { colour: ColourContext; marks: Marks },
  events: FocusEvents,
): FocusHandle {
  const pages = new Map<string, GraphPage>(graph.nodes.map((n) => [focusNodeId(n.id), n]));
  const labels = new Map(graph.nodes.map((n) => [n.id, n.title?.trim() || shortUrl(n.url)]));
  const at = positions(graph, labels);
  let colour = opts.colour;
  let marks = opts.marks;
  const nodeOf = (n: GraphPage, position: { x: number; y: number }): ElementDefinition => ({
    group: 'nodes',
    data: {
      id: focusNodeId(n.id),
      pageId: n.id,
      kind: 'page',
      label: clip(labels.get(n.id) ?? shortUrl(n.url)),
      // Every mapped field set from the start: cytoscape warns (slowly) about each element without them.
      colour: pageColour(n, colour),
      size: pageSize(n.inlinks) * (n.id === graph.center ? 1.4 : 1),
    },
    position,
    classes: `page ${n.id === graph.center ? 'center' : ''} ${pageMarks(n, marks)}`,
  });
  const elements: ElementDefinition[] = graph.nodes.map((n) => nodeOf(n, at.get(n.id) ?? { x: 0, y: 0 }));
  // Beyond a few hundred links, arrows cost more to draw than they tell: the columns already say which way.
  const many = graph.edges.length > 1000;
  for (const e of graph.edges) {
    if (e.source === e.target || !labels.has(e.source) || !labels.has(e.target)) continue;
    elements.push({
      group: 'edges',
      data: {
        id: `edge:${e.id}`,
        source: focusNodeId(e.source),
        target: focusNodeId(e.target),
        pageSource: e.source,
        pageTarget: e.target,
        width: Math.min(6, 1 + Math.log2(e.count)),
      },
      classes: `link kind-${e.edge_kind}`,
    });
  }
  const cy: Core = cytoscape({
    container,
    elements,
    minZoom: 0.05,
    maxZoom: 4,
    wheelSensitivity: 0.3,
    boxSelectionEnabled: false,
    style: many
      ? [...GRAPH_STYLE, { selector: 'edge.link', style: { 'curve-style': 'haystack' } }]
      : GRAPH_STYLE,
    layout: { name: 'preset', fit: false },
  });

  function recolour(ctx: ColourContext) {
    cy.batch(() =>
      cy.nodes().forEach((node) => {
        const page = pages.get(node.id());
        if (page)
          node.data({
            colour: pageColour(page, ctx),
            size: pageSize(page.inlinks) * (page.id === graph.center ? 1.4 : 1),
          });
      }),
    );
  }
  fitView(cy);
  /** Where the layout put the pages a path moved, to put them back when the path goes. */
  const home = new Map<string, { x: number; y: number }>();
  let shownPath = false;

  cy.on('tap', 'node', (event) => events.onPage((event.target as NodeSingular).data('pageId') as number));
  cy.on('dbltap', 'node', (event) =>
    events.onRefocus((event.target as NodeSingular).data('pageId') as number),
  );
  cy.on('tap', 'edge.link, edge.on-path', (event) => {
    const d = event.target.data() as { source: string; target: string };
    events.onLink({ source: Number(d.source.slice(5)), target: Number(d.target.slice(5)) });
  });
  const resize = new ResizeObserver(() => cy.resize());
  resize.observe(container);

  return {
    cy,
    recolour(ctx) {
      if (ctx === colour) return;
      colour = ctx;
      recolour(ctx);
    },
    setMarks(next) {
      if (sameMarks(next, marks)) return;
      marks = next;
      applyMarks(cy, next, new Map(), pages);
    },
    setOverlay: (pairs) => applyOverlay(cy, pairs, focusNodeId),
    setPath(path) {
      if (!path.length && !shownPath) return;
      shownPath = path.length > 0;
      cy.remove('node.path-page');
      for (const [id, position] of home) cy.getElementById(id).position(position);
      home.clear();
      // The path runs along a row above the neighbourhood, from the start page on the left to the page in
      // focus; pages of the neighbourhood on it move up into the row, the others are added there.
      const before = path.filter((p) => p.id !== graph.center);
      if (before.length) {
        let top = 0;
        cy.nodes().forEach((n) => {
          top = Math.min(top, n.position().y);
        });
        const y = top - ROW * 3;
        const step = 140;
        const add: ElementDefinition[] = [];
        before.forEach((p, i) => {
          const position = { x: (i - before.length) * step + step / 2, y };
          const node = cy.getElementById(focusNodeId(p.id));
          if (node.nonempty()) {
            home.set(node.id(), { ...node.position() });
            node.position(position);
            return;
          }
          pages.set(focusNodeId(p.id), p);
          labels.set(p.id, p.title?.trim() || shortUrl(p.url));
          const el = nodeOf(p, position);
          el.classes = `${el.classes} path-page`;
          add.push(el);
        });
        cy.add(add);
        recolour(colour);
        applyMarks(cy, marks, new Map(), pages);
      }
      applyPath(
        cy,
        path.map((p) => p.id),
        focusNodeId,
      );
      // The path is what was asked for: it fills the view, the neighbourhood may run off the side.
      fitView(cy, 1.25, path.length ? cy.nodes('.on-path') : undefined);
    },
    select(pageId) {
      const node = cy.getElementById(focusNodeId(pageId));
      if (node.empty()) return;
      cy.elements().unselect();
      node.select();
    },
    fit: () => fitView(cy),
    destroy() {
      resize.disconnect();
      cy.destroy();
    },
    counts: { nodes: cy.nodes().length, edges: cy.edges().length },
  };
}
