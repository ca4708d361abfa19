/**
 * Contract test of the whole API, driven by the served `/openapi.json`: for every operation (routes added later
 * included), fast-check generates valid requests from its parameter and body schemas and invalid ones (missing
 * and unknown fields, wrong types, huge strings, bad ids, non-JSON and oversized bodies, no token) against a
 * crawled, embedded and analysed site. Every answer must be below 500, documented for its operation, a
 * problem+json with a `detail` when it is an error, and valid against its documented schema (checked by Ajv,
 * independently of the zod schemas the server validates with). Jobs a request starts are cancelled at once.
 *
 * Deterministic: CONTRACT_SEED (default below) fixes the generation, and a failure prints the seed with the
 * request that failed. CONTRACT_RUNS sets the requests per operation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { analysedSite } from '../../helpers/analysed-site.js';
import {
  documentedResponse,
  fillPath,
  isEventStream,
  loadOperations,
  seedPool,
  ValuePool,
  type ApiDoc,
  type Operation,
} from '../../helpers/api-operations.js';
import {
  invalidRequests,
  send,
  validRequest,
  type ApiRequest,
  type GenContext,
  type RawAnswer,
} from '../../helpers/api-requests.js';
import { ApiSchemas } from '../../helpers/api-schemas.js';
import { TEST_TOKEN, createTestApp, waitFor, type TestApp } from '../../helpers/test-app.js';
import type { FixtureSite } from '../../fixtures/sites/fixture-site.js';

const SEED = Number(process.env.CONTRACT_SEED ?? 20260131);
const RUNS = Number(process.env.CONTRACT_RUNS ?? 16);
const BODY_LIMIT = 1024 * 1024;

let t: TestApp;
let site: FixtureSite;
let doc: ApiDoc;
let operations: Operation[];
let ctx: GenContext;
const statuses = new Map<string, Map<string, number>>();

/** One seed per operation, derived from SEED, so operations do not all draw the same values. */
const opSeed = (op: Operation) =>
  [...op.operationId].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, SEED);

/** Creators first (their ids feed later requests), readers, then changers, and deletions last. */
const METHOD_ORDER: Record<string, number> = { post: 0, get: 1, put: 2, patch: 2, delete: 3 };

before(async () => {
  t = await createTestApp({ bodyLimitBytes: BODY_LIMIT });
  ({ site } = await analysedSite(t));
  ({ doc, operations } = await loadOperations(t));
  const pool = new ValuePool();
  await seedPool(t, operations, pool);
  // Real API paths give the proxy's `path` something to reach besides refusals.
  for (const op of operations) {
    const values = Object.fromEntries(op.parameters.map((p) => [p.name, pool.get(p.name)[0]]));
    if (op.parameters.every((p) => p.in !== 'path' || values[p.name] !== undefined))
      pool.add('path', fillPath(op.path, values));
  }
  ctx = {
    schemas: new ApiSchemas(doc),
    components: doc.components.schemas,
    pool,
    bodyLimitBytes: BODY_LIMIT,
  };
  operations.sort(
    (a, b) =>
      (METHOD_ORDER[a.method] ?? 9) - (METHOD_ORDER[b.method] ?? 9) ||
      a.path.split('/').length - b.path.split('/').length,
  );
});

