/**
 * Schemas shared by every router: ids, pagination, timestamps and the RFC 9457 problem body.
 * Request schemas are strict so unknown fields are refused instead of silently dropped.
 */
import { z } from 'zod';
import 'zod-openapi';

/**
 * An integer id, as JSON carries it: only a number (a numeric string is not an id, nor is `true` or `[]`), as
 * `/openapi.json` documents it. Path and query values are strings; `idStringReader` reads those first.
 */
export const Id = z
  .number({
    error: (issue) =>
      typeof issue.input === 'string' && /^\s*[+-]?[\d.]+(?:e[+-]?\d+)?\s*$/i.test(issue.input)
        ? 'must be an integer id written as plain digits, without leading zeros, a sign, a decimal point or an exponent'
        : 'must be an integer id',
  })
  .int('must be an integer id')
  .positive('must be a positive integer id')
  .max(Number.MAX_SAFE_INTEGER, 'is too large');

/**
 * Innermost schema of a field, past `.optional()`, `.nullable()`, `.default()` and the like. (`.meta()` and
 * `.describe()` copy a schema but keep its definition, so `idStringReader` compares definitions.)
 */
function unwrapField(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let def = current._zod.def; 'innerType' in def; def = current._zod.def)
    current = (def as { innerType: z.ZodType }).innerType;
  return current;
}

/**
 * An id's one spelling in a path or query: decimal digits without leading zeros. `00001`, `+1`, `1.0` and `1e0`
 * all spell 1 to `Number`, and a fuzzer deleted site 1 through `DELETE /sites/00001`; a caller who built such a
 * path has a bug to hear about (400 naming the parameter), not a row to act on. 404 would say "no such site",
 * which is untrue of the site and hides the mistake.
 */
const CANONICAL_ID = /^(?:0|[1-9]\d{0,19})$/;

/**
 * Path and query values arrive as strings: in a field that is an `Id`, an id in its canonical spelling
 * (`CANONICAL_ID`) is read as the number it spells before validation (`?site_id=5` is id 5). Anything else is
 * left as it is, for `Id` to refuse with its own message. JSON bodies never pass through here, so there an id
 * must be a number. Made once per route (the schema is fixed), so a request only looks at its id fields.
 */
export function idStringReader(schema: z.ZodType | undefined): (value: unknown) => unknown {
  const keys =
    schema instanceof z.ZodObject
      ? Object.entries(schema.shape as Record<string, z.ZodType>)
          .filter(([, field]) => unwrapField(field)._zod.def === Id._zod.def)
          .map(([key]) => key)
      : [];
  if (!keys.length) return (value) => value;
  return (value) => {
    if (value === null || typeof value !== 'object') return value;
    const out = { ...(value as Record<string, unknown>) };
    for (const key of keys) {
      const raw = out[key];
      if (typeof raw === 'string' && CANONICAL_ID.test(raw)) out[key] = Number(raw);
    }
    return out;
  };
}

export const Timestamp = z
  .string()
  .meta({ description: 'ISO-8601 UTC timestamp', example: '2026-01-31T12:00:00.000Z' });

export const Limit = z.coerce
  .number()
  .int('must be an integer')
  .min(1, 'must be at least 1')
  .max(1000, 'must be at most 1000')
  .default(100)
  .meta({ description: 'Page size (default 100, max 1000).' });

/** Keyset cursors are the last row's sort key, JSON in base64url: opaque to clients, stable under inserts. */
export type CursorKey = (string | number | null)[];

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export const Cursor = z
  .string()
  .min(1)
  .max(2048)
  .transform((s, ctx): CursorKey => {
    try {
      const v: unknown = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
      if (Array.isArray(v) && v.every((x) => x === null || ['string', 'number'].includes(typeof x))) {
        return v as CursorKey;
      }
    } catch {
      // fall through to the issue below
    }
    ctx.addIssue({ code: 'custom', message: 'is not a cursor returned by this API' });
    return z.NEVER;
  })
  .optional()
  .meta({ description: 'Opaque cursor from a previous page’s `next_cursor`.' });

export const PaginationQuery = z.strictObject({ limit: Limit, cursor: Cursor });

/** `{ items, next_cursor }` envelope every list returns. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}
/** One page of a keyset-paginated list, as `pageOf` describes it. */
export type ListPage<T> = { items: T[]; next_cursor: string | null };

/** A query parameter that may repeat (`?a=x&a=y`) or be a comma list (`?a=x,y`). */
export function repeatable<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => {
    if (v === undefined) return undefined;
    const list = Array.isArray(v) ? v : [v];
    return list.flatMap((x) => (typeof x === 'string' ? x.split(',').filter((s) => s !== '') : [x]));
  }, z.array(item).min(1));
}

/** Query booleans arrive as strings; only the unambiguous spellings are accepted. */
export const QueryBoolean = z.preprocess(
  (v) => {
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    return v;
  },
  z.boolean({ error: 'must be true or false' }),
);

export const ProblemField = z.object({ path: z.string(), message: z.string() });

/** Loose: RFC 9457 lets a problem carry extension members (a conflict names the running `job_id`). */
export const Problem = z
  .looseObject({
    type: z.string().meta({ example: 'urn:siteloupe:problem:validation' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string(),
    errors: z.array(ProblemField).optional(),
  })
  .meta({
    id: 'Problem',
    description: 'RFC 9457 problem details; some problems add extension members (e.g. `job_id`).',
  });
export type Problem = z.infer<typeof Problem>;

export const IdParams = (name: string) => z.strictObject({ [name]: Id });
