/**
 * The structure view on a cytoscape canvas: each group of pages (a directory, a cluster) a box, collapsed to one
 * node unless expanded, sub-directories inside their parent, link bundles between groups as wide as their link
 * count. Laid out in rows by crawl depth (the tree from the start page) or force-directed (fcose, which keeps
 * a group's pages inside its box). Colours and marks change without a new layout.
 */
import cytoscape, { type Core, type ElementDefinition, type NodeSingular } from 'cytoscape';
import fcose from 'cytoscape-fcose';
import type { GraphGroup, GroupGraph } from '../api/graph-types.js';
import { fmtCount, shortUrl } from '../format.js';
import {
  groupColour,
  groupSize,
  pageColour,
  pageSize,
  type ColourContext,
  type SizeMode,
} from './colour-by.js';
import { depthLayout, type LayoutItem } from './depth-layout.js';
import { clip, fitView, GRAPH_STYLE } from './graph-style.js';
import {
  applyMarks,
  applyOverlay,
  groupMarks,
  pageMarks,
  sameMarks,
  type Marks,
  type OverlayPair,
} from './graph-marks.js';

cytoscape.use(fcose);

export type StructureLayout = 'tree' | 'force';

export interface StructureEvents {
  onGroup(id: string): void;
  onToggle(id: string): void;
  onPage(pageId: number): void;
  onBundle(bundle: { source: string; target: string; links: number }): void;
}

export interface StructureHandle {
  cy: Core;
  recolour(ctx: ColourContext, size: SizeMode): void;
  setMarks(marks: Marks): void;
  setOverlay(pairs: OverlayPair[]): number;
  select(id: string): void;
  fit(): void;
  destroy(): void;
  /** Nodes and edges drawn (the box of a group with sub-groups counts as a node), and bundles left out. */
  counts: { nodes: number; edges: number; hiddenBundles: number };
}

export const pageNodeId = (pageId: number) => `page:${pageId}`;
const OWN = '#own';
/** Bundles drawn at most, the strongest first: more is a hairball again, and slow to draw. */
export const MAX_BUNDLES = 800;
const STRAIGHT_ABOVE = 400;
const OWN_COLOUR = '#d9e2ec';

function groupLabel(g: GraphGroup): string {
  return `${g.label}\n${fmtCount(g.total, 'page')}`;
}

/** About how wide a group's label is drawn (bold 11 px), so boxes in a row do not print over each other. */
function labelWidth(label: string): number {
  return Math.max(...label.split('\n').map((l) => l.length)) * 7 + 8;
}

function bundleWidth(links: number): number {
  return Math.min(14, 1 + Math.log2(links + 1) * 1.4);
}

