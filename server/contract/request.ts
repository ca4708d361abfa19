/**
 * How a typed call becomes an HTTP request, for the clients that run on the server's side (the MCP tools, the
 * tests): path parameters fill the path, the other arguments are the JSON body of an operation that takes one
 * and the query string of any other. That split is unambiguous because no operation takes both (checked where
 * `Operations` is defined). The UI does the same in `renderer/src/api/call.ts` from a table built with it.
 */
import type { Method } from './operation.js';

/** What a client needs of an operation to call it. */
export interface OperationRoute {
  method: Method;
  path: string;
  /** Takes a JSON body (the arguments that are not path parameters go there). */
  body: boolean;
}

export interface CallRequest {
  method: Uppercase<Method>;
  /** Path and query string, percent-encoded. */
  path: string;
  /** The JSON body, when the operation takes one. */
  body?: Record<string, unknown>;
}

export const routeOf = (op: { method: Method; path: string; body?: unknown }): OperationRoute => ({
  method: op.method,
  path: op.path,
  body: op.body !== undefined,
});

/** Arrays repeat the parameter; `undefined` and `null` leave it out. */
function queryString(values: [string, unknown][]): string {
  const q = new URLSearchParams();
  for (const [key, value] of values) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) q.append(key, String(v));
  }
  const text = q.toString();
  return text ? `?${text}` : '';
}

export function callRequest(route: OperationRoute, args: object = {}): CallRequest {
  const rest = new Map(Object.entries(args));
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = rest.get(name);
    if (value === undefined || value === null) throw new TypeError(`${route.path} needs ${name}`);
    rest.delete(name);
    return encodeURIComponent(String(value));
  });
  const method = route.method.toUpperCase() as Uppercase<Method>;
  if (route.body) return { method, path, body: Object.fromEntries(rest) };
  return { method, path: path + queryString([...rest]) };
}
