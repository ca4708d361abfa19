/**
 * Contract test of the whole API, driven by the served `/openapi.json`: for every operation (routes added later
 * included) against a crawled, embedded and analysed site with a campaign, targets and Search Console data:
 *
 * 1. a request built from real ids that succeeds, its answer valid against the documented schema;
 * 2. valid requests fast-check draws from the parameter and body schemas;
 * 3. every kind of invalid request that applies, field by field (missing and unknown fields, wrong types,
 *    numeric strings and other bad ids, unknown ids, huge strings, bad path and query values, paths that do
 *    not percent-decode, non-JSON, too deeply nested, wrongly compressed, oversized and tokenless requests),
 *    each sent with values fast-check draws within the kind.
 *
 * Every answer must be below 500, documented for its operation, a problem+json with a `detail` when it is an
 * error (naming the field that was made invalid), and valid against its documented schema (checked by Ajv,
 * independently of the zod schemas the server validates with). Jobs a request starts are cancelled at once.
 *
 * Deterministic: CONTRACT_SEED (default below) fixes the generation, and a failure prints the seed with the
 * request that failed. CONTRACT_RUNS sets the valid draws per operation, CONTRACT_KIND_RUNS the draws per
 * invalid kind; CONTRACT_VERBOSE=1 prints every operation's answers by kind and status.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { z } from 'zod';
import { Problem } from '../../../server/schemas/common.js';
import { Job } from '../../../server/schemas/jobs.js';
import { problemType } from '../../../server/schemas/problems.js';
import { apiData } from '../../helpers/api-data.js';
import { exampleRequests, type Example, type ExampleOptions } from '../../helpers/api-examples.js';
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
import { resolveSchema, type JsonSchema } from '../../helpers/json-schema-arbitrary.js';
import { cancelledCrawl, heldCrawl, startHeldServer, type HeldServer } from '../../helpers/held-crawl.js';
import { TEST_TOKEN, createTestApp, waitFor, type TestApp } from '../../helpers/test-app.js';
import { startFakeSearchConsole, type FakeSearchConsole } from '../../fixtures/gsc/fake-search-console.js';
import { makeServiceAccount } from '../../fixtures/gsc/gsc-credentials.js';
import type { FixtureSite } from '../../fixtures/sites/fixture-site.js';

const SEED = Number(process.env.CONTRACT_SEED ?? 20260131);
const RUNS = Number(process.env.CONTRACT_RUNS ?? 8);
const KIND_RUNS = Number(process.env.CONTRACT_KIND_RUNS ?? 3);
const BODY_LIMIT = 1024 * 1024;

let t: TestApp;
let site: FixtureSite;
let held: HeldServer;
let gsc: FakeSearchConsole;
let doc: ApiDoc;
let operations: Operation[];
let ctx: GenContext;
const tallies = new Map<string, Map<string, number>>();

/**
 * Operations that succeed only in a state the seeded data is not in: each gets that state made first, and its
 * example request acts on it. (Every other operation finds its success from the pool alone.)
 */
const PREPARE: Record<string, () => Promise<Partial<ExampleOptions>>> = {
  // An export the pool cannot name with its format (a draw names a list's parameters too, which an export
  // that does not take them refuses).
  'export.download': () => Promise.resolve({ path: { name: 'links', format: 'csv' } }),
  'crawl.cancel': async () => ({ path: { job_id: String(await heldCrawl(t, held)) } }),
  'jobs.cancel': async () => ({ path: { job_id: String(await heldCrawl(t, held)) } }),
  'crawl.resume': async () => ({ path: { job_id: String(await cancelledCrawl(t, held)) } }),
  // A rule made for the reading and the deletion: a rule's id and its site's are drawn apart from the pool, and
  // the seeded rules may have gone with a site deleted before.
  'extraction.get': () => madeRule('contract-get'),
  'extraction.delete': () => madeRule('contract-delete'),
  // A file body has no schema to draw from: a Search Console "Pages" export of the home page.
  'analytics.gscImport': async () => ({
    file: {
      text: `Top pages,Clicks,Impressions,CTR,Position\n${site.origin}/,3,40,7.5%,4.1\n`,
      type: 'text/csv',
    },
  }),
};

