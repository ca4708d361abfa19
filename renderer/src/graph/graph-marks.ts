/**
 * Marks laid over a drawn graph without a new layout: orphans and dead ends (pages, and groups that hold some),
 * the merge overlay of similar pairs between drawn pages, and the click path with everything else faded.
 */
import type { Core, ElementDefinition } from 'cytoscape';
import type { GraphGroup, GraphPage } from '../api/graph-types.js';
import { OUTCOME_COLOURS, type OverlayPair } from './graph-canvas.js';

export type { OverlayPair };

export interface Marks {
  orphans: boolean;
  deadEnds: boolean;
}

/** The mark classes of a page, set when it is created (a later change goes through `applyMarks`). */
export function pageMarks(page: GraphPage, marks: Marks): string {
  return [marks.orphans && page.orphan ? 'orphan' : '', marks.deadEnds && page.dead_end ? 'dead-end' : '']
    .filter(Boolean)
    .join(' ');
}

export function groupMarks(g: GraphGroup, marks: Marks): string {
  return [
    marks.orphans && g.orphans > 0 ? 'has-orphans' : '',
    marks.deadEnds && g.dead_ends > 0 ? 'has-dead-ends' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export const sameMarks = (a: Marks, b: Marks) => a.orphans === b.orphans && a.deadEnds === b.deadEnds;

export function applyMarks(
  cy: Core,
  marks: Marks,
  groups: ReadonlyMap<string, GraphGroup>,
  pages: ReadonlyMap<string, GraphPage>,
): void {
  cy.batch(() => {
    cy.nodes().forEach((node) => {
      const page = pages.get(node.id());
      if (page) {
        node.toggleClass('orphan', marks.orphans && page.orphan);
        node.toggleClass('dead-end', marks.deadEnds && page.dead_end);
        return;
      }
      const g = groups.get(node.id());
      if (!g) return;
      node.toggleClass('has-orphans', marks.orphans && g.orphans > 0);
      node.toggleClass('has-dead-ends', marks.deadEnds && g.dead_ends > 0);
    });
  });
}

/** Draws the pairs whose two pages are both on the canvas; returns how many. */
export function applyOverlay(cy: Core, pairs: OverlayPair[], nodeId: (pageId: number) => string): number {
  cy.batch(() => {
    cy.remove('edge.pair');
    const add: ElementDefinition[] = [];
    for (const p of pairs) {
      if (cy.getElementById(nodeId(p.a)).empty() || cy.getElementById(nodeId(p.b)).empty()) continue;
      add.push({
        group: 'edges',
        data: {
          id: `pair:${p.id}`,
          source: nodeId(p.a),
          target: nodeId(p.b),
          colour: OUTCOME_COLOURS[p.outcome],
          width: 2.5,
        },
        classes: `pair outcome-${p.outcome}`,
      });
    }
    cy.add(add);
  });
  return cy.edges('.pair').length;
}

/**
 * Highlights a click path (page ids from the start page on) over the drawn graph: its nodes and the edges
 * between consecutive ones, numbered by step; everything else fades. An empty path clears it.
 */
export function applyPath(cy: Core, path: number[], nodeId: (pageId: number) => string): void {
  cy.batch(() => {
    cy.elements().removeClass('on-path faded');
    cy.remove('edge.path-only');
    if (!path.length) return;
    const add: ElementDefinition[] = [];
    for (let i = 0; i + 1 < path.length; i++) {
      const s = nodeId(path[i]!);
      const t = nodeId(path[i + 1]!);
      if (cy.getElementById(s).empty() || cy.getElementById(t).empty()) continue;
      const existing = cy.edges(`[source = "${s}"][target = "${t}"]`).not('.pair');
      if (existing.nonempty()) existing.addClass('on-path').data('step', String(i + 1));
      else
        add.push({
          group: 'edges',
          data: { id: `path:${s}>${t}`, source: s, target: t, width: 5, step: String(i + 1) },
          classes: 'on-path path-only',
        });
    }
    cy.add(add);
    for (const id of path) cy.getElementById(nodeId(id)).addClass('on-path');
    cy.elements().not('.on-path').addClass('faded');
  });
}
