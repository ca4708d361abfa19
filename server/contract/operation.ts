/**
 * What one API operation is, apart from the code that answers it: method, path, schemas, stability and its
 * documented answers. The routers bind handlers to these (`server/http/define-route.ts`), the OpenAPI document is
 * built from them, and every client (the UI, the MCP tools, the tests) types its calls from them, so a renamed
 * field fails to compile wherever it is read. This module and the contract files import only `server/schemas`.
 */
import type { z } from 'zod';
import type { Job } from '../schemas/jobs.js';

export const TAGS = [
  'sites',
  'pages',
  'crawl',
  'graph',
  'similarity',
  'audit',
  'history',
  'extraction',
  'analytics',
  'ideas',
  'export',
  'jobs',
  'campaigns',
  'targets',
  'proxy',
  'system',
] as const;
export type Tag = (typeof TAGS)[number];
export type Stability = 'stable' | 'internal' | 'beta';
export type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json; streams and SSE name their own (a download names each format's). */
  contentType?: string | readonly string[];
  headers?: Record<string, { description: string }>;
}

/** A route that takes a file as its raw body instead of JSON. */
export interface UploadSpec {
  mediaTypes: readonly string[];
  maxBytes: number;
  description: string;
}

export interface OperationSpec {
  method: Method;
  /** OpenAPI form: `/sites/{site_id}`. */
  path: string;
  summary: string;
  description?: string;
  stability: Stability;
  /**
   * Starts a job: the handler returns the Job, answered with 202 and `Location: /jobs/{id}` (which the OpenAPI
   * document describes on the 202 answer).
   */
  job?: true;
  /** Reachable without the API token (health, the OpenAPI document): mounted before the token check. */
  public?: true;
  /**
   * Can do what is hard to undo or lowers a guard, though not a DELETE (which always counts): `PATCH /settings`
   * can let crawls reach link-local and metadata addresses. Published as `x-destructive`; MCP clients read it as
   * the tool's `destructiveHint` and ask their user before calling it.
   */
  destructive?: true;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  upload?: UploadSpec;
  /** By status; `default` describes answers of any other status (the proxy passes through whatever it gets). */
  responses: { readonly [status: number]: ResponseSpec; readonly default?: ResponseSpec };
}

/** An operation id: `<tag>.<verb>`, unique across the API. */
export type OperationKey = `${Tag}.${string}`;

/**
 * The operations of one tag (or part of one), keyed by operation id. Identity at run time; `const` keeps each
 * one's literal method, path and schemas in its type for the typed clients.
 */
export const defineOperations = <const T extends Record<OperationKey, OperationSpec>>(ops: T): T => ops;

// ---- Types read off an operation ----

type SchemaOf<O, K extends string> = O extends { readonly [P in K]: infer S extends z.ZodType } ? S : never;

/** The parsed value a handler receives for one part of the request (`undefined` when the operation has none). */
export type PartOut<O, K extends 'params' | 'query' | 'body'> = [SchemaOf<O, K>] extends [never]
  ? undefined
  : z.output<SchemaOf<O, K>>;

/**
 * What a client sends for one part: the schema's input, except where the schema reads a string (coercion,
 * preprocessing: query values arrive as text) — there the value it stands for. Optional where the input is.
 */
type ClientPart<S extends z.ZodType> =
  // A whole part read through a preprocess (the Search Console credentials in either shape): what it stands for.
  unknown extends z.input<S>
    ? z.output<S>
    : {
        // A catch-all's index signature is left out (the pages list's `extract.<rule>` filters): its keys are free.
        [K in keyof z.input<S> as string extends K ? never : K]: unknown extends z.input<S>[K]
          ? K extends keyof z.output<S>
            ? z.output<S>[K]
            : never
          : z.input<S>[K];
      };
type ClientPartOf<O, K extends 'params' | 'query' | 'body'> = [SchemaOf<O, K>] extends [never]
  ? unknown
  : ClientPart<SchemaOf<O, K>>;

/** A call's one argument object: path parameters, query parameters and body fields side by side. */
export type OperationArgs<O> = ClientPartOf<O, 'params'> & ClientPartOf<O, 'query'> & ClientPartOf<O, 'body'>;

type Responses<O> = O extends { readonly responses: infer R } ? R : never;
type SuccessSpec<R> = 200 extends keyof R
  ? R[200]
  : 201 extends keyof R
    ? R[201]
    : 202 extends keyof R
      ? R[202]
      : 204 extends keyof R
        ? R[204]
        : never;
type SpecBody<S> = S extends { readonly schema: infer Z extends z.ZodType }
  ? z.output<Z>
  : S extends { readonly contentType: unknown }
    ? unknown
    : undefined;

/** The body of an operation's success answer (a job route answers its Job unless it names another schema). */
export type OperationAnswer<O> = O extends { readonly job: true }
  ? SuccessSpec<Responses<O>> extends { readonly schema: z.ZodType }
    ? SpecBody<SuccessSpec<Responses<O>>>
    : z.output<typeof Job>
  : SpecBody<SuccessSpec<Responses<O>>>;
