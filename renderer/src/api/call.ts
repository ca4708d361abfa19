/**
 * The UI's typed call: `call('sites.get', { site_id })`. The operation id names the route (its method and path
 * come from `virtual:api-routes`, built from the server's contract), the one argument object holds its path,
 * query and body fields, and both the arguments and the answer are typed by the contract, so a renamed field
 * fails to compile here as it does on the server. An upload, whose body is a file, goes through `callUpload`.
 */
import routes from 'virtual:api-routes';
import type {
  CallAnswer,
  CallArgs,
  CallArgsList,
  OperationId,
  Operations,
} from '../../../server/contract/index.js';
import { readAnswer, withQuery, type QueryValue, type RequestOptions } from './client.js';

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

/** The operations whose body is a file sent as is (`upload` in the contract) rather than JSON. */
export type UploadId = {
  [K in OperationId]: Operations[K] extends { upload: object } ? K : never;
}[OperationId];

const methodOf = (id: OperationId) => routes[id].method.toUpperCase() as RequestOptions['method'];

/** Any operation but an upload, whose body is a file (`callUpload`). */
export function call<K extends Exclude<OperationId, UploadId>>(
  id: K,
  ...rest: [...CallArgsList<K>, CallOptions?]
): Promise<CallAnswer<K>> {
  // The list's shape depends on K, which the compiler cannot index through; callers are checked by the signature.
  const [args, opts] = rest as unknown as [object | undefined, CallOptions | undefined];
  const { path, body } = callTarget(id, args ?? {});
  // The one cast of an answer: the contract says what each operation answers, and the server is tested to it.
  return readAnswer(path, {
    method: methodOf(id),
    ...(body ? { body } : {}),
    ...(opts?.signal ? { signal: opts.signal } : {}),
  }) as Promise<CallAnswer<K>>;
}

/**
 * `call` for an upload: `file` is the body, with its own media type (generic when the browser knows none), and
 * the arguments go in the path and query.
 */
export function callUpload<K extends UploadId>(
  id: K,
  args: CallArgs<K>,
  file: Blob,
  opts: CallOptions = {},
): Promise<CallAnswer<K>> {
  // An upload's arguments are its query, an object like any call's (the compiler cannot see that through K).
  const { path } = callTarget(id, args as object);
  return readAnswer(path, {
    method: methodOf(id),
    raw: file,
    contentType: file.type || 'application/octet-stream',
    ...(opts.signal ? { signal: opts.signal } : {}),
  }) as Promise<CallAnswer<K>>;
}
