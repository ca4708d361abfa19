/**
 * JSON Schema → fast-check arbitraries of values the schema accepts, for the 2020-12 subset zod-openapi emits in
 * an OpenAPI 3.1 document: `$ref` into components, `type` (also as a list), `enum`, `const`, `anyOf`/`oneOf`,
 * `allOf` of objects, string lengths/patterns/formats, number bounds (3.1's numeric `exclusiveMinimum`),
 * arrays and objects with `required` and `additionalProperties`.
 *
 * Generated strings and arrays stay short (the bounds still hold) so hundreds of requests run in seconds; the
 * invalid-request generators exercise huge values on purpose.
 */
import fc from 'fast-check';

export type JsonSchema = { [keyword: string]: unknown } | boolean;
type SchemaObject = { [keyword: string]: unknown };

export interface ArbitraryOptions {
  components: Record<string, JsonSchema>;
  /** Realistic values for a property or parameter name (ids that exist…), mixed in with generated ones. */
  pool?: (name: string) => unknown[];
  /** Keeps only pool values the schema accepts, so "valid" stays valid. */
  accepts?: (schema: JsonSchema, value: unknown) => boolean;
  /** Longest string generated where the schema allows longer. */
  maxStringLength?: number;
}

const MAX_DEPTH = 8;

/** Follows `$ref`s (`#/components/schemas/X`) to the schema they name. */
export function resolveSchema(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  let current = schema;
  for (let hops = 0; typeof current === 'object' && typeof current.$ref === 'string'; hops++) {
    const name = /^#\/components\/schemas\/(.+)$/.exec(current.$ref)?.[1];
    const target = name === undefined ? undefined : components[decodeURIComponent(name)];
    if (target === undefined || hops > 20) throw new Error(`cannot resolve ${current.$ref}`);
    current = target;
  }
  return current;
}

/** Mostly printable ASCII, sometimes any BMP character (control characters included, never a lone surrogate). */
const char = fc.oneof(
  { weight: 5, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xd7ff }).map((c) => String.fromCharCode(c)) },
);

function stringArbitrary(s: SchemaObject, maxGenerated: number): fc.Arbitrary<string> {
  const minLength = Number(s.minLength ?? 0);
  const maxLength = Math.max(minLength, Math.min(Number(s.maxLength ?? Infinity), minLength + maxGenerated));
  const inBounds = (v: string) =>
    [...v].length >= minLength && [...v].length <= Number(s.maxLength ?? Infinity);
  switch (s.format) {
    case 'date-time':
      return fc
        .date({ min: new Date('1990-01-01Z'), max: new Date('2100-01-01Z'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('1990-01-01Z'), max: new Date('2100-01-01Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uri':
    case 'url':
      return fc.webUrl().filter(inBounds);
    case 'email':
      return fc.emailAddress().filter(inBounds);
    case 'uuid':
      return fc.uuid();
  }
  if (typeof s.pattern === 'string') return fc.stringMatching(new RegExp(s.pattern)).filter(inBounds);
  return fc.string({ unit: char, minLength, maxLength });
}

function numberArbitrary(s: SchemaObject, integer: boolean): fc.Arbitrary<number> {
  const num = (k: string) => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
  const exMin = num('exclusiveMinimum');
  const exMax = num('exclusiveMaximum');
  if (integer) {
    const min = Math.max(
      num('minimum') ?? Number.MIN_SAFE_INTEGER,
      exMin === undefined ? -Infinity : Math.floor(exMin) + 1,
    );
    const max = Math.min(
      num('maximum') ?? Number.MAX_SAFE_INTEGER,
      exMax === undefined ? Infinity : Math.ceil(exMax) - 1,
    );
    return fc.bigInt({ min: BigInt(Math.ceil(min)), max: BigInt(Math.floor(max)) }).map(Number);
  }
  return fc.double({
    min: num('minimum') ?? exMin ?? -1e15,
    max: num('maximum') ?? exMax ?? 1e15,
    minExcluded: exMin !== undefined && num('minimum') === undefined,
    maxExcluded: exMax !== undefined && num('maximum') === undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

function objectArbitrary(
  s: SchemaObject,
  opts: ArbitraryOptions,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((s.required ?? []) as string[]);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, prop] of Object.entries(properties)) model[name] = arbitrary(prop, opts, depth + 1, name);
  const known = fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
  const extra = s.additionalProperties;
  if (extra === undefined || extra === false || Object.keys(properties).length) return known;
  const value =
    extra === true ? fc.jsonValue({ maxDepth: 1 }) : arbitrary(extra as JsonSchema, opts, depth + 1);
  return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), value, { maxKeys: 3 });
}

function arbitrary(
  schema: JsonSchema,
  opts: ArbitraryOptions,
  depth: number,
  name?: string,
): fc.Arbitrary<unknown> {
  const generated = fromSchema(schema, opts, depth);
  const pooled = name && opts.pool ? opts.pool(name).filter((v) => opts.accepts?.(schema, v) ?? true) : [];
  if (!pooled.length) return generated;
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pooled) }, { weight: 1, arbitrary: generated });
}

function fromSchema(schema: JsonSchema, opts: ArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  const s = resolveSchema(schema, opts.components);
  if (s === true) return fc.jsonValue({ maxDepth: 2 });
  if (s === false) throw new Error('a schema that accepts nothing has no values');
  if (depth > MAX_DEPTH) return fc.constant(null);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const alternatives = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((alt) => arbitrary(alt, opts, depth + 1)));
  if (Array.isArray(s.allOf)) {
    const parts = (s.allOf as JsonSchema[]).map((p) => resolveSchema(p, opts.components) as SchemaObject);
    const merged: SchemaObject = { type: 'object', properties: {}, required: [] };
    for (const p of parts) {
      Object.assign(merged.properties as object, p.properties ?? {});
      (merged.required as string[]).push(...((p.required ?? []) as string[]));
      if (p.additionalProperties === false) merged.additionalProperties = false;
    }
    return fromSchema(merged, opts, depth);
  }
  if (Array.isArray(s.type))
    return fc.oneof(...(s.type as string[]).map((type) => fromSchema({ ...s, type }, opts, depth)));
  const maxGenerated = opts.maxStringLength ?? 24;
  switch (s.type) {
    case 'string':
      return stringArbitrary(s, maxGenerated);
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = Number(s.minItems ?? 0);
      const maxLength = Math.min(Number(s.maxItems ?? Infinity), minLength + 4);
      const items =
        s.items === undefined
          ? fc.jsonValue({ maxDepth: 1 })
          : arbitrary(s.items as JsonSchema, opts, depth + 1);
      return s.uniqueItems
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(items, { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(s, opts, depth);
    default:
      return s.properties ? objectArbitrary(s, opts, depth) : fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values `schema` accepts; `name` (a property or parameter name) draws realistic values from the pool. */
export function schemaArbitrary(
  schema: JsonSchema,
  opts: ArbitraryOptions,
  name?: string,
): fc.Arbitrary<unknown> {
  return arbitrary(schema, opts, 0, name);
}
