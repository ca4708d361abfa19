/**
 * The look of the structure and focus views, shared so a page looks the same in both: colour from the chosen
 * field, size from inlinks, orphans ringed in red, dead ends drawn square with a dark dashed border, groups as
 * rounded boxes labelled with their path and page count, link bundles as wide as their link count, and the
 * click path in the accent colour over everything else faded.
 */
import type { Core, NodeCollection, NodeSingular, StylesheetJson } from 'cytoscape';

export const ORPHAN_COLOUR = '#c2255c';
export const DEAD_END_COLOUR = '#243b53';
export const PATH_COLOUR = '#2f6fb2';

export const GRAPH_STYLE: StylesheetJson = [
  {
    selector: 'node',
    style: {
      width: 'data(size)',
      height: 'data(size)',
      'background-color': 'data(colour)',
      'border-width': 1,
      'border-color': '#ffffff',
      label: 'data(label)',
      'font-size': 10,
      'min-zoomed-font-size': 7,
      color: '#1f2933',
      'text-valign': 'bottom',
      'text-margin-y': 3,
      // Labels are clipped in JavaScript (`clip`): cytoscape's own ellipsis measures text letter by letter,
      // which cost seconds for a few hundred pages.
      'text-wrap': 'none',
      'z-index-compare': 'manual',
      'z-index': 10,
    },
  },
  {
    selector: 'node.group',
    style: {
      shape: 'round-rectangle',
      'text-valign': 'center',
      'text-halign': 'center',
      'text-wrap': 'wrap',
      'text-max-width': '150px',
      'font-size': 11,
      'font-weight': 'bold',
      color: '#102a43',
      'text-outline-color': '#ffffff',
      'text-outline-width': 2,
      'border-width': 1,
      'border-color': '#829ab1',
    },
  },
  {
    // A group box holding its pages or sub-groups: a light frame labelled at the top.
    selector: ':parent',
    style: {
      'background-color': '#f0f4f8',
      'background-opacity': 0.6,
      'border-width': 1.5,
      'border-color': '#9fb3c8',
      'text-valign': 'top',
      'text-halign': 'center',
      'text-margin-y': -4,
      'font-size': 12,
      padding: '14px',
      // A box sized by its pages' labels measures every label each time one page moves.
      'compound-sizing-wrt-labels': 'exclude',
    },
  },
  {
    // A group box of the tree layout: an ordinary node sized to its contents, behind them (z-index 0–5 by
    // nesting; links 8, other nodes 10).
    selector: 'node.flat-box',
    style: {
      width: 'data(w)',
      height: 'data(h)',
      'background-color': '#f0f4f8',
      'background-opacity': 0.6,
      'border-width': 1.5,
      'border-color': '#9fb3c8',
      'text-valign': 'top',
      'text-margin-y': -4,
      'font-size': 12,
      'z-index': (node: NodeSingular) => Number(node.data('z') ?? 0),
    },
  },
  { selector: 'node.group.has-dead-ends', style: { 'border-width': 3, 'border-style': 'dashed' } },
  {
    selector: 'node.group.has-orphans',
    style: { 'border-width': 6, 'border-style': 'double', 'border-color': ORPHAN_COLOUR },
  },
  {
    selector: 'node.page.dead-end',
    style: {
      shape: 'round-rectangle',
      'border-width': 2,
      'border-style': 'dashed',
      'border-color': DEAD_END_COLOUR,
    },
  },
  {
    selector: 'node.page.orphan',
    style: { 'border-width': 5, 'border-color': ORPHAN_COLOUR, 'border-style': 'double' },
  },
  {
    selector: 'node.center',
    style: {
      'border-width': 4,
      'border-color': '#102a43',
      'font-size': 12,
      'font-weight': 'bold',
      'text-background-color': '#ffffff',
      'text-background-opacity': 0.85,
      'text-background-padding': '2px',
      'min-zoomed-font-size': 0,
      'z-index': 20,
    },
  },
  {
    selector: 'node:selected',
    style: {
      'overlay-color': PATH_COLOUR,
      'overlay-opacity': 0.2,
      'overlay-padding': 6,
      'z-index': 15,
    },
  },
  {
    selector: 'edge',
    style: {
      width: 'data(width)',
      'line-color': '#9fb3c8',
      'target-arrow-color': '#9fb3c8',
      'target-arrow-shape': 'triangle',
      'arrow-scale': 0.8,
      'curve-style': 'bezier',
      opacity: 0.7,
      'z-index-compare': 'manual',
      'z-index': 8,
    },
  },
  { selector: 'edge.bundle', style: { 'line-color': '#7b93ab', 'target-arrow-color': '#7b93ab' } },
  {
    selector: 'edge:selected',
    style: { 'line-color': PATH_COLOUR, 'target-arrow-color': PATH_COLOUR, opacity: 1 },
  },
  {
    selector: 'edge.pair',
    style: {
      'curve-style': 'straight',
      'line-style': 'dashed',
      width: 2.5,
      opacity: 0.95,
      'target-arrow-shape': 'none',
      'line-color': 'data(colour)',
      'z-index': 5,
    },
  },
  { selector: '.faded', style: { opacity: 0.3 } },
  {
    selector: 'node.on-path',
    style: {
      'border-width': 4,
      'border-color': PATH_COLOUR,
      opacity: 1,
      'z-index': 30,
      'font-weight': 'bold',
      'font-size': 12,
      'min-zoomed-font-size': 0,
      'text-background-color': '#ffffff',
      'text-background-opacity': 0.85,
      'text-background-padding': '2px',
    },
  },
  {
    selector: 'edge.on-path',
    style: {
      width: 5,
      'line-color': PATH_COLOUR,
      'target-arrow-color': PATH_COLOUR,
      opacity: 1,
      'z-index': 30,
      label: 'data(step)',
      'font-size': 11,
      'min-zoomed-font-size': 0,
      color: PATH_COLOUR,
      'text-background-color': '#ffffff',
      'text-background-opacity': 1,
      'text-background-padding': '2px',
    },
  },
];