async function madeRule(name: string): Promise<Partial<ExampleOptions>> {
  const sites = (await t.call('sites.list', { limit: 100 })).items;
  const siteId = sites.find((x) => x.extractors < 50)!.id;
  const rule = await t.call('extraction.create', { site_id: siteId, name, kind: 'css', selector: 'h1' });
  return { path: { site_id: String(siteId), extractor_id: String(rule.id) } };
}

/** One seed per operation (and kind), derived from SEED, so operations do not all draw the same values. */
const seedOf = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, SEED);

/** Creators first (their ids feed later requests), readers, then changers, and deletions last. */
const METHOD_ORDER: Record<string, number> = { post: 0, get: 1, put: 2, patch: 2, delete: 3 };

/**
 * How many operations name the id a deletion takes (`target_id` few, `site_id` most): deleting what many rows
 * hang on may take them along, so such deletions run after the narrower ones.
 */
function reach(op: Operation): number {
  const ids = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  return operations.filter((o) => {
    const body = o.body ? JSON.stringify(resolveSchema(o.body, doc.components.schemas)) : '';
    return o.parameters.some((p) => ids.includes(p.name)) || ids.some((id) => body.includes(`"${id}"`));
  }).length;
}

before(async () => {
  t = await createTestApp({ bodyLimitBytes: BODY_LIMIT });
  held = await startHeldServer();
  let crawlIds: [number, number];
  let link: { source: number; target: number };
  ({ site, crawlIds, link } = await apiData(t));
  // A Search Console the sync can reach (on 127.0.0.1), with a key it accepts.
  const account = makeServiceAccount();
  gsc = await startFakeSearchConsole({
    serviceAccount: { email: account.key.client_email, publicKeyPem: account.publicKeyPem },
  });
  await t.call('system.updateSettings', { gsc_api_root: gsc.apiRoot, gsc_token_url: gsc.tokenUrl });
  const put = await t.http.put('/analytics/gsc/credentials').set(t.auth).send(account.key);
  assert.equal(put.status, 200, JSON.stringify(put.body));

  ({ doc, operations } = await loadOperations(t));
  const pool = new ValuePool();
  // The link graph names pages by `to`, `source` and `target`: the start page and a page it links to, first (a
  // required `to` is drawn from the first value; the history routes' optional `to` is tried after).
  pool.add('to', link.target);
  pool.add('source', link.source);
  pool.add('target', link.target);
  await seedPool(t, operations, pool);
  // Values the schemas cannot express (refinements, cross-field rules), offered by field name to any route.
  pool.add('property', site.startUrl);
  pool.add('date_from', '2026-01-01');
  pool.add('date_to', '2026-01-31');
  pool.add('method', 'GET');
  pool.add('from', crawlIds[0]);
  pool.add('to', crawlIds[1]);
  // Real API paths give the proxy's `path` something to reach besides refusals.
  for (const op of operations) {
    if (op.method !== 'get' || isEventStream(op)) continue;
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
      (a.method === 'delete' ? reach(a) - reach(b) : 0) ||
      a.path.split('/').length - b.path.split('/').length,
  );
});

