/**
 * Hostile requests drawn from an operation's own schemas, for the fuzz of every operation
 * (test/integration/hostile/fuzz-operations.test.ts): the values a careless or hostile client sends — ids with
 * leading zeros, signs and exponents, numbers past any range, strings of 300 KB or of control characters, JSON
 * nested past the depth cap, unknown and prototype-polluting fields, bodies that are not objects, junk uploads.
 */
import { z } from 'zod';
import type { OperationSpec } from '../../server/contract/operation.js';

/** What the variants fill in: the ids of real rows by parameter name, and a URL the server may fetch. */
export interface FuzzContext {
  ids: Record<string, string>;
  startUrl: string;
}

export const HUGE = 'x'.repeat(300_000);
/** C0 and C1 controls, NUL, an escape sequence, a bidi override, a line separator and a lone surrogate. */
export const CONTROLS = `a\u0000b\u0001\u0008\u000b\u001b[31m\u007f\u0085\u202e\u2028\ud800z`;
export const deepJson = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

export interface Variant {
  kind: string;
  method: string;
  path: string;
  body?: { text: string | Buffer; type: string };
  /** The status it must get, when the kind fixes one. */
  expect?: number;
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  minimum?: number;
  anyOf?: JsonSchema[];
  format?: string;
};

const shapeOf = (schema: z.ZodType | undefined): Record<string, JsonSchema> =>
  schema
    ? ((z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema).properties ?? {})
    : {};
const typeOf = (s: JsonSchema): string => {
  const t = s.type ?? s.anyOf?.find((x) => x.type && x.type !== 'null')?.type;
  return Array.isArray(t) ? t.find((x) => x !== 'null')! : (t ?? 'any');
};
const isId = (name: string) => /(^|_)id$/.test(name) || ['from', 'to', 'source', 'target'].includes(name);
/** An API id (an integer), which has one spelling; string ids (`hub_client_id`) are names. */
const isIntegerId = (name: string, s: JsonSchema) => isId(name) && typeOf(s) === 'integer';

/** A value the field would take, so that one hostile field at a time reaches past the others. */
function plausible(name: string, s: JsonSchema, ctx: FuzzContext): unknown {
  if (ctx.ids[name]) return Number(ctx.ids[name]);
  if (isId(name)) return 1;
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'string':
      return /url|path/.test(name) ? ctx.startUrl : 'fuzz';
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return null;
  }
}

/** Hostile values for one field of a body, by its type. */
function hostileValues(name: string, s: JsonSchema): [string, string][] {
  const json = JSON.stringify;
  const out: [string, string][] = [
    ['huge-string', json(HUGE)],
    ['control-characters', json(CONTROLS)],
    ['deep', deepJson(70)],
  ];
  const type = typeOf(s);
  if (type === 'string') out.push(['wrong-type', '{"a":1}']);
  else out.push(['wrong-type', json('1')]);
  if (type === 'number' || type === 'integer' || isId(name))
    out.push(['negative', '-1'], ['huge-number', '1e308'], ['fraction', '0.5'], ['tiny', '-1e-308']);
  if (type === 'array') out.push(['wide-array', json(Array.from({ length: 10_000 }, () => 'x'))]);
  return out;
}

/** The operation's path with its parameters filled, one of them replaced by `replace`. */
function fillPath(spec: OperationSpec, ctx: FuzzContext, replace?: [string, string]): string {
  return spec.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (replace?.[0] === name) return replace[1];
    if (name === 'name') return 'pages';
    if (name === 'format') return 'csv';
    return ctx.ids[name] ?? '1';
  });
}

/**
 * A handful of hostile requests for one operation, drawn from its schemas: every path id spelled otherwise or out
 * of range, every query field huge, negative, with control characters, unknown fields, bodies that are not
 * objects or nest past the cap, and each body field in turn made hostile while the required ones stay plausible.
 */
