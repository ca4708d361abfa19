/**
 * Section 5 of the interface contract, operation by operation: every stable and beta operation of the served
 * `/openapi.json` (routes added later included, or the test fails naming them) is called with a request built
 * from real ids that succeeds — on a crawled, embedded and analysed site with a campaign, targets and Search
 * Console rows — and then the same request is made through `POST /proxy`. The answers must match: status,
 * content type, Content-Disposition, Location, Allow and body. A read must match byte for byte; a write is made
 * twice (PATCH is idempotent; a create or a job makes a second row; a deletion takes a second row made for it),
 * so the two answers may differ only in the new row's id and in timestamps that moved forward.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FINISHED_STATUSES } from '../../../server/schemas/jobs.js';
import { apiData, type ApiData } from '../../helpers/api-data.js';
import { exampleRequests, type ExampleOptions } from '../../helpers/api-examples.js';
import {
  fillPath,
  loadOperations,
  seedPool,
  ValuePool,
  type Operation,
} from '../../helpers/api-operations.js';
import type { ApiRequest, GenContext } from '../../helpers/api-requests.js';
import { ApiSchemas } from '../../helpers/api-schemas.js';
import {
  assertSameAnswer,
  assertSameWrite,
  call,
  json,
  show,
  viaProxy,
  type Answer,
} from '../../helpers/proxy-answers.js';
import { createTestApp, waitFor, type TestApp } from '../../helpers/test-app.js';

/** Operations the proxy refuses by design; `proxy.test.ts` checks each refusal. */
const NOT_PROXIED: Record<string, string> = {
  'proxy.call': 'the proxy does not call itself',
  'jobs.events': 'an event stream never ends, so the proxy refuses it',
};

const SEED = 20260131;
/** Reads and edits on the seeded rows first: creates and campaign actions (a rebuild replaces targets) after. */
const ORDER: Record<string, number> = { get: 0, put: 1, patch: 1, post: 2, delete: 3 };

let t: TestApp;
let data: ApiData;
let operations: Operation[];
let ctx: GenContext;

before(async () => {
  t = await createTestApp();
  data = await apiData(t, 4);
  const loaded = await loadOperations(t);
  operations = loaded.operations;
  const pool = new ValuePool();
  // The link graph names pages by `to`, `source` and `target`: the start page and a page it links to, first.
  pool.add('to', data.link.target);
  pool.add('source', data.link.source);
  pool.add('target', data.link.target);
  await seedPool(t, operations, pool);
  pool.add('from', data.crawlIds[0]);
  pool.add('to', data.crawlIds[1]);
  ctx = {
    schemas: new ApiSchemas(loaded.doc),
    components: loaded.doc.components.schemas,
    pool,
    bodyLimitBytes: 1024 * 1024,
  };
});
after(async () => {
  await t.close();
  await data.site.close();
});

const bodyOf = (req: ApiRequest): unknown => (req.body ? JSON.parse(req.body.text) : undefined);
const direct = (req: ApiRequest) => call(t, req.method, req.path, bodyOf(req));
const proxied = (req: ApiRequest) => viaProxy(t, req.method, req.path, bodyOf(req));

/**
 * Whether a direct answer is worth comparing: a success, and a list with rows in it (two empty lists prove
 * little about a proxy).
 */
function informative(a: Answer): boolean {
  if (a.status >= 300) return false;
  if (!/json/.test(a.headers.get('content-type') ?? '')) return true;
  const items = (json(a) as { items?: unknown }).items;
  return !Array.isArray(items) || items.length > 0;
}

/** A 202's job, run to its end: both jobs of a compared pair must end the same way. */
async function finished(a: Answer): Promise<string | undefined> {
  if (a.status !== 202) return undefined;
  const id = json(a).id as number;
  return waitFor(
    async () => {
      const { status } = await t.call('jobs.get', { job_id: id });
      return FINISHED_STATUSES.includes(status) ? status : undefined;
    },
    240_000,
    `job ${id}`,
  );
}