after(async () => {
  if (process.env.CONTRACT_VERBOSE) {
    const table = [...tallies].map(
      ([id, counts]) =>
        `${id}\n${[...counts]
          .sort()
          .map(([s, n]) => `  ${s} ×${n}`)
          .join('\n')}`,
    );
    console.log(`contract test, seed ${SEED}:\n${table.join('\n')}`);
  }
  // Cancelled jobs stop at their next checkpoint; let them, so closing does not interrupt one mid-write.
  await waitFor(
    async () => {
      const { items } = await t.call('jobs.list', { status: ['queued', 'running'], limit: 1 });
      return items.length === 0 ? true : undefined;
    },
    20_000,
    'cancelled jobs to stop',
  ).catch(() => undefined);
  await t.close();
  await held.close();
  await gsc.close();
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

interface Checked {
  body: unknown;
  /** A success checked against what its status documents: the JSON schema, else the media type. */
  validated: boolean;
}

/** What every answer must satisfy, whatever was asked. */
function checkAnswer(op: Operation, req: ApiRequest, res: RawAnswer): Checked {
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
    return { body: problem, validated: false };
  }
  const media = documented.content ?? {};
  if (res.status === 204) {
    assert.equal(res.body.length, 0, `a 204 has no body\n${what}`);
    return { body: undefined, validated: true };
  }
  const schema = media['application/json']?.schema;
  if (schema !== undefined) {
    assert.match(type, /^application\/json/, `documented as JSON\n${what}`);
    const body = parseJson(res, what);
    const invalid = ctx.schemas.errors(schema, body);
    assert.equal(invalid, null, `the answer does not match its documented schema: ${invalid}\n${what}`);
    return { body, validated: true };
  }
  // A file or a stream: its media type is what the document says of it (`application/octet-stream`: any file).
  const declared = Object.keys(media);
  const matches = declared.some(
    (m) => m === '*/*' || m === 'application/octet-stream' || type.startsWith(m.replace(/\*$/, '')),
  );
  if (declared.length)
    assert.ok(matches, `the content type ${type} is not one of ${declared.join(', ')}\n${what}`);
  return { body: undefined, validated: true };
}

/** What the kind of request implies on top: invalid requests are refused, naming the field made invalid. */
function checkExpectation(req: ApiRequest, res: RawAnswer, body: unknown): boolean {
  const what = describeRequest(req, res);
  if (typeof req.expect === 'number') assert.equal(res.status, req.expect, `expected ${req.expect}\n${what}`);
  if (req.expect === 'client-error') assert.ok(res.status >= 400, `an invalid request was accepted\n${what}`);
  if (req.expect === 'valid') {
    assert.ok(![401, 413, 415].includes(res.status), `a valid request was refused as such\n${what}`);
    if (res.status === 403)
      assert.equal(Problem.safeParse(body).data?.type, problemType('internal-route'), what);
  }
  const problem = Problem.safeParse(body).data;
  if (!req.expectField || problem?.type !== problemType('validation')) return false;
  const field = req.expectField;
  const named = problem.errors?.some((e) => e.path === field || e.path.startsWith(`${field}.`));
  assert.ok(named, `the validation problem does not name ${field}\n${what}`);
  return true;
}

async function cancelStartedJob(req: ApiRequest, res: RawAnswer, body: unknown): Promise<void> {
  if (res.status !== 202) return;
  const job = Job.safeParse(body);
  assert.ok(job.success, `a 202 carries the job\n${describeRequest(req, res)}`);
  assert.equal(res.headers.location, `/jobs/${job.data.id}`, describeRequest(req, res));
  const cancel = await t.send('jobs.cancel', { job_id: job.data.id });
  assert.ok([200, 409].includes(cancel.status), JSON.stringify(cancel.body));
}

/** What the pager reads of any list's answer. */
const ListPage = z.looseObject({ next_cursor: z.string().nullable() });

/** A `next_cursor` must take the same query to its next page: cursors are checked where they are valid. */
async function followNextPage(op: Operation, req: ApiRequest, res: RawAnswer, body: unknown): Promise<void> {
  const cursor = ListPage.safeParse(body).data?.next_cursor;
  if (res.status !== 200 || typeof cursor !== 'string') return;
  const [pathname, query = ''] = req.path.split('?');
  const params = new URLSearchParams(query);
  params.set('cursor', cursor);
  const next: ApiRequest = { ...req, kind: 'next-page', path: `${pathname}?${params}` };
  const answer = await send(t.port, TEST_TOKEN, next);
  checkAnswer(op, next, answer);
  assert.equal(answer.status, 200, `the next page of a list must load\n${describeRequest(next, answer)}`);
}

/** Sends one request and runs every check; returns what the tally needs. */
async function exercise(op: Operation, req: ApiRequest) {
  const res = await send(t.port, TEST_TOKEN, req);
  const checked = checkAnswer(op, req, res);
  const named = checkExpectation(req, res, checked.body);
  if (res.status < 300) ctx.pool.harvestAnswer(op.path, checked.body, res.headers.location);
  await cancelStartedJob(req, res, checked.body);
  if (req.kind === 'valid' || req.kind === 'example') await followNextPage(op, req, res, checked.body);
  return { status: res.status, named, validated: checked.validated };
}

describe('every operation of /openapi.json', () => {
  it('is discovered from the served document', () => {
    assert.ok(operations.length >= 30, `${operations.length} operations`);
    assert.ok(operations.some((op) => op.operationId === 'proxy.call'));
  });

  // The list is only known once `before` has read the document, so one test walks it, one step per operation.
  it('succeeds on real data, and answers generated valid and invalid requests within the contract', async (tc) => {
    for (const op of operations) {
      await tc.test(`${op.operationId} (${op.method.toUpperCase()} ${op.path})`, async () => {
        const tally = new Map<string, number>();
        tallies.set(op.operationId, tally);
        const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);

        // 1. A success: example requests in order until one answers 2xx with a body valid against its schema.
        const prepared = (await PREPARE[op.operationId]?.()) ?? {};
        const examples = exampleRequests(op, ctx, {
          seed: seedOf(op.operationId),
          newestFirst: op.method === 'delete',
          ...prepared,
        });
        const tried: string[] = [];
        let success: Example | undefined;
        for (const example of examples) {
          const req = example.request;
          const answer = await exercise(op, req);
          count(`example ${answer.status}`);
          tried.push(
            `${answer.status} ${req.method} ${req.path.slice(0, 120)} ${req.body?.text.slice(0, 120) ?? ''}`,
          );
          if (answer.status < 300 && answer.validated) {
            success = example;
            break;
          }
        }
        assert.ok(success, `no request to ${op.operationId} succeeded; tried:\n${tried.join('\n')}`);

        // 2. Valid requests drawn from the schemas: any documented answer, never refused as malformed.
        await fc.assert(
          fc.asyncProperty(validRequest(op, ctx), async (req) => {
            count(`valid ${(await exercise(op, req)).status}`);
          }),
          { seed: seedOf(op.operationId), numRuns: RUNS, endOnFailure: true, includeErrorInReport: true },
        );

        // 3. Every invalid kind that applies, each drawn KIND_RUNS times.
        const kinds = invalidRequests(op, ctx, success.draft);
        const named = new Set<string>();
        for (const { kind, arbitrary } of kinds) {
          await fc.assert(
            fc.asyncProperty(arbitrary, async (req) => {
              const answer = await exercise(op, req);
              count(`${kind} ${answer.status}`);
              if (answer.named) named.add(kind);
            }),
            { seed: seedOf(`${op.operationId} ${kind}`), numRuns: KIND_RUNS, endOnFailure: true },
          );
        }
        checkKinds(
          op,
          kinds.map((k) => k.kind),
          named,
        );
        // Drawn settings may have opened crawl targets the later `restricted-target` requests expect refused.
        if (op.operationId === 'system.updateSettings')
          assert.equal((await t.patch('/settings', { crawl_allow_restricted_addresses: false })).status, 200);
      });
    }
  });
});