export function variantsOf(spec: OperationSpec, ctx: FuzzContext): Variant[] {
  const method = spec.method;
  const params = shapeOf(spec.params);
  const query = shapeOf(spec.query);
  const baseQuery = new URLSearchParams(
    Object.keys(query)
      .filter((k) => ctx.ids[k])
      .map((k): [string, string] => [k, ctx.ids[k]!]),
  );
  const withQuery = (path: string, q: URLSearchParams) => (q.size ? `${path}?${q}` : path);
  const out: Variant[] = [];

  for (const name of Object.keys(params)) {
    const id = ctx.ids[name] ?? '1';
    const bad: [string, string, number?][] = isIntegerId(name, params[name]!)
      ? [
          ['leading-zero', `0${id}`, 400],
          ['plus', `%2B${id}`, 400],
          ['exponent', `${id}e0`, 400],
          ['negative', '-1'],
          ['huge', '9'.repeat(400)],
        ]
      : [];
    bad.push(
      ['control-characters', encodeURIComponent(CONTROLS.replace('\ud800', ''))],
      ['long', 'y'.repeat(4000)],
    );
    for (const [kind, value, expect] of bad)
      out.push({
        kind: `path ${name}: ${kind}`,
        method,
        path: withQuery(fillPath(spec, ctx, [name, value]), baseQuery),
        ...(expect ? { expect } : {}),
      });
  }

  const path = fillPath(spec, ctx);
  for (const name of Object.keys(query)) {
    const values: [string, string, number?][] = [
      ['huge', 'z'.repeat(6000)],
      ['control-characters', CONTROLS.replace('\ud800', '')],
      ['negative', '-1e308'],
      ['huge-number', '1e308'],
    ];
    if (isIntegerId(name, query[name]!)) values.push(['leading-zero', `0${ctx.ids[name] ?? '1'}`, 400]);
    for (const [kind, value, expect] of values) {
      const q = new URLSearchParams(baseQuery);
      q.set(name, value);
      out.push({
        kind: `query ${name}: ${kind}`,
        method,
        path: withQuery(path, q),
        ...(expect ? { expect } : {}),
      });
    }
  }
  const extra = new URLSearchParams(baseQuery);
  extra.set('zz_unknown', '1');
  extra.set('__proto__[polluted]', '1');
  out.push({ kind: 'query: unknown field', method, path: withQuery(path, extra) });

  const target = withQuery(path, baseQuery);
  if (spec.body) {
    const props = shapeOf(spec.body);
    const required =
      (z.toJSONSchema(spec.body, { io: 'input', unrepresentable: 'any' }) as JsonSchema).required ?? [];
    const plausibleBody = Object.fromEntries(required.map((k) => [k, plausible(k, props[k] ?? {}, ctx)]));
    const json = (text: string) => ({ text, type: 'application/json' });
    for (const [kind, text] of [
      ['not an object: array', '[]'],
      ['not an object: null', 'null'],
      ['not an object: string', '"fuzz"'],
      ['deep body', deepJson(10_000)],
      [
        'unknown fields',
        JSON.stringify({ ...plausibleBody, zz_unknown: 1 }).replace(/}$/, ',"__proto__":{"polluted":true}}'),
      ],
      ['control characters in keys', JSON.stringify({ ...plausibleBody, [CONTROLS]: 1 })],
    ] as const)
      out.push({ kind: `body: ${kind}`, method, path: target, body: json(text) });
    for (const [name, schema] of Object.entries(props))
      for (const [kind, value] of hostileValues(name, schema)) {
        const rest = JSON.stringify({ ...plausibleBody, [name]: '__HOSTILE__' });
        out.push({
          kind: `body ${name}: ${kind}`,
          method,
          path: target,
          body: json(rest.replace('"__HOSTILE__"', value)),
        });
      }
  }
  if (spec.upload) {
    const type = spec.upload.mediaTypes[0]!;
    out.push(
      {
        kind: 'upload: control characters',
        method,
        path: target,
        body: { text: `a,b\n${CONTROLS},\u0000\n`.repeat(1000), type },
      },
      {
        kind: 'upload: binary junk',
        method,
        path: target,
        body: { text: Buffer.alloc(200_000, 0xff), type },
      },
    );
  }
  return out;
}