after(async () => {
  const table = [...statuses].map(
    ([id, counts]) =>
      `${id.padEnd(34)} ${[...counts]
        .sort()
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
  );
  console.log(`contract test, seed ${SEED}:\n${table.join('\n')}`);
  // Cancelled jobs stop at their next checkpoint; let them, so closing does not interrupt one mid-write.
  await waitFor(
    async () => {
      const res = await t.get('/jobs?status=queued,running&limit=1');
      return res.body.items?.length === 0 ? true : undefined;
    },
    20_000,
    'cancelled jobs to stop',
  ).catch(() => undefined);
  await t.close();
  await site.close();
});

const describeRequest = (req: ApiRequest, res: RawAnswer) =>
  `[CONTRACT_SEED=${SEED}] ${req.kind}: ${req.method} ${req.path.slice(0, 300)}${req.body ? ` ${req.body.type} ${req.body.text.slice(0, 300)}` : ''}\n→ ${res.status} ${String(res.headers['content-type'])} ${res.body.toString('utf8').slice(0, 600)}`;

function parseJson(res: RawAnswer, what: string): unknown {
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    assert.fail(`${what}: the body is not JSON`);
  }
}

/** What every answer must satisfy, whatever was asked. */
function checkAnswer(op: Operation, req: ApiRequest, res: RawAnswer): unknown {
  const what = describeRequest(req, res);
  const type = String(res.headers['content-type'] ?? '');
  assert.ok(res.status < 500, `server error\n${what}`);
  const documented = documentedResponse(op, res.status);
  assert.ok(documented, `status ${res.status} is not documented for ${op.operationId}\n${what}`);

  if (res.status >= 400) {
    assert.match(type, /^application\/problem\+json/, `an error must be problem+json\n${what}`);
    const problem = parseJson(res, what) as {
      status: number;
      detail: string;
      type: string;
      errors?: unknown[];
    };
    const invalid = ctx.schemas.errors(ctx.schemas.component('Problem'), problem);
    assert.equal(invalid, null, `the problem does not match the Problem schema: ${invalid}\n${what}`);
    assert.equal(problem.status, res.status, what);
    assert.ok(problem.detail.trim().length > 0, `the problem has no detail\n${what}`);
    if (problem.type === 'urn:siteloupe:problem:validation')
      assert.ok(problem.errors?.length, `a validation problem must list the offending fields\n${what}`);
    return problem;
  }
  if (res.status === 204) return undefined;
  const media = documented.content ?? {};
  const schema = media['application/json']?.schema;
  if (schema !== undefined) {
    assert.match(type, /^application\/json/, `documented as JSON\n${what}`);
    const body = parseJson(res, what);
    const invalid = ctx.schemas.errors(schema, body);
    assert.equal(invalid, null, `the answer does not match its documented schema: ${invalid}\n${what}`);
    return body;
  }
  if (Object.keys(media).length && !('*/*' in media) && !isEventStream(op))
    assert.ok(type.length > 0, `the answer has no content type\n${what}`);
  return undefined;
}

/** What the kind of request implies on top: invalid requests are refused, valid ones are not refused as such. */
function checkExpectation(req: ApiRequest, res: RawAnswer, body: unknown): void {
  const what = describeRequest(req, res);
  if (typeof req.expect === 'number') assert.equal(res.status, req.expect, `expected ${req.expect}\n${what}`);
  if (req.expect === 'client-error') assert.ok(res.status >= 400, `an invalid request was accepted\n${what}`);
  if (req.expect === 'valid') {
    assert.ok(![401, 413, 415].includes(res.status), `a valid request was refused as such\n${what}`);
    if (res.status === 403)
      assert.equal((body as { type: string }).type, 'urn:siteloupe:problem:internal-route', what);
  }
}

async function cancelStartedJob(req: ApiRequest, res: RawAnswer, body: unknown): Promise<void> {
  if (res.status !== 202) return;
  const id = (body as { id?: number } | undefined)?.id;
  assert.equal(typeof id, 'number', `a 202 carries the job\n${describeRequest(req, res)}`);
  assert.equal(res.headers.location, `/jobs/${id}`, describeRequest(req, res));
  const cancel = await t.post(`/jobs/${id}/cancel`);
  assert.ok([200, 409].includes(cancel.status), JSON.stringify(cancel.body));
}

/** A `next_cursor` must take the same query to its next page: cursors are checked where they are valid. */
async function followNextPage(op: Operation, req: ApiRequest, res: RawAnswer, body: unknown): Promise<void> {
  const cursor = (body as { next_cursor?: unknown } | undefined)?.next_cursor;
  if (req.kind !== 'valid' || res.status !== 200 || typeof cursor !== 'string') return;
  const [pathname, query = ''] = req.path.split('?');
  const params = new URLSearchParams(query);
  params.set('cursor', cursor);
  const next: ApiRequest = { ...req, kind: 'next-page', path: `${pathname}?${params}` };
  const answer = await send(t.port, TEST_TOKEN, next);
  checkAnswer(op, next, answer);
  assert.equal(answer.status, 200, `the next page of a list must load\n${describeRequest(next, answer)}`);
}

describe('every operation of /openapi.json', () => {
  it('is discovered from the served document', () => {
    assert.ok(operations.length >= 30, `${operations.length} operations`);
    assert.ok(operations.some((op) => op.operationId === 'proxy.call'));
  });

  // The list is only known once `before` has read the document, so one test walks it, one step per operation.
  it('answers generated valid and invalid requests within the contract', async (tc) => {
    for (const op of operations) {
      await tc.test(`${op.operationId} (${op.method.toUpperCase()} ${op.path})`, async () => {
        const counts = new Map<string, number>();
        statuses.set(op.operationId, counts);
        const request = fc.oneof(
          { weight: 1, arbitrary: validRequest(op, ctx) },
          { weight: 1, arbitrary: fc.oneof(...invalidRequests(op, ctx)) },
        );
        await fc.assert(
          fc.asyncProperty(request, async (req) => {
            const res = await send(t.port, TEST_TOKEN, req);
            const key = `${req.kind === 'valid' ? 'valid' : 'invalid'} ${res.status}`;
            counts.set(key, (counts.get(key) ?? 0) + 1);
            if (process.env.CONTRACT_VERBOSE && req.kind === 'valid' && res.status === 400)
              console.log(describeRequest(req, res));
            const body = checkAnswer(op, req, res);
            checkExpectation(req, res, body);
            if (res.status < 300) ctx.pool.harvestAnswer(op.path, body, res.headers.location);
            await cancelStartedJob(req, res, body);
            await followNextPage(op, req, res, body);
          }),
          { seed: opSeed(op), numRuns: RUNS, endOnFailure: true, includeErrorInReport: true },
        );
      });
    }
  });
});
