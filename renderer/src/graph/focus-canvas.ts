/**
 * The focus view on a cytoscape canvas: one page in the middle, the pages that link to it in columns on the left
 * (one column per hop), the pages it links to on the right, pages linked both ways right under it. Read from left
 * to right it says who passes links to the page and where the page sends them. The click path from the start
 * page can be laid over it: pages of the path the neighbourhood lacks are added on a row above. The layout
 * (focus-layout.ts) gives every label its room; the view opens fitted to the whole neighbourhood and fits again
 * when the canvas changes size, until the analyst pans or zooms.
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
import {
  boxAt,
  focusLayout,
  labelWidth,
  overlappingPairs,
  withoutSiteName,
  type Box,
} from './focus-layout.js';
import { clip, GRAPH_STYLE } from './graph-style.js';

/** A label's longest: a title clipped to it fits the slot the layout gives it (about 170 px). */
const LABEL_CHARS = 28;
/** Fitted, a small neighbourhood is not blown up past this. */
const MAX_FIT_ZOOM = 1.25;

export interface FocusEvents {
  /** After each fit, once drawn: what the view shows (the e2e tests read it off the canvas). */
  onView?(check: ViewCheck): void;
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

/** Rows the click path is raised above the neighbourhood by. */
const ROW = 44;
/** Rendered font size (px) under which the style hides a label (`min-zoomed-font-size`). */
const MIN_LABEL_PX = 7;
/** Space kept around the drawing when it is fitted. */
const FIT_PAD = 24;

/** What the view shows once fitted: whether every page is inside it, and how many drawn labels overlap. */
export interface ViewCheck {
  allInView: boolean;
  labelOverlaps: number;
  /** Labels drawn (large enough to read) of all the pages'. */
  labelsShown: number;
}

export function drawFocus(
  container: HTMLElement,
  graph: FocusGraph,
  opts: { colour: ColourContext; marks: Marks },
  events: FocusEvents,
): FocusHandle {
  const pages = new Map<string, GraphPage>(graph.nodes.map((n) => [focusNodeId(n.id), n]));
  const named = withoutSiteName(graph.nodes.map((n) => n.title?.trim() || shortUrl(n.url)));
  const labels = new Map(graph.nodes.map((n, k) => [n.id, named[k]!]));
  const sizeOf = (n: GraphPage) => pageSize(n.inlinks) * (n.id === graph.center ? 1.4 : 1);
  const shown = (id: number) => clip(labels.get(id) ?? '', LABEL_CHARS);
  const at = focusLayout(graph, shown, (id) => sizeOf(pages.get(focusNodeId(id))!), {
    // A canvas not laid out yet (0 × 0) is planned as a common one; it is fitted again once it has a size.
    width: container.clientWidth || 1000,
    height: container.clientHeight || 700,
    pad: FIT_PAD,
    maxZoom: MAX_FIT_ZOOM,
  });
  let colour = opts.colour;
  let marks = opts.marks;
  const nodeOf = (n: GraphPage, position: { x: number; y: number }): ElementDefinition => ({
    group: 'nodes',
    data: {
      id: focusNodeId(n.id),
      pageId: n.id,
      kind: 'page',
      label: clip(labels.get(n.id) ?? shortUrl(n.url), LABEL_CHARS),
      // Every mapped field set from the start: cytoscape warns (slowly) about each element without them.
      colour: pageColour(n, colour),
      size: sizeOf(n),
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
  /**
   * Fits the neighbourhood (and the path over it) with its labels as the layout sized them: cytoscape's own fit measures
   * every label first, and `fitView`'s fixed room for a label is narrower than a page title.
   */
  function fit() {
    let x1 = Infinity;
    let y1 = Infinity;
    let x2 = -Infinity;
    let y2 = -Infinity;
    cy.nodes().forEach((node) => {
      const page = pages.get(node.id());
      if (!page) return;
      const b = boxAt(
        node.position(),
        sizeOf(page),
        String(node.data('label')),
        // The page in focus and the path's pages are labelled in bold 12 px.
        page.id === graph.center || node.hasClass('on-path') ? 12 : 10,
      );
      x1 = Math.min(x1, b.x1);
      x2 = Math.max(x2, b.x2);
      y1 = Math.min(y1, b.y1);
      y2 = Math.max(y2, b.y2);
    });
    if (!Number.isFinite(x1) || cy.width() <= 2 * FIT_PAD || cy.height() <= 2 * FIT_PAD) return;
    const zoom = Math.min(
      MAX_FIT_ZOOM,
      (cy.width() - 2 * FIT_PAD) / (x2 - x1),
      (cy.height() - 2 * FIT_PAD) / (y2 - y1),
    );
    const z = Math.max(cy.minZoom(), Math.min(cy.maxZoom(), zoom));
    cy.viewport({
      zoom: z,
      pan: { x: cy.width() / 2 - (z * (x1 + x2)) / 2, y: cy.height() / 2 - (z * (y1 + y2)) / 2 },
    });
    if (events.onView) requestAnimationFrame(() => !cy.destroyed() && events.onView?.(checkView()));
  }

  /** Every page's node and label inside the canvas, and the labels drawn that overlap (read off cytoscape). */
  function checkView(): ViewCheck {
    const w = cy.width();
    const h = cy.height();
    const z = cy.zoom();
    let allInView = true;
    const boxes: Box[] = [];
    cy.nodes().forEach((node) => {
      const b = node.renderedBoundingBox({ includeLabels: true, includeOverlays: false });
      if (b.x1 < -1 || b.y1 < -1 || b.x2 > w + 1 || b.y2 > h + 1) allInView = false;
      const font = parseFloat(String(node.style('font-size'))) * z;
      if (node.hasClass('center') || font >= MIN_LABEL_PX) {
        const l = node.renderedBoundingBox({ includeNodes: false, includeEdges: false, includeLabels: true });
        boxes.push({ x1: l.x1, x2: l.x2, y1: l.y1, y2: l.y2 });
      }
    });
    return { allInView, labelOverlaps: overlappingPairs(boxes), labelsShown: boxes.length };
  }

  // Fitted now, and again when the canvas changes size (a panel opening beside it, the window) until the
  // analyst moves the view: opened, the whole neighbourhood is in sight.
  let moved = false;
  cy.on('dragpan scrollzoom pinchzoom', () => (moved = true));
  fit();
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
  let size = { w: container.clientWidth, h: container.clientHeight };
  const resize = new ResizeObserver(() => {
    if (container.clientWidth === size.w && container.clientHeight === size.h) return;
    size = { w: container.clientWidth, h: container.clientHeight };
    cy.resize();
    if (!moved) fit();
  });
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
        // Path labels are bold 12 px: a step as wide as the widest keeps them apart.
        const step = Math.max(
          140,
          ...before.map(
            (p) =>
              labelWidth(clip(labels.get(p.id) ?? p.title?.trim() ?? shortUrl(p.url), LABEL_CHARS), 12) + 24,
          ),
        );
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
      // The path and the neighbourhood both stay in sight: fitted to the path alone, a page opened from its
      // details (which asks for the path) showed its neighbours cut off at the canvas's edge.
      fit();
    },
    select(pageId) {
      const node = cy.getElementById(focusNodeId(pageId));
      if (node.empty()) return;
      cy.elements().unselect();
      node.select();
    },
    fit: () => fit(),
    destroy() {
      resize.disconnect();
      cy.destroy();
    },
    counts: { nodes: cy.nodes().length, edges: cy.edges().length },
  };
}
