/**
 * Mounting the API: `defineRoutes` binds a handler to each operation of a contract (`server/contract/`, where
 * each path is written once), and `mountRoutes` gives it the parsed, typed input, validates its answer in tests,
 * and sends it. The same definitions build the OpenAPI document and carry the `stability` the proxy reads.
 */
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { z } from 'zod';
import type {
  OperationAnswer,
  OperationKey,
  OperationSpec,
  PartOut,
  Tag,
  UploadSpec,
} from '../contract/operation.js';
import { idStringReader } from '../schemas/common.js';
import type { Logger } from '../logger.js';
import { jsonDepthProblem } from './json-depth.js';
import { cutAnswer, sendJson } from './json-stream.js';
import { HttpProblem, issuesFrom } from './problem.js';
import { routePathProblem } from './route-paths.js';

export type { Method, Stability, Tag } from '../contract/operation.js';

export interface HandlerInput<O = OperationSpec> {
  params: PartOut<O, 'params'>;
  query: PartOut<O, 'query'>;
  body: PartOut<O, 'body'>;
  /** The request's own path, for `Location` headers and problem `instance`. */
  path: string;
  /** The raw body and its media type, on routes that take a file (`upload`). */
  upload?: { body: Buffer; contentType: string };
}

export interface Reply<T = unknown> {
  status: number;
  body?: T;
  headers?: Record<string, string>;
}

type MaybePromise<T> = T | Promise<T>;

/** Answers with the operation's success body, or a `Reply` of it when the status is not the first 2xx. */
export type Handler<O> = (
  input: HandlerInput<O>,
) => MaybePromise<OperationAnswer<O> | Reply<OperationAnswer<O>>>;
/** For streams (SSE, downloads): full control of the response after validation. */
export type StreamHandler<O> = (input: HandlerInput<O>, req: Request, res: Response) => void | Promise<void>;

/** An operation with the code that answers it, as the router mounts it. */
export interface RouteDef extends OperationSpec {
  /** `<tag>.<verb>`, unique across the API. */
  operationId: string;
  tag: Tag;
  /** Returns the body (sent with the first 2xx status) or a full `Reply`. */
  handler?: (input: HandlerInput) => unknown;
  stream?: (input: HandlerInput, req: Request, res: Response) => void | Promise<void>;
}

/**
 * Binds a handler to every operation of a contract, in the contract's order: an operation without one, or a
 * handler whose answer is not the operation's documented body, does not compile.
 */
export function defineRoutes<const T extends Record<OperationKey, OperationSpec>>(
  operations: T,
  handlers: { [K in keyof T]: Handler<T[K]> | { stream: StreamHandler<T[K]> } },
): RouteDef[] {
  return (Object.keys(operations) as (keyof T & OperationKey)[]).map((operationId) => {
    const bound = handlers[operationId] as Handler<unknown> | { stream: StreamHandler<unknown> };
    return {
      ...operations[operationId],
      operationId,
      tag: operationId.slice(0, operationId.indexOf('.')) as Tag,
      ...(typeof bound === 'function'
        ? { handler: bound as RouteDef['handler'] }
        : { stream: bound.stream as RouteDef['stream'] }),
    };
  });
}

export const isReply = (v: unknown): v is Reply =>
  typeof v === 'object' &&
  v !== null &&
  'status' in v &&
  typeof (v as Reply).status === 'number' &&
  '__reply' in v;

/** Handlers return `reply(201, body, headers)` when the default status is not the right one. */
export function reply<T = undefined>(status: number, body?: T, headers?: Record<string, string>): Reply<T> {
  return Object.assign({ status, body, headers }, { __reply: true });
}

export const expressPath = (openapiPath: string) => openapiPath.replace(/\{(\w+)\}/g, ':$1');

function parsePart(where: 'body' | 'query' | 'path', schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = issuesFrom(where, result.error);
  const detail = errors
    .slice(0, 5)
    .map((e) => `${e.path} ${e.message}`)
    .join('; ');
  throw new HttpProblem(
    'validation',
    `Invalid ${where === 'path' ? 'path parameter' : where}: ${detail}.`,
    errors,
  );
}

