/**
 * SQL text shared by the repositories: placeholders for a bound `IN (…)` list, and the closed lists of edge kinds
 * that statements prepared once at start hold as literals.
 */
import { ANCHOR_EDGE_KINDS, type EdgeKind } from '../schemas/crawl.js';

/** `?,?,?` for `n` values bound in order: `IN (${marks(values.length)})` with `.all(...values)`. */
export const marks = (n: number): string => Array.from({ length: n }, () => '?').join(',');

/**
 * Edge kinds as an SQL `IN (…)` literal, for a statement prepared once whose list never changes (binding it would
 * add the same values to every call). Only the schema's fixed kinds reach it; a list that comes with a request is
 * bound instead, with `marks`.
 */
export const edgeKindsSql = (kinds: readonly EdgeKind[]): string =>
  `(${kinds.map((k) => `'${k}'`).join(',')})`;

/** Anchor edges: the links that count as inlinks and outlinks. */
export const ANCHOR_KINDS_SQL = edgeKindsSql(ANCHOR_EDGE_KINDS);
