/**
 * Each operation's method, path and whether it takes a body, by operation id: what a client that cannot load
 * the contract's schemas at run time (the UI, whose bundle holds no server code) needs to make a call. The UI's
 * build writes it into the bundle (`renderer/vite.config.ts`).
 */
import { OPERATIONS, type OperationId } from './index.js';
import { routeOf, type OperationRoute } from './request.js';

export type RouteTable = { readonly [K in OperationId]: OperationRoute };

export function routeTable(): RouteTable {
  return Object.fromEntries(Object.entries(OPERATIONS).map(([id, op]) => [id, routeOf(op)])) as RouteTable;
}
