/**
 * Requests for one operation that should succeed on seeded data, most likely first, for tests that need a 2xx
 * from every operation of `/openapi.json`: pool values (ids of rows that exist, names, values the schemas cannot
 * express) for path parameters, query parameters and body fields, then valid drafts fast-check draws. Callers
 * send them in order until one succeeds, so a route added later gets examples without being named.
 */
import fc from 'fast-check';
import type { Operation, Parameter } from './api-operations.js';
import { serialize, validDraft, type ApiRequest, type Draft, type GenContext } from './api-requests.js';
import { resolveSchema, schemaArbitrary, type JsonSchema } from './json-schema-arbitrary.js';

export interface ExampleOptions {
  seed: number;
  /** fast-check draws after the pool-built requests. */
  samples?: number;
  /** Newest pool values first: a deletion should take a row the test created, not the seeded ones. */
  newestFirst?: boolean;
  /** Path values to use (a state made for the operation, e.g. a running job). */
  path?: Record<string, string>;
  /** The body of an upload operation: no schema describes a file's contents. */
  file?: { text: string; type: string };
}

const MAX_FILLS = 6;

/** A request and the draft it was serialised from (invalid requests can be made from a draft that succeeded). */
export interface Example {
  draft: Draft;
  request: ApiRequest;
}

export function exampleRequests(op: Operation, ctx: GenContext, opts: ExampleOptions): Example[] {
  const arbOpts = {
    components: ctx.components,
    pool: (name: string) => ctx.pool.get(name),
    accepts: (schema: JsonSchema, value: unknown) => ctx.schemas.accepts(schema, value),
  };
  const known = (name: string, schema: JsonSchema): unknown[] => {
    const values = ctx.pool.get(name).filter((v) => ctx.schemas.accepts(schema, v));
    return opts.newestFirst ? values.reverse() : values;
  };
  let draws = 0;
  const drawn = (schema: JsonSchema, name?: string): unknown =>
    fc.sample(schemaArbitrary(schema, arbOpts, name), { seed: opts.seed + draws++, numRuns: 1 })[0];
  const first = (name: string, schema: JsonSchema): unknown => known(name, schema)[0] ?? drawn(schema, name);

  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const fills = pathFills(op, ctx, pathParams, known, opts).slice(0, MAX_FILLS);

  const query = op.parameters.filter((p) => p.in === 'query' && p.name !== 'cursor');
  const required = query.filter((p) => p.required);
  const optionalKnown = query.filter((p) => !p.required && known(p.name, p.schema).length);
  // The broadest query first (only what is required), then each known filter alone, then all of them.
  const queries: Parameter[][] = [
    required,
    ...optionalKnown.map((p) => [...required, p]),
    ...(optionalKnown.length > 1 ? [[...required, ...optionalKnown]] : []),
  ];

  const bodies = exampleBodies(op, ctx, known, first);
  const file = op.upload ? (opts.file ?? { text: '', type: op.upload[0]! }) : undefined;

  const out: Draft[] = [];
  for (const fill of fills) {
    for (const params of queries) {
      for (const body of bodies) {
        out.push({
          path: Object.fromEntries(Object.entries(fill).map(([k, v]) => [k, String(v)])),
          query: params.map((p): [string, string] => [p.name, String(first(p.name, p.schema))]),
          body,
          file,
          auth: true,
        });
      }
    }
  }
  const samples = fc.sample(validDraft(op, ctx), { seed: opts.seed, numRuns: opts.samples ?? 40 });
  out.push(...samples.map((d) => (opts.file ? { ...d, file: opts.file } : d)));
  const seen = new Set<string>();
  return out
    .map((draft) => ({ draft, request: serialize(op, draft, 'example', 'valid') }))
    .filter(({ request: r }) => {
      const key = `${r.path} ${r.body?.text ?? ''}`;
      return !seen.has(key) && Boolean(seen.add(key));
    });
}

function pathFills(
  op: Operation,
  ctx: GenContext,
  pathParams: Parameter[],
  known: (name: string, schema: JsonSchema) => unknown[],
  opts: ExampleOptions,
): Record<string, unknown>[] {
  if (opts.path) return [opts.path];
  if (!pathParams.length) return [{}];
  if (pathParams.length > 1) {
    // Parameters that name one thing together (an export's name and format) come from one answer.
    const combos = ctx.pool
      .combos(pathParams.map((p) => p.name))
      .filter((c) => pathParams.every((p) => ctx.schemas.accepts(p.schema, c[p.name])));
    return opts.newestFirst ? combos.reverse() : combos;
  }
  const [p] = pathParams;
  return known(p!.name, p!.schema).map((v) => ({ [p!.name]: v }));
}

/**
 * Bodies to try: every field the pool knows a value for (the most realistic request), then only the required
 * fields. A body that is not an object is drawn whole.
 */
function exampleBodies(
  op: Operation,
  ctx: GenContext,
  known: (name: string, schema: JsonSchema) => unknown[],
  first: (name: string, schema: JsonSchema) => unknown,
): unknown[] {
  if (!op.body) return [undefined];
  const s = resolveSchema(op.body, ctx.components) as Record<string, unknown>;
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  if (s.type !== 'object' && !s.properties) return [first('body', op.body)];
  const required = new Set((s.required ?? []) as string[]);
  const minimal = Object.fromEntries(
    [...required].filter((k) => k in properties).map((k) => [k, first(k, properties[k]!)]),
  );
  const rich = { ...minimal };
  for (const [k, schema] of Object.entries(properties)) {
    const values = known(k, schema);
    if (!required.has(k) && values.length) rich[k] = values[0];
  }
  return [rich, minimal].filter((b) => ctx.schemas.accepts(op.body!, b));
}
