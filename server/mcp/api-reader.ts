/**
 * JSON reads through a {@link Dispatch}, for the MCP parts that combine several API calls (the overview tools,
 * resources, prompts, following a job). A read names an operation of the contract with its arguments, so its
 * path is the contract's and its answer is typed by it: a renamed field fails to compile here instead of reading
 * `undefined`. Each read meets the API's own guards, so a combined answer can never show more than its parts would.
 */
import { OPERATIONS, type CallAnswer, type CallArgsList, type OperationId } from '../contract/index.js';
import { callRequest, routeOf, type CallRequest } from '../contract/request.js';
import { problemOf, type ApiAnswer, type Dispatch } from './tool-call.js';

export type Read<T> = { ok: true; value: T } | { ok: false; status: number; detail: string };

/** The problem's detail (or the start of whatever came back) of a failed answer. */
export function problemDetail(answer: ApiAnswer): string {
  return problemOf(answer)?.detail ?? `HTTP ${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}`;
}

/** One operation with its arguments, checked against each other by the contract when {@link call} made it. */
export interface Call<K extends OperationId = OperationId> {
  readonly id: K;
  readonly args: object;
}

/** `call('sites.get', { site_id })`: a call to read, or to send (its {@link requestOf}). */
export const call = <K extends OperationId>(id: K, ...[args]: CallArgsList<K>): Call<K> => ({
  id,
  args: args ?? {},
});

/** The request a call makes: the contract's path, with the arguments in it and in the query string. */
export const requestOf = (c: Call): CallRequest => callRequest(routeOf(OPERATIONS[c.id]), c.args);

async function read<K extends OperationId>(dispatch: Dispatch, c: Call<K>): Promise<Read<CallAnswer<K>>> {
  const req = requestOf(c);
  if (req.method !== 'GET') throw new TypeError(`readCall reads; ${c.id} is ${req.method}`);
  const answer = await dispatch({ method: 'GET', path: req.path });
  if (answer.status >= 400) return { ok: false, status: answer.status, detail: problemDetail(answer) };
  try {
    // The boundary where an answer off the wire takes a type: the contract's for the operation that answered
    // (the API's answers are checked against those same schemas in its tests).
    return { ok: true, value: JSON.parse(answer.body.toString('utf8')) as CallAnswer<K> };
  } catch {
    return { ok: false, status: answer.status, detail: `GET ${req.path} did not answer JSON.` };
  }
}

/** One operation's answer, typed by the contract (`readCall(dispatch, 'jobs.get', { job_id })`). */
export const readCall = <K extends OperationId>(
  dispatch: Dispatch,
  id: K,
  ...args: CallArgsList<K>
): Promise<Read<CallAnswer<K>>> => read(dispatch, call(id, ...args));

/** What {@link readCalls} answers: each key's read, typed by its own call's operation. */
export type Reads<S extends Record<string, Call>> = { [P in keyof S]: Read<CallAnswer<S[P]['id']>> };

/** Several reads at once, keyed as given: `readCalls(dispatch, { site: call('sites.get', { site_id }) })`. */
export async function readCalls<S extends Record<string, Call>>(
  dispatch: Dispatch,
  calls: S,
): Promise<Reads<S>> {
  const keys = Object.keys(calls);
  const reads = await Promise.all(keys.map((k) => read(dispatch, calls[k]!)));
  // Object.fromEntries forgets which key holds which read; each holds the read of its own key's call.
  return Object.fromEntries(keys.map((k, i) => [k, reads[i]])) as Reads<S>;
}