/**
 * The kinds sent are the ones the operation's document calls for, and every kind that breaks one field was
 * answered at least once with a validation problem naming that field (huge strings may all have met 413).
 */
function checkKinds(op: Operation, kinds: string[], named: Set<string>): void {
  const expected: string[] = ['huge-url', 'extra-query'];
  if (!op.isPublic) expected.push('no-token');
  for (const p of op.parameters) {
    if (p.in === 'path') expected.push(`unknown:${p.name}`, `undecodable:${p.name}`);
    if (p.in === 'query' && p.required) expected.push(`missing-query:${p.name}`);
  }
  const body = op.body
    ? (resolveSchema(op.body, ctx.components) as { properties?: object; required?: string[] })
    : undefined;
  if (body) expected.push('not-json', 'malformed-json', 'deep-json');
  if (body || op.upload) expected.push('bad-encoding');
  if (body?.properties) {
    expected.push('extra-field', 'json-array', 'json-null');
    for (const k of body.required ?? []) expected.push(`missing-field:${k}`);
    for (const k of Object.keys(body.properties)) expected.push(`huge-string:${k}`);
    if ('start_url' in body.properties) expected.push('restricted-target:start_url');
    for (const [k, s] of Object.entries(body.properties as Record<string, JsonSchema>))
      if (/_ids?$/.test(k) && (ctx.schemas.accepts(s, 1) || ctx.schemas.accepts(s, [1])))
        expected.push(`bad-id:${k}`, `unknown-id:${k}`);
  }
  if (op.upload) expected.push('file-type');
  const missing = expected.filter((k) => !kinds.includes(k));
  assert.deepEqual(missing, [], `${op.operationId}: invalid kinds never sent`);
  const unnamed = kinds.filter(
    (k) =>
      /^(missing-field|wrong-type|bad-id|bad-query|bad-path|missing-query):|^extra-field$/.test(k) &&
      !named.has(k),
  );
  assert.deepEqual(unnamed, [], `${op.operationId}: kinds never answered with a problem naming their field`);
}
