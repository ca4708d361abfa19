/**
 * Requests for one OpenAPI operation, generated with fast-check: valid ones from its parameter and body
 * schemas, and invalid ones (missing and unknown fields, wrong types, huge strings, bad ids, non-JSON, too deeply
 * nested, wrongly compressed and oversized bodies, paths that do not percent-decode, no token), each with what a
 * correct server must answer. Sent over a raw socket so paths
 * reach the server byte for byte (no URL normalisation).
 */
import http from 'node:http';
import fc from 'fast-check';
import type { ApiSchemas } from './api-schemas.js';
import type { Operation, Parameter, ValuePool } from './api-operations.js';
import { resolveSchema, schemaArbitrary, type JsonSchema } from './json-schema-arbitrary.js';

/** `valid`: a 2xx or a client error the schemas cannot express (404, 409…); a number: exactly that status. */
export type Expectation = 'valid' | 'client-error' | 'any' | number;

export interface ApiRequest {
  kind: string;
  expect: Expectation;
  method: string;
  /** Path and query, percent-encoded. */
  path: string;
  /** `encoding` is sent as `Content-Encoding` (the text itself is sent as is, compressed or not). */
  body?: { text: string; type: string; encoding?: string };
  auth: boolean;
  /** The field a validation problem must name (`body.site_id`), for requests made invalid in one field. */
  expectField?: string;
}

export interface Draft {
  path: Record<string, string>;
  query: [string, string][];
  body?: unknown;
  /** A file body, for upload routes. */
  file?: { text: string; type: string };
  auth: boolean;
}

export interface GenContext {
  schemas: ApiSchemas;
  components: Record<string, JsonSchema>;
  pool: ValuePool;
  bodyLimitBytes: number;
}

type Sch = Record<string, unknown>;

function toQuery(name: string, value: unknown): [string, string][] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map((v) => [name, String(v)]);
  return [[name, String(value)]];
}

export function serialize(op: Operation, draft: Draft, kind: string, expect: Expectation): ApiRequest {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(draft.path[name] ?? ''),
  );
  const query = draft.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return {
    kind,
    expect,
    method: op.method.toUpperCase(),
    path: query ? `${path}?${query}` : path,
    body:
      draft.file ??
      (draft.body === undefined ? undefined : { text: JSON.stringify(draft.body), type: 'application/json' }),
    auth: draft.auth,
  };
}

const params = (op: Operation, where: Parameter['in']) => op.parameters.filter((p) => p.in === where);

/** Drafts the schemas accept: pool values for known names, generated values for the rest. */
export function validDraft(op: Operation, ctx: GenContext): fc.Arbitrary<Draft> {
  const opts = {
    components: ctx.components,
    pool: (name: string) => ctx.pool.get(name),
    accepts: (schema: JsonSchema, value: unknown) => ctx.schemas.accepts(schema, value),
  };
  // Query and path values arrive as strings: pool values are offered as the typed value the schema expects.
  const pathParams = params(op, 'path');
  const independent = fc.record(
    Object.fromEntries(pathParams.map((p) => [p.name, schemaArbitrary(p.schema, opts, p.name)])),
  );
  // Several path parameters usually name one thing together (an export's name and format).
  const together = pathParams.length > 1 ? ctx.pool.combos(pathParams.map((p) => p.name)) : [];
  const pathArb = (
    together.length
      ? fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...together) },
          { weight: 1, arbitrary: independent },
        )
      : independent
  ).map((values) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])));
  // A cursor is only valid as the `next_cursor` of the same query: the test follows those instead.
  const queryParams = params(op, 'query').filter((p) => p.name !== 'cursor');
  const queryArb = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, schemaArbitrary(p.schema, opts, p.name)])),
    { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
  );
  const bodyArb = op.body ? schemaArbitrary(op.body, opts) : fc.constant(undefined);
  const fileArb = op.upload
    ? fc.record({ text: fc.string({ maxLength: 200 }), type: fc.constantFrom(...op.upload) })
    : fc.constant(undefined);
  return fc
    .record({ path: pathArb, query: queryArb, body: bodyArb, file: fileArb })
    .map(({ path, query, body, file }) => ({
      path,
      query: Object.entries(query).flatMap(([k, v]) => toQuery(k, v)),
      body,
      file,
      auth: true,
    }));
}