/**
 * Fits the graph to the canvas without blowing a handful of nodes up to poster size. Measured from node
 * positions and sizes, not cytoscape's bounding box: that one lays out every label first, which took most of a
 * second for a few hundred pages.
 */
export function fitView(cy: Core, maxZoom = 1.25, only?: NodeCollection): void {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  (only ?? cy.nodes()).forEach((n) => {
    if (n.isParent()) return;
    const { x, y } = n.position();
    const rx = Number(n.data('w') ?? n.data('size') ?? 20) / 2;
    const ry = Number(n.data('h') ?? n.data('size') ?? 20) / 2;
    x1 = Math.min(x1, x - rx - LABEL_ROOM.x);
    x2 = Math.max(x2, x + rx + LABEL_ROOM.x);
    y1 = Math.min(y1, y - ry - LABEL_ROOM.top);
    y2 = Math.max(y2, y + ry + LABEL_ROOM.bottom);
  });
  if (!Number.isFinite(x1)) return;
  const pad = 30;
  const zoom = Math.min(maxZoom, (cy.width() - 2 * pad) / (x2 - x1), (cy.height() - 2 * pad) / (y2 - y1));
  const z = Math.max(cy.minZoom(), Math.min(cy.maxZoom(), zoom));
  cy.viewport({
    zoom: z,
    pan: { x: cy.width() / 2 - (z * (x1 + x2)) / 2, y: cy.height() / 2 - (z * (y1 + y2)) / 2 },
  });
}

/** Room kept around a node for its label (under it) and a box's padding and title. */
const LABEL_ROOM = { x: 40, top: 40, bottom: 24 };

/** A page's label, short enough to sit under its node. */
export function clip(text: string, max = 34): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
