/**
 * The link graph's aggregated answers (#23) — the structure view's groups, a page's neighbourhood, a click path
 * and a link's impact — taken from the server's zod schemas like the rest of `types.ts`.
 */
import type {
  GraphFocus,
  GraphGroup,
  GraphGroups,
  GraphNode,
  GraphPath,
  LinkImpact,
  GROUP_BY,
} from '../../../server/schemas/graph.js';

/** A page as the graph routes send it (with indexability, dead end, clicks and its group). */
export type GraphPage = GraphNode;
export type GroupBy = (typeof GROUP_BY)[number];
export type { GraphGroup, LinkImpact };
export type GroupGraph = GraphGroups;
/** An aggregated link between groups, or pages of expanded groups (`page:<id>`). */
export type GroupEdge = GraphGroups['edges'][number];
export type FocusGraph = GraphFocus;
export type FocusNode = GraphFocus['nodes'][number];
export type ClickPath = GraphPath;
export type PathLink = GraphPath['links'][number];
export type Direction = 'in' | 'out' | 'both';