/** String values a typed query or path parameter certainly refuses (they cannot be coerced into it). */
function refusedStrings(schema: JsonSchema, ctx: GenContext): string[] {
  const s = resolveSchema(schema, ctx.components) as Sch;
  const item = s.type === 'array' ? (resolveSchema(s.items as JsonSchema, ctx.components) as Sch) : s;
  const out: string[] = [];
  if (Array.isArray(item.enum)) out.push('zz-not-a-value');
  if (item.type === 'integer') out.push('abc', '1.5', "1'", '9'.repeat(30), '\u0000', '€');
  if (item.type === 'number') out.push('abc', 'NaN', '1e999');
  if (item.type === 'boolean') out.push('maybe', 'yes');
  for (const k of ['minimum', 'exclusiveMinimum'] as const) {
    if (typeof item[k] === 'number') out.push(String((item[k] as number) - 1));
  }
  if (typeof item.maximum === 'number' && item.maximum < Number.MAX_SAFE_INTEGER)
    out.push(String(item.maximum + 1));
  if (item.type === 'string' && typeof item.maxLength === 'number' && item.maxLength < 8000)
    out.push('x'.repeat(item.maxLength + 1));
  return out;
}

/** Values of the wrong JSON type for most fields; numeric strings too, which an integer id must refuse. */
const WRONG_TYPES: unknown[] = [
  'text',
  '1',
  '42',
  12345,
  -1.5,
  true,
  null,
  [],
  {},
  [1, 'a'],
  { nested: { deep: 1 } },
];

/** Malformed ids: a numeric string (JSON carries ids as numbers), zero, negative, fractional, unsafe, text. */
const BAD_IDS: unknown[] = ['1', '42', 0, -1, 1.5, 2 ** 53, 'abc', true];

/** Arrays nested far past the server's JSON depth limit: deep enough to overflow any recursive walk. */
const DEEP_JSON = `${'['.repeat(8000)}${']'.repeat(8000)}`;

/** Stands for a path parameter in a serialised path, then is swapped for bytes no percent-decoding accepts. */
const UNDECODABLE_MARK = 'zz-undecodable-zz';
const UNDECODABLE = ['%ff', '%E0%A4%A', '%'];

/**
 * Start URLs no crawl may reach: cloud metadata in three spellings and the unspecified address (this app's own
 * port is in crawl-targets.test.ts, which knows it). Each is a well-formed URL, refused for where it points.
 */
const RESTRICTED_TARGETS = [
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
  'http://2852039166/',
  'http://0.0.0.0:8080/',
];

/** An id of the right shape that no row has. */
export const UNKNOWN_ID = 2 ** 31 - 7;

function bodyObject(op: Operation, ctx: GenContext): Sch | null {
  if (!op.body) return null;
  const s = resolveSchema(op.body, ctx.components);
  return typeof s === 'object' && (s.type === 'object' || s.properties) ? s : null;
}

/** Checks a mutated body against the schema: an accepted one is only expected to be answered well. */
function bodyExpectation(op: Operation, ctx: GenContext, body: unknown): Expectation {
  if (Buffer.byteLength(JSON.stringify(body)) > ctx.bodyLimitBytes) return 413;
  return ctx.schemas.accepts(op.body!, body) ? 'any' : 'client-error';
}

/** `integer` for an id field, `array` for a list of ids, else null. */
function idShape(schema: JsonSchema, ctx: GenContext): 'integer' | 'array' | null {
  const s = resolveSchema(schema, ctx.components) as Sch;
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type];
  if (types.includes('integer') && s.exclusiveMinimum === 0) return 'integer';
  if (types.includes('array') && s.items && idShape(s.items as JsonSchema, ctx) === 'integer') return 'array';
  const alternatives = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  return alternatives?.map((a) => idShape(a, ctx)).find((x) => x !== null) ?? null;
}

/** A kind of invalid request and its values: every kind that applies is sent for every operation. */
export interface InvalidKind {
  kind: string;
  arbitrary: fc.Arbitrary<ApiRequest>;
}

/**
 * One arbitrary per kind of invalid request that applies to the operation, field by field. Each changes one
 * thing in a valid draft: mostly `success` (a request that succeeded, so the change is what is refused), else a
 * drawn one.
 */
