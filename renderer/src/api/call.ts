/**
 * The UI's typed call: `call('sites.get', { site_id })`. The operation id names the route (its method and path
 * come from `virtual:api-routes`, built from the server's contract), the one argument object holds its path,
 * query and body fields, and both the arguments and the answer are typed by the contract, so a renamed field
 * fails to compile here as it does on the server.
 */
import routes from 'virtual:api-routes';
import type { CallAnswer, CallArgs, CallArgsList, OperationId } from '../../../server/contract/index.js';
import { request, withQuery, type QueryValue, type RequestOptions } from './client.js';

export type { CallAnswer, CallArgs, OperationId };

export interface CallOptions {
  signal?: AbortSignal;
}

/** The path (with its query string) and JSON body of a call, as `server/contract/request.ts` splits them. */
export function callTarget(id: OperationId, args: object = {}): { path: string; body?: object } {
  const route = routes[id];
  const rest: Record<string, unknown> = { ...args };
  const path = route.path.replace(/\{(\w+)\}/g, (_m: string, name: string) => {
    const value = rest[name];
    if (value === undefined || value === null) throw new TypeError(`${id} needs ${name}`);
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  if (route.body) return { path, body: rest };
  return { path: withQuery(path, rest as Record<string, QueryValue>) };
}

export function call<K extends OperationId>(
  id: K,
  ...rest: [...CallArgsList<K>, CallOptions?]
): Promise<CallAnswer<K>> {
  // The list's shape depends on K, which the compiler cannot index through; callers are checked by the signature.
  const [args, opts] = rest as unknown as [object | undefined, CallOptions | undefined];
  const { path, body } = callTarget(id, args ?? {});
  return request<CallAnswer<K>>(path, {
    method: routes[id].method.toUpperCase() as RequestOptions['method'],
    ...(body ? { body } : {}),
    ...(opts?.signal ? { signal: opts.signal } : {}),
  });
}