export function drawStructure(
  container: HTMLElement,
  data: GroupGraph,
  opts: { layout: StructureLayout; colour: ColourContext; size: SizeMode; marks: Marks },
  events: StructureEvents,
): StructureHandle {
  const groups = new Map(data.groups.map((g) => [g.id, g]));
  const hasChildren = new Set(data.groups.map((g) => g.parent).filter((p): p is string => p !== null));
  const expanded = new Set(data.nodes.map((n) => n.group).filter((g): g is string => !!g));
  const elements: ElementDefinition[] = [];
  const items: LayoutItem[] = [];

  for (const g of data.groups) {
    const parent = g.parent && groups.has(g.parent) ? g.parent : null;
    const compound = hasChildren.has(g.id) || expanded.has(g.id);
    elements.push({
      group: 'nodes',
      data: {
        id: g.id,
        ...(parent ? { parent } : {}),
        label: groupLabel(g),
        kind: 'group',
        // Every mapped field set from the start: cytoscape warns (slowly) about each element without them.
        colour: groupColour(g, opts.colour),
        size: groupSize(g, opts.size),
      },
      classes: [
        'group',
        compound ? 'box' : '',
        expanded.has(g.id) ? 'expanded' : '',
        groupMarks(g, opts.marks),
      ]
        .filter(Boolean)
        .join(' '),
    });
    items.push({
      id: g.id,
      parent,
      depth: g.depth_min,
      size: groupSize(g, opts.size),
      label: g.label,
      minWidth: labelWidth(groupLabel(g)),
    });
    // A directory with sub-directories is a box; its own pages (not expanded) are one node inside it.
    if (hasChildren.has(g.id) && !expanded.has(g.id) && g.size > 0) {
      const own: GraphGroup = { ...g, total: g.size };
      elements.push({
        group: 'nodes',
        data: {
          id: g.id + OWN,
          parent: g.id,
          label: `${fmtCount(g.size, 'page')} here`,
          kind: 'own',
          of: g.id,
          // The group's counts cover its sub-groups too, so they cannot colour its own pages alone.
          colour: OWN_COLOUR,
          size: groupSize(own, opts.size),
        },
        classes: 'group own',
      });
      items.push({
        id: g.id + OWN,
        parent: g.id,
        depth: g.depth_min,
        size: groupSize(own, opts.size),
        label: '',
        minWidth: labelWidth(`${fmtCount(g.size, 'page')} here`),
      });
    }
  }
  for (const n of data.nodes) {
    const parent = n.group && groups.has(n.group) ? n.group : null;
    elements.push({
      group: 'nodes',
      data: {
        id: pageNodeId(n.id),
        ...(parent ? { parent } : {}),
        pageId: n.id,
        kind: 'page',
        label: clip(n.title?.trim() || shortUrl(n.url)),
        colour: pageColour(n, opts.colour),
        size: pageSize(n.inlinks),
      },
      classes: `page ${pageMarks(n, opts.marks)}`,
    });
    items.push({
      id: pageNodeId(n.id),
      parent,
      depth: n.depth,
      size: pageSize(n.inlinks),
      label: n.url,
      labelled: true,
    });
  }
  const ids = new Set(elements.map((e) => e.data.id));
  // A box's own links are its own pages' links: they start and end at its "pages here" node, not at the box.
  const end = (id: string) => (ids.has(id + OWN) ? id + OWN : id);
  const drawnEdges: { source: string; target: string }[] = [];
  const bundles = data.edges
    .map((b) => ({ ...b, source: end(b.source), target: end(b.target) }))
    // Links inside one group are its own business; the view is about links between groups.
    .filter((e) => e.source !== e.target && ids.has(e.source) && ids.has(e.target))
    .sort((a, b) => b.links - a.links);
  for (const e of bundles.slice(0, MAX_BUNDLES)) {
    elements.push({
      group: 'edges',
      data: {
        id: `${e.source}>${e.target}`,
        source: e.source,
        target: e.target,
        links: e.links,
        width: bundleWidth(e.links),
      },
      classes: 'bundle',
    });
    drawnEdges.push(e);
  }
  const many = drawnEdges.length > STRAIGHT_ABOVE;

  // Positions go in with the elements: a layout run afterwards moves every page of an opened group one by one,
  // and each move re-measures its box (seconds for 2,000 pages).
  if (opts.layout === 'tree') {
    const at = depthLayout(items, drawnEdges);
    const parentOf = new Map(items.map((i) => [i.id, i.parent]));
    const nesting = (id: string) => {
      let n = 0;
      for (let p = parentOf.get(id); p; p = parentOf.get(p)) n++;
      return n;
    };
    for (const el of elements) {
      if (el.group !== 'nodes') continue;
      const id = el.data.id as string;
      const p = at.get(id) ?? { x: 0, y: 0 };
      el.position = { x: p.x, y: p.y };
      // Boxes are drawn as ordinary nodes behind their contents (see depthLayout), so nothing has a parent.
      delete el.data.parent;
      if (p.w !== undefined) {
        Object.assign(el.data, { w: p.w, h: p.h, z: nesting(id) });
        el.classes = `${el.classes ?? ''} flat-box`;
      }
    }
  }
  const cy: Core = cytoscape({
    container,
    elements,
    minZoom: 0.05,
    maxZoom: 4,
    wheelSensitivity: 0.3,
    boxSelectionEnabled: false,
    // Straight lines cost a fraction of curved ones to route and draw; with many bundles they read as well.
    style: many ? [...GRAPH_STYLE, { selector: 'edge', style: { 'curve-style': 'straight' } }] : GRAPH_STYLE,
    // Not fitted here: cytoscape's fit measures every label first (`fitView` does not).
    layout: { name: 'preset', fit: false },
    hideEdgesOnViewport: many,
  });
  const pages = new Map(data.nodes.map((n) => [pageNodeId(n.id), n]));

  function recolour(ctx: ColourContext, size: SizeMode) {
    cy.batch(() => {
      cy.nodes().forEach((node: NodeSingular) => {
        const kind = node.data('kind') as string;
        if (kind === 'page') {
          const page = pages.get(node.id())!;
          node.data({ colour: pageColour(page, ctx), size: pageSize(page.inlinks) });
        } else if (kind === 'own') {
          const g = groups.get(node.data('of') as string)!;
          node.data({ size: groupSize({ ...g, total: g.size }, size) });
        } else {
          const g = groups.get(node.id())!;
          node.data({ colour: groupColour(g, ctx), size: groupSize(g, size) });
        }
      });
    });
  }
  let shown = { colour: opts.colour, size: opts.size, marks: opts.marks };

  if (opts.layout === 'force') {
    cy.layout({
      name: 'fcose',
      quality: cy.nodes().length > 1500 ? 'draft' : 'default',
      randomize: true,
      animate: false,
      fit: false,
      nodeRepulsion: () => 12000,
      idealEdgeLength: () => 120,
      nestingFactor: 0.4,
      tile: true,
    } as cytoscape.LayoutOptions).run();
  }

  fitView(cy);

  cy.on('tap', 'node', (event) => {
    const node = event.target as NodeSingular;
    const kind = node.data('kind') as string;
    if (kind === 'page') events.onPage(node.data('pageId') as number);
    else events.onGroup(kind === 'own' ? (node.data('of') as string) : node.id());
  });
  cy.on('dbltap', 'node', (event) => {
    const node = event.target as NodeSingular;
    const kind = node.data('kind') as string;
    if (kind === 'group' || kind === 'own')
      events.onToggle(kind === 'own' ? (node.data('of') as string) : node.id());
  });
  cy.on('tap', 'edge.bundle', (event) => {
    const d = event.target.data() as { source: string; target: string; links: number };
    events.onBundle({ source: d.source, target: d.target, links: d.links });
  });
  const resize = new ResizeObserver(() => cy.resize());
  resize.observe(container);

  return {
    cy,
    recolour(colour, size) {
      if (colour === shown.colour && size === shown.size) return;
      shown = { ...shown, colour, size };
      recolour(colour, size);
    },
    setMarks(marks) {
      if (sameMarks(marks, shown.marks)) return;
      shown = { ...shown, marks };
      applyMarks(cy, marks, groups, pages);
    },
    setOverlay: (pairs) => applyOverlay(cy, pairs, pageNodeId),
    select(id) {
      const node = cy.getElementById(id);
      if (node.empty()) return;
      cy.elements().unselect();
      node.select();
      cy.animate({ center: { eles: node } }, { duration: 200 });
    },
    fit: () => fitView(cy),
    destroy() {
      resize.disconnect();
      cy.destroy();
    },
    counts: {
      nodes: cy.nodes().length,
      edges: cy.edges().length,
      hiddenBundles: Math.max(0, bundles.length - MAX_BUNDLES),
    },
  };
}