/** Tries the operation's example requests until one succeeds directly, then makes it through the proxy. */
/**
 * Operations whose draws rarely succeed: an export named with its format by the pool would also draw a list's
 * parameters, which an export that does not take them refuses (contract.test.ts prepares it the same way).
 */
const FIXED: Record<string, Partial<ExampleOptions>> = {
  'export.download': { path: { name: 'links', format: 'csv' } },
};

async function compare(op: Operation): Promise<string> {
  const tried: string[] = [];
  for (const { request } of exampleRequests(op, ctx, { seed: SEED, ...FIXED[op.operationId] })) {
    const first = await direct(request);
    tried.push(`${request.method} ${request.path} ${request.body?.text ?? ''} → ${show(first)}`);
    if (!informative(first)) continue;
    const directJob = await finished(first);
    const second = await proxied(request);
    const what = `${op.operationId}: ${request.method} ${request.path} ${request.body?.text ?? ''}`;
    if (op.method === 'get') await assertSameAnswer(first, second, what);
    else assertSameWrite(first, second, what);
    assert.equal(await finished(second), directJob, `the two jobs ended differently: ${what}`);
    return `${first.status} ${request.method} ${request.path}`;
  }
  assert.fail(`no request to ${op.operationId} succeeded with rows to compare; tried:\n${tried.join('\n')}`);
}

/**
 * A deletion is compared on two equivalent rows made for it by the collection's create operation (the POST on
 * the path without its last `{id}`), one deleted directly and one through the proxy.
 */
async function compareDeletion(op: Operation): Promise<string> {
  const params = op.parameters.filter((p) => p.in === 'path');
  const collection = op.path.replace(/\/\{\w+\}$/, '');
  const create = operations.find((o) => o.method === 'post' && o.path === collection);
  assert.ok(
    params.length === 1 && create,
    `${op.operationId}: no POST ${collection} to make the rows it deletes`,
  );
  for (const { request } of exampleRequests(create, ctx, { seed: SEED })) {
    const one = await direct(request);
    if (one.status !== 201) continue;
    const two = await direct(request);
    assert.equal(two.status, 201, show(two));
    const pathOf = (a: Answer) => fillPath(op.path, { [params[0]!.name]: json(a).id });
    const first = await call(t, 'DELETE', pathOf(one));
    assert.ok(first.status < 300, `${op.operationId}: DELETE ${pathOf(one)} → ${show(first)}`);
    const second = await viaProxy(t, 'DELETE', pathOf(two));
    await assertSameAnswer(first, second, `${op.operationId}: DELETE ${pathOf(one)} and ${pathOf(two)}`);
    // Gone for real: the row the proxy deleted answers 404 directly.
    assert.equal((await call(t, 'GET', pathOf(two))).status, 404, `${op.operationId} through the proxy`);
    return `${first.status} DELETE ${op.path}`;
  }
  assert.fail(`${op.operationId}: ${create.operationId} made no row to delete`);
}

describe('POST /proxy answers as the direct call', () => {
  it('names only operations the document has as not proxied', () => {
    const ids = new Set(operations.map((op) => op.operationId));
    for (const id of Object.keys(NOT_PROXIED)) assert.ok(ids.has(id), `${id} is not in /openapi.json`);
  });

  it('for every stable and beta operation of /openapi.json, with real ids', async (tc) => {
    const proxied = operations
      .filter((op) => ['stable', 'beta'].includes(op.stability) && !(op.operationId in NOT_PROXIED))
      .sort((a, b) => (ORDER[a.method] ?? 9) - (ORDER[b.method] ?? 9));
    assert.ok(proxied.length >= 30, `${proxied.length} operations`);
    const compared: string[] = [];
    for (const op of proxied) {
      await tc.test(`${op.operationId} (${op.method.toUpperCase()} ${op.path})`, async () => {
        compared.push(
          `${op.operationId} ${await (op.method === 'delete' ? compareDeletion(op) : compare(op))}`,
        );
      });
    }
    console.log(compared.join('\n'));
    assert.equal(compared.length, proxied.length, compared.join('\n'));
  });
});
