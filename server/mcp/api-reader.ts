/**
 * JSON reads through a {@link Dispatch}, for the MCP parts that combine several API calls (the overview tools,
 * resources, prompts, following a job). Each read meets the API's own guards, so a combined answer can never show
 * more than its parts would.
 */
import { OPERATIONS, type CallAnswer, type CallArgsList, type OperationId } from '../contract/index.js';
import { callRequest, routeOf } from '../contract/request.js';
import type { ApiAnswer, Dispatch } from './tool-call.js';

export type Read<T> = { ok: true; value: T } | { ok: false; status: number; detail: string };

/** The problem's detail (or the start of whatever came back) of a failed answer. */
export function problemDetail(answer: ApiAnswer): string {
  const body = answer.body.toString('utf8');
  try {
    const p = JSON.parse(body) as { title?: unknown; detail?: unknown };
    if (typeof p.detail === 'string') return p.detail;
    if (typeof p.title === 'string') return p.title;
  } catch {
    // not JSON: fall through
  }
  return `HTTP ${answer.status}: ${body.slice(0, 300)}`;
}

/** A query string from defined values (arrays repeat the key). */
export function query(params: Record<string, string | number | boolean | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) q.append(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export async function readJson<T>(dispatch: Dispatch, path: string): Promise<Read<T>> {
  const answer = await dispatch({ method: 'GET', path });
  if (answer.status >= 400) return { ok: false, status: answer.status, detail: problemDetail(answer) };
  try {
    return { ok: true, value: JSON.parse(answer.body.toString('utf8')) as T };
  } catch {
    return { ok: false, status: answer.status, detail: `GET ${path} did not answer JSON.` };
  }
}

/** One operation's answer, typed by the contract (`readCall(dispatch, 'jobs.get', { job_id })`). */
export async function readCall<K extends OperationId>(
  dispatch: Dispatch,
  id: K,
  ...[args]: CallArgsList<K>
): Promise<Read<CallAnswer<K>>> {
  const req = callRequest(routeOf(OPERATIONS[id]), args ?? {});
  if (req.method !== 'GET') throw new TypeError(`readCall reads; ${id} is ${req.method}`);
  return readJson<CallAnswer<K>>(dispatch, req.path);
}

/** Reads several paths at once, keyed as given. */
export async function readAll<K extends string>(
  dispatch: Dispatch,
  paths: Record<K, string>,
): Promise<Record<K, Read<unknown>>> {
  const keys = Object.keys(paths) as K[];
  const reads = await Promise.all(keys.map((k) => readJson<unknown>(dispatch, paths[k])));
  return Object.fromEntries(keys.map((k, i) => [k, reads[i]])) as Record<K, Read<unknown>>;
}