/** The `Location` of the job a job route's handler returned. */
function jobLocation(def: RouteDef, job: unknown): Record<string, string> {
  const id = (job as { id?: unknown } | null | undefined)?.id;
  if (typeof id !== 'number')
    throw new Error(`${def.operationId} starts a job but its handler returned no job`);
  return { Location: `/jobs/${id}` };
}

function successStatus(def: RouteDef): number {
  if (def.job) return 202;
  return Number(Object.keys(def.responses).find((s) => s.startsWith('2')) ?? 200);
}

const isJson = (req: Request) => Boolean(req.is(['application/json', 'application/*+json']));

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** The value as JSON will carry it: its `toJSON` applied (a Date becomes its string). */
const asSent = (v: unknown): unknown =>
  typeof v === 'object' && v !== null && typeof (v as { toJSON?: unknown }).toJSON === 'function'
    ? (v as { toJSON(): unknown }).toJSON()
    : v;

/**
 * Keys present in the answer that the schema's parsed output dropped: fields a response leaks past its schema.
 * The answer is read as JSON would send it (a field holding `undefined` is not sent), without stringifying it:
 * it may be longer than one string can be.
 */
function extraKeys(sent: unknown, parsed: unknown, path = ''): string[] {
  const actual = asSent(sent);
  if (Array.isArray(actual) && Array.isArray(parsed))
    return actual.flatMap((a, i) => extraKeys(a, parsed[i], `${path}[${i}]`));
  if (actual && parsed && typeof actual === 'object' && typeof parsed === 'object') {
    return Object.entries(actual).flatMap(([k, v]) => {
      if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return [];
      return k in parsed
        ? extraKeys(v, (parsed as Record<string, unknown>)[k], `${path}.${k}`)
        : [`${path}.${k}`];
    });
  }
  return [];
}

/**
 * Checks a response body against its documented schema (tests turn this on): a mismatch or an undocumented
 * field is a server bug, reported as one instead of reaching clients.
 */
function checkResponse(def: RouteDef, status: number, body: unknown): void {
  const schema = def.responses[status]?.schema;
  if (!schema || body === undefined) return;
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new Error(`${def.operationId} answered ${status} outside its schema: ${parsed.error.message}`);
  const extra = extraKeys(body, parsed.data);
  if (extra.length)
    throw new Error(
      `${def.operationId} answered ${status} with undocumented fields: ${extra.slice(0, 5).join(', ')}`,
    );
}

/** Checks the media type, then reads the raw body up to the route's own limit (413 above it). */
function uploadMiddlewares(spec: UploadSpec): RequestHandler[] {
  const raw = express.raw({ limit: spec.maxBytes, type: () => true });
  return [
    (req, res, next) => {
      if (!hasBody(req)) {
        req.body = Buffer.alloc(0);
        return next();
      }
      if (!req.is([...spec.mediaTypes])) {
        return next(
          new HttpProblem(
            'unsupported-media-type',
            `The body must be ${spec.description} (Content-Type ${spec.mediaTypes.join(', ')}), not ${req.headers['content-type'] ?? 'unspecified'}.`,
          ),
        );
      }
      raw(req, res, next);
    },
    // A body the parser skipped (no content) still reaches the handler as a Buffer.
    (req, _res, next) => {
      if (!Buffer.isBuffer(req.body)) req.body = Buffer.alloc(0);
      next();
    },
  ];
}

