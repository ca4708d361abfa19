/**
 * Typed calls for tests: `app.call('sites.get', { site_id })` sends the operation's request as the contract
 * describes it and answers its body typed by the contract, so a renamed field fails to compile in the tests as
 * it does in every other client. `send` is the same request for tests that look at a refusal.
 */
import assert from 'node:assert/strict';
import type supertest from 'supertest';
import {
  OPERATIONS,
  type CallAnswer,
  type CallArgsList,
  type OperationId,
} from '../../server/contract/index.js';
import { callRequest, routeOf } from '../../server/contract/request.js';

export function apiCaller(http: ReturnType<typeof supertest>, headers: Record<string, string>) {
  const send = <K extends OperationId>(id: K, ...[args]: CallArgsList<K>) => {
    const req = callRequest(routeOf(OPERATIONS[id]), args ?? {});
    const method = req.method.toLowerCase() as Lowercase<typeof req.method>;
    const test = http[method](req.path).set(headers);
    return req.body ? test.send(req.body) : test;
  };
  /** Asserts a 2xx answer (naming the problem otherwise) and returns its body. */
  const call = async <K extends OperationId>(id: K, ...args: CallArgsList<K>): Promise<CallAnswer<K>> => {
    const res = await send(id, ...args);
    assert.ok(
      res.status >= 200 && res.status < 300,
      `${id} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`,
    );
    return res.body as CallAnswer<K>;
  };
  return { send, call };
}
