/**
 * The link graph's aggregated answers (#23) — the structure view's groups, a page's neighbourhood, a click path
 * — and the choices they are asked with, read off the contract's `graph` operations like the rest of `types.ts`.
 */
import type { CallAnswer, CallArgs } from '../../../server/contract/index.js';

/** The structure view's answer: groups, the links between them, and the pages of expanded groups. */
export type GroupGraph = CallAnswer<'graph.groups'>;
export type GraphGroup = GroupGraph['groups'][number];
export type GroupBy = NonNullable<CallArgs<'graph.groups'>['by']>;
/** A page as the graph routes send it (with indexability, dead end, clicks and its group). */
export type GraphPage = GroupGraph['nodes'][number];
export type FocusGraph = CallAnswer<'graph.focus'>;
export type FocusNode = FocusGraph['nodes'][number];
export type Direction = NonNullable<CallArgs<'graph.focus'>['direction']>;
export type ClickPath = CallAnswer<'graph.path'>;