export function invalidRequests(op: Operation, ctx: GenContext, success?: Draft): InvalidKind[] {
  const base = success
    ? fc.oneof({ weight: 2, arbitrary: fc.constant(success) }, { weight: 1, arbitrary: validDraft(op, ctx) })
    : validDraft(op, ctx);
  const out: InvalidKind[] = [];
  /** `field` names what a validation problem must list (`body.title`), when the change makes it invalid. */
  const mutate = (
    kind: string,
    f: (d: Draft) => fc.Arbitrary<[Draft, Expectation]> | [Draft, Expectation],
    field?: string,
  ) =>
    out.push({
      kind,
      arbitrary: base.chain((d) => {
        const r = f(structuredClone(d));
        return (r instanceof fc.Arbitrary ? r : fc.constant(r)).map(([draft, exp]) => ({
          ...serialize(op, draft, kind, exp),
          ...(field && exp !== 'any' ? { expectField: field } : {}),
        }));
      }),
    });

  if (!op.isPublic) mutate('no-token', (d) => [{ ...d, auth: false }, 401]);

  for (const p of params(op, 'path')) {
    const bad = refusedStrings(p.schema, ctx);
    if (bad.length)
      mutate(
        `bad-path:${p.name}`,
        (d) =>
          fc
            .constantFrom(...bad)
            .map((v): [Draft, Expectation] => [{ ...d, path: { ...d.path, [p.name]: v } }, 400]),
        `path.${p.name}`,
      );
    // Not percent-encoded UTF-8: the router cannot decode it, which is the client's mistake, not a 500.
    out.push({
      kind: `undecodable:${p.name}`,
      arbitrary: fc.tuple(base, fc.constantFrom(...UNDECODABLE)).map(([d, bad]) => {
        const marked = { ...d, path: { ...d.path, [p.name]: UNDECODABLE_MARK } };
        const req = serialize(op, marked, `undecodable:${p.name}`, 400);
        return { ...req, path: req.path.replace(UNDECODABLE_MARK, bad) };
      }),
    });
    // A well-formed id (or name) that matches nothing is a 404, never a success.
    mutate(`unknown:${p.name}`, (d) => [
      { ...d, path: { ...d.path, [p.name]: String(UNKNOWN_ID) } },
      'client-error',
    ]);
  }

  const query = params(op, 'query');
  for (const p of query) {
    const bad = refusedStrings(p.schema, ctx);
    if (bad.length)
      mutate(
        `bad-query:${p.name}`,
        (d) =>
          fc
            .constantFrom(...bad)
            .map((v): [Draft, Expectation] => [
              { ...d, query: [...d.query.filter(([k]) => k !== p.name), [p.name, v]] },
              400,
            ]),
        `query.${p.name}`,
      );
    if (p.required)
      mutate(
        `missing-query:${p.name}`,
        (d) => [{ ...d, query: d.query.filter(([k]) => k !== p.name) }, 400],
        `query.${p.name}`,
      );
  }
  if (query.some((p) => p.name === 'cursor'))
    mutate('foreign-cursor', (d) =>
      fc
        .oneof(fc.string(), fc.constantFrom(...ctx.pool.get('cursor').map(String), 'WzFd', 'W251bGxd'))
        .map((c): [Draft, Expectation] => [{ ...d, query: [...d.query, ['cursor', c]] }, 'any']),
    );
  // Over Node's 16 KiB limit for the request line: refused before the app, still as problem+json.
  mutate('huge-url', (d) => [{ ...d, query: [...d.query, ['zz_long', 'x'.repeat(20_000)]] }, 431]);
  mutate('extra-query', (d) => [{ ...d, query: [...d.query, ['zz_unknown', 'x'.repeat(5000)]] }, 'any']);

  if (op.upload) {
    out.push({
      kind: 'file-type',
      arbitrary: base.map((d) =>
        serialize(
          op,
          { ...d, file: { text: 'a,b\n1,2\n', type: 'application/x-unknown' } },
          'file-type',
          415,
        ),
      ),
    });
    // A file that says it is gzip-compressed but is not: the decompression fails.
    out.push({
      kind: 'bad-encoding',
      arbitrary: base.map((d) => {
        const req = serialize(op, d, 'bad-encoding', 400);
        return { ...req, body: { text: 'a,b\n1,2\n', type: op.upload![0]!, encoding: 'gzip' } };
      }),
    });
  }

  const obj = bodyObject(op, ctx);
  if (op.body) {
    const properties = (obj?.properties ?? {}) as Record<string, JsonSchema>;
    const required = (obj?.required ?? []) as string[];
    const withField = (d: Draft, k: string, v: unknown): [Draft, Expectation] => {
      const body = { ...(d.body as Sch), [k]: v };
      return [{ ...d, body }, bodyExpectation(op, ctx, body)];
    };
    for (const k of required)
      mutate(
        `missing-field:${k}`,
        (d) => {
          const body = { ...(d.body as Sch) };
          delete body[k];
          return [{ ...d, body }, bodyExpectation(op, ctx, body)];
        },
        `body.${k}`,
      );
    if (obj) mutate('extra-field', (d) => withField(d, 'zz_unknown_field', 1), 'body.zz_unknown_field');
    for (const [k, schema] of Object.entries(properties)) {
      // Only values this field refuses: a `null` for a nullable field is no wrong type.
      const wrong = WRONG_TYPES.filter((v) => !ctx.schemas.accepts(schema, v));
      if (wrong.length)
        mutate(
          `wrong-type:${k}`,
          (d) => fc.constantFrom(...wrong).map((v) => withField(d, k, v)),
          `body.${k}`,
        );
      const sizes = [3_000, 70_000, ctx.bodyLimitBytes + 10];
      const refused = sizes.filter(
        (n) => !ctx.schemas.accepts(schema, 'é'.repeat(n)) || n > ctx.bodyLimitBytes,
      );
      mutate(
        `huge-string:${k}`,
        (d) =>
          fc.constantFrom(...(refused.length ? refused : sizes)).map((n) => withField(d, k, 'é'.repeat(n))),
        `body.${k}`,
      );
      if (k === 'start_url')
        mutate(
          `restricted-target:${k}`,
          (d) =>
            fc
              .constantFrom(...RESTRICTED_TARGETS)
              .map((v): [Draft, Expectation] => [withField(d, k, v)[0], 400]),
          `body.${k}`,
        );
      const shape = idShape(schema, ctx);
      if (shape) {
        const asShape = (v: unknown) => (shape === 'array' ? [v] : v);
        mutate(
          `bad-id:${k}`,
          (d) => {
            // The id the valid draft carried, as a string: the mistake a client is most likely to make.
            const current = (d.body as Sch | undefined)?.[k];
            const spelled = typeof current === 'number' ? [String(current)] : [];
            return fc.constantFrom(...spelled, ...BAD_IDS).map((v) => withField(d, k, asShape(v)));
          },
          `body.${k}`,
        );
        // A required id names the row to act on: one that does not exist is refused (404, or 400 naming it).
        // An optional one may be a filter, which an unknown id leaves empty.
        mutate(`unknown-id:${k}`, (d) => {
          const [draft, exp] = withField(d, k, asShape(UNKNOWN_ID));
          return [draft, exp === 'any' && required.includes(k) ? 'client-error' : exp];
        });
      }
    }
    for (const [kind, text, type, status, encoding] of [
      ['not-json', 'start_url=x', 'text/plain', 415, undefined],
      ['malformed-json', '{"a": ', 'application/json', 400, undefined],
      ['json-array', '[]', 'application/json', 400, undefined],
      ['json-null', 'null', 'application/json', 400, undefined],
      // Refused by the depth limit, as a validation problem naming the body.
      ['deep-json', DEEP_JSON, 'application/json', 400, undefined],
      // Says it is compressed but is not: the decompression fails.
      ['bad-encoding', '{"a": 1}', 'application/json', 400, 'gzip'],
    ] as const) {
      if (kind.startsWith('json-') && !obj) continue;
      out.push({
        kind,
        arbitrary: base.map((d) => ({
          ...serialize(op, d, kind, status),
          body: { text, type, ...(encoding ? { encoding } : {}) },
          ...(kind === 'deep-json' ? { expectField: 'body' } : {}),
        })),
      });
    }
  }
  return out;
}

export function validRequest(op: Operation, ctx: GenContext): fc.Arbitrary<ApiRequest> {
  return validDraft(op, ctx).map((d) => serialize(op, d, 'valid', 'valid'));
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Sends `req` byte for byte; an event stream is answered with its headers only, then closed. */
export function send(port: number, token: string, req: ApiRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `127.0.0.1:${port}` };
    if (req.auth) headers.authorization = `Bearer ${token}`;
    const payload = req.body ? Buffer.from(req.body.text) : undefined;
    if (req.body && payload) {
      headers['content-type'] = req.body.type;
      headers['content-length'] = String(payload.length);
      if (req.body.encoding) headers['content-encoding'] = req.body.encoding;
    }
    const r = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.path, headers, agent: false },
      (res) => {
        if (String(res.headers['content-type']).startsWith('text/event-stream')) {
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.alloc(0) });
          res.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end(payload);
  });
}
