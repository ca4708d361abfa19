/**
 * Typed calls for tests: `app.call('sites.get', { site_id })` sends the operation's request as the contract
 * describes it and answers its body typed by the contract, so a renamed field fails to compile in the tests as
 * it does in every other client. `send` is the same request for tests that look at a refusal; `answer` types the
 * body of a request a test sent itself (to read its headers, or with keys the contract cannot list); `callAll`
 * follows a list's cursors to its end.
 */
import assert from 'node:assert/strict';
import type supertest from 'supertest';
import {
  OPERATIONS,
  type CallAnswer,
  type CallArgs,
  type CallArgsList,
  type OperationId,
} from '../../server/contract/index.js';
import { callRequest, routeOf } from '../../server/contract/request.js';

/** The 2xx statuses an operation documents: a job route's 202, a creation's 201, a deletion's 204. */
const successStatuses = (id: OperationId): number[] =>
  Object.keys(OPERATIONS[id].responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);

/** The operations that answer one page of a keyset-paged list. */
export type PagedOperation = {
  [K in OperationId]: CallAnswer<K> extends { items: unknown[]; next_cursor: string | null } ? K : never;
}[OperationId];

export function apiCaller(http: ReturnType<typeof supertest>, headers: Record<string, string>) {
  const request = (id: OperationId, args: object) => {
    const req = callRequest(routeOf(OPERATIONS[id]), args);
    const method = req.method.toLowerCase() as Lowercase<typeof req.method>;
    const test = http[method](req.path).set(headers);
    return req.body ? test.send(req.body) : test;
  };
  const send = <K extends OperationId>(id: K, ...[args]: CallArgsList<K>) => request(id, args ?? {});
  /**
   * The body of a response to `id`, typed as its success answer once its documented status is asserted (naming
   * the problem otherwise): for a test that also reads the response's headers.
   */
  const answer = <K extends OperationId>(id: K, res: { status: number; body: unknown }): CallAnswer<K> => {
    assert.ok(
      successStatuses(id).includes(res.status),
      `${id} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`,
    );
    return res.body as CallAnswer<K>;
  };
  /** Sends the request and returns the body of its success answer. */
  const call = async <K extends OperationId>(id: K, ...args: CallArgsList<K>): Promise<CallAnswer<K>> =>
    answer(id, await send(id, ...args));
  /** Every item of a keyset-paged list: the pages from the first to the one whose `next_cursor` is null. */
  const callAll = async <K extends PagedOperation>(
    id: K,
    args: Omit<CallArgs<K>, 'cursor'>,
  ): Promise<CallAnswer<K>['items']> => {
    const items: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page: CallAnswer<PagedOperation> = answer(id, await request(id, { ...args, cursor }));
      items.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    // Each page was typed by K's answer; the compiler cannot follow that through the loop's widened page type.
    return items as CallAnswer<K>['items'];
  };
  return { send, call, callAll, answer };
}
