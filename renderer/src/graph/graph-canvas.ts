/**
 * The link graph on a cytoscape canvas. Sized for thousands of nodes: fcose (spectral start, then a force
 * refinement only while the graph is small enough for it to finish quickly), haystack edges, labels only when
 * zoomed in, edges hidden and the canvas textured while panning a large graph. Node size follows inlinks,
 * colour the similarity cluster; orphans have a red ring; the merge overlay draws dashed edges by outcome.
 */
import cytoscape, { type Core, type ElementDefinition } from 'cytoscape';
import fcose from 'cytoscape-fcose';
import type { GraphEdge, GraphNode, Outcome } from '../api/types.js';
import { shortUrl } from '../format.js';
import { clusterColour } from './colour-by.js';

export { CLUSTER_COLOURS, clusterColour, NO_CLUSTER_COLOUR } from './colour-by.js';

cytoscape.use(fcose);

/** Above this many nodes the force refinement is skipped: the spectral layout alone is readable and fast. */
const DRAFT_ABOVE = 1200;
/** Above this many nodes edges are hidden while the view moves. */
const LARGE = 1500;
/** The most-linked pages keep their label at any zoom, as landmarks. */
const HUB_LABELS = 12;

export const OUTCOME_COLOURS: Record<Outcome, string> = {
  duplicate: '#c0392b',
  merge: '#8e44ad',
  related: '#16a085',
};

export interface OverlayPair {
  id: number;
  a: number;
  b: number;
  outcome: Outcome;
  reranker: number;
}

export interface GraphHandle {
  cy: Core;
  setOverlay(pairs: OverlayPair[]): number;
  focus(nodeId: number): void;
  fit(): void;
  destroy(): void;
}

function nodeSize(inlinks: number): number {
  return Math.min(60, 8 + Math.sqrt(inlinks) * 4);
}

export function drawGraph(
  container: HTMLElement,
  nodes: GraphNode[],
  edges: GraphEdge[],
  onSelect: (nodeId: number) => void,
): GraphHandle {
  const large = nodes.length > LARGE;
  const elements: ElementDefinition[] = [];
  for (const n of nodes) {
    elements.push({
      group: 'nodes',
      // Dragging on a node pans like dragging on the background (in a dense graph there is little else).
      pannable: true,
      data: {
        id: `n${n.id}`,
        pageId: n.id,
        // Thousands of labels cost layout and paint time even when hidden; large graphs label hubs only.
        label: '',
        name: n.title?.trim() || shortUrl(n.url),
        size: nodeSize(n.inlinks),
        colour: clusterColour(n.cluster_id),
      },
      classes: [n.orphan ? 'orphan' : '', n.status_code !== null && n.status_code >= 400 ? 'broken' : '']
        .filter(Boolean)
        .join(' '),
    });
  }
  const hubs = new Set(
    [...nodes]
      .sort((a, b) => b.inlinks - a.inlinks)
      .slice(0, HUB_LABELS)
      .map((n) => n.id),
  );
  for (const el of elements) {
    const hub = hubs.has(el.data.pageId as number);
    if (hub) el.classes = `${el.classes ?? ''} hub`;
    if (hub || !large) el.data.label = el.data.name;
  }
  const known = new Set(nodes.map((n) => n.id));
  for (const e of edges) {
    if (!known.has(e.source) || !known.has(e.target) || e.source === e.target) continue;
    elements.push({
      group: 'edges',
      data: { id: `e${e.id}`, source: `n${e.source}`, target: `n${e.target}` },
      classes: `kind-${e.edge_kind}`,
    });
  }

  const cy: Core = cytoscape({
    container,
    elements,
    minZoom: 0.05,
    maxZoom: 4,
    wheelSensitivity: 0.3,
    pixelRatio: 1,
    hideEdgesOnViewport: large,
    textureOnViewport: large,
    boxSelectionEnabled: false,
    // Nodes stay where the layout put them: a drag pans the view, as analysts expect from a map.
    style: [
      {
        selector: 'node',
        style: {
          width: 'data(size)',
          height: 'data(size)',
          'background-color': 'data(colour)',
          'border-width': 0,
          label: 'data(label)',
          'font-size': 9,
          // Most labels appear only when zoomed in; at full view they would be a blur. Hubs keep theirs.
          'min-zoomed-font-size': 20,
          color: '#1f2933',
          'text-valign': 'bottom',
          'text-margin-y': 3,
          'text-max-width': '140px',
          'text-wrap': 'ellipsis',
        },
      },
      { selector: 'node.hub', style: { 'min-zoomed-font-size': 7, 'font-weight': 'bold', color: '#334e68' } },
      { selector: 'node.orphan', style: { 'border-width': 3, 'border-color': '#d64545' } },
      { selector: 'node.broken', style: { shape: 'diamond' } },
      {
        selector: 'node:selected',
        style: {
          'border-width': 4,
          'border-color': '#102a43',
          'z-index': 10,
          'min-zoomed-font-size': 0,
          'font-size': 12,
          'font-weight': 'bold',
          'text-background-color': '#ffffff',
          'text-background-opacity': 0.85,
          'text-background-padding': '2px',
          label: 'data(name)',
        },
      },
      {
        selector: 'edge',
        style: {
          'curve-style': 'haystack',
          'haystack-radius': 0,
          width: 1,
          'line-color': '#bcccdc',
          opacity: 0.55,
        },
      },
      { selector: 'edge.kind-content', style: { 'line-color': '#7b93ab', opacity: 0.7 } },
      {
        selector: 'edge.pair',
        style: {
          'curve-style': 'straight',
          'line-style': 'dashed',
          width: 2.5,
          opacity: 0.95,
          'line-color': 'data(colour)',
          'z-index': 5,
        },
      },
    ],
    layout: { name: 'preset' },
  });

  cy.layout({
    name: 'fcose',
    quality: nodes.length > DRAFT_ABOVE ? 'draft' : 'default',
    randomize: true,
    animate: false,
    fit: true,
    padding: 30,
    nodeRepulsion: () => 6000,
    idealEdgeLength: () => 60,
    numIter: 1500,
    sampleSize: 25,
    tile: true,
  } as cytoscape.LayoutOptions).run();

  cy.on('tap', 'node', (event) => onSelect(event.target.data('pageId') as number));
  // The stage changes size when the page drawer opens or the window is resized.
  const resize = new ResizeObserver(() => cy.resize());
  resize.observe(container);

  return {
    cy,
    setOverlay(pairs) {
      cy.batch(() => {
        cy.remove('edge.pair');
        const add: ElementDefinition[] = [];
        for (const p of pairs) {
          if (cy.getElementById(`n${p.a}`).empty() || cy.getElementById(`n${p.b}`).empty()) continue;
          add.push({
            group: 'edges',
            data: {
              id: `p${p.id}`,
              source: `n${p.a}`,
              target: `n${p.b}`,
              colour: OUTCOME_COLOURS[p.outcome],
            },
            classes: `pair outcome-${p.outcome}`,
          });
        }
        cy.add(add);
      });
      return cy.edges('.pair').length;
    },
    focus(nodeId) {
      const node = cy.getElementById(`n${nodeId}`);
      if (node.empty()) return;
      cy.elements().unselect();
      node.select();
      cy.animate({ center: { eles: node }, zoom: Math.max(cy.zoom(), 1.2) }, { duration: 250 });
    },
    fit: () => cy.fit(undefined, 30),
    destroy: () => {
      resize.disconnect();
      cy.destroy();
    },
  };
}