export function mountRoutes(
  router: Router,
  routes: RouteDef[],
  opts: {
    bodyLimitBytes: number;
    validateResponses?: boolean;
    /** Where a failure after an answer's first byte is logged (it can no longer be answered as a problem). */
    logger?: Logger;
    /** Runs first on each route, knowing which definition Express chose (the proxy allowlist). */
    gate?: (def: RouteDef) => RequestHandler;
  },
): void {
  const json = express.json({ limit: opts.bodyLimitBytes, strict: false, type: () => true });
  for (const def of routes) {
    const middlewares: RequestHandler[] = opts.gate ? [opts.gate(def)] : [];
    if (def.body) {
      middlewares.push((req, _res, next) => {
        if (!hasBody(req)) {
          req.body = undefined;
          return next();
        }
        if (!isJson(req)) {
          return next(
            new HttpProblem(
              'unsupported-media-type',
              `The request body must be JSON (Content-Type: application/json), not ${req.headers['content-type'] ?? 'unspecified'}.`,
            ),
          );
        }
        // Parsed, then checked for depth before anything walks it recursively.
        json(req, _res, (err?: unknown) => next(err ?? jsonDepthProblem(req.body) ?? undefined));
      });
    }
    if (def.upload) middlewares.push(...uploadMiddlewares(def.upload));
    const status = successStatus(def);
    const paramsSchema = def.params as z.ZodType | undefined;
    const querySchema = def.query as z.ZodType | undefined;
    const readParamIds = idStringReader(paramsSchema);
    const readQueryIds = idStringReader(querySchema);
    middlewares.push(async (req, res, next) => {
      try {
        const input = {
          params: parsePart('path', paramsSchema, readParamIds(req.params)),
          query: parsePart('query', querySchema, readQueryIds(req.query)),
          // An absent body validates as {} so the errors name the missing fields; a JSON `null` is refused.
          body: parsePart('body', def.body as z.ZodType | undefined, req.body === undefined ? {} : req.body),
          path: req.path,
          ...(def.upload
            ? { upload: { body: req.body as Buffer, contentType: req.headers['content-type'] ?? '' } }
            : {}),
        } as HandlerInput;
        if (def.stream) return await def.stream(input, req, res);
        const out = await def.handler!(input);
        const r = isReply(out)
          ? out
          : { status, body: out, ...(def.job ? { headers: jobLocation(def, out) } : {}) };
        if (opts.validateResponses) checkResponse(def, r.status, r.body);
        res.status(r.status).set(r.headers ?? {});
        // Streamed when long: a list of large pages is more than one string can hold (json-stream.ts).
        if (r.body === undefined) res.end();
        else await sendJson(req, res, r.body, opts.logger);
      } catch (err) {
        // A stream that failed after its first byte (a download cut mid-file) can only be logged and cut.
        if (res.headersSent) cutAnswer(req, res, err, opts.logger);
        else next(err);
      }
    });
    router[def.method](expressPath(def.path), ...middlewares);
  }
}

/**
 * Path templates as regexes, for telling 405 (known path, other method) from 404. Matching follows Express's
 * defaults (case-insensitive, one optional trailing slash) so the answer agrees with the router's.
 */
export function allowedMethods(routes: RouteDef[], path: string): string[] {
  const methods = new Set<string>();
  for (const r of routes) {
    const re = new RegExp(
      `^${r.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}/?$`,
      'i',
    );
    if (re.test(path)) methods.add(r.method.toUpperCase());
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods];
}

/**
 * Checked at start: operation ids are `<tag>.<verb>` and unique, a method and path are served once, a job route
 * describes its 202 answer, and every path keeps the route path rule (`route-paths.ts`).
 */
export function assertUniqueOperations(routes: RouteDef[]): void {
  const seen = new Set<string>();
  for (const r of routes) {
    if (!/^[a-z-]+\.[a-zA-Z]+$/.test(r.operationId) || !r.operationId.startsWith(`${r.tag}.`)) {
      throw new Error(`operationId ${r.operationId} must be <tag>.<verb> with tag ${r.tag}`);
    }
    if (r.job && !r.responses[202])
      throw new Error(`${r.operationId} starts a job but describes no 202 answer`);
    const pathProblem = routePathProblem(r);
    if (pathProblem) throw new Error(`route path rule: ${pathProblem}`);
    const key = `${r.method} ${r.path}`;
    if (seen.has(r.operationId) || seen.has(key))
      throw new Error(`duplicate route ${r.operationId} (${key})`);
    seen.add(r.operationId).add(key);
  }
}
