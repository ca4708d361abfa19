/**
 * RFC 9457 problem+json: the one error shape. `HttpProblem` is thrown by the HTTP layer itself (auth, host,
 * body parsing); domain errors are mapped in `toProblem`. Anything unknown becomes `internal` with no stack.
 */
import type { ErrorRequestHandler, Response } from 'express';
import type { z } from 'zod';
import { DomainError, ValidationError, type FieldIssue } from '../domain/errors.js';
import type { Problem } from '../schemas/common.js';
import type { Logger } from '../logger.js';

export const problemType = (kind: string) => `urn:siteloupe:problem:${kind}`;

const TITLES: Record<string, [number, string]> = {
  validation: [400, 'Invalid request'],
  'malformed-json': [400, 'Malformed JSON body'],
  unauthorized: [401, 'API token required'],
  'forbidden-host': [403, 'Request host or origin not allowed'],
  'internal-route': [403, 'Internal route not allowed through the proxy'],
  'not-found': [404, 'Not found'],
  'method-not-allowed': [405, 'Method not allowed'],
  conflict: [409, 'Conflict'],
  'payload-too-large': [413, 'Request body too large'],
  'unsupported-media-type': [415, 'Unsupported media type'],
  'headers-too-large': [431, 'Request line or headers too large'],
  'malformed-request': [400, 'Malformed HTTP request'],
  'request-timeout': [408, 'Request timeout'],
  'proxy-failed': [502, 'Proxied call failed'],
  'model-unavailable': [503, 'Embedding model unavailable'],
  'chromium-unavailable': [503, 'Chromium unavailable'],
  cancelled: [409, 'Cancelled'],
  transient: [503, 'Temporarily unavailable'],
  internal: [500, 'Internal error'],
};

export class HttpProblem extends Error {
  constructor(
    readonly kind: keyof typeof TITLES,
    readonly detail: string,
    readonly errors?: FieldIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export function problem(kind: string, detail: string, instance: string, errors?: FieldIssue[]): Problem {
  const [status, title] = TITLES[kind] ?? TITLES.internal!;
  return { type: problemType(kind), title, status, detail, instance, ...(errors ? { errors } : {}) };
}

export function sendProblem(res: Response, p: Problem, headers: Record<string, string> = {}): void {
  res.status(p.status).set(headers).type('application/problem+json').send(JSON.stringify(p));
}

/** zod issues → `errors[]` with dotted paths prefixed by where the value came from. */
export function issuesFrom(where: 'body' | 'query' | 'path', error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue) => {
    const base = [where, ...issue.path.map(String)].join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((k) => ({ path: `${base}.${k}`, message: 'is not a known field' }));
    }
    return [{ path: base, message: issue.message }];
  });
}

export function toProblem(
  err: unknown,
  instance: string,
): { problem: Problem; headers: Record<string, string> } {
  if (err instanceof HttpProblem)
    return { problem: problem(err.kind, err.detail, instance, err.errors), headers: err.headers };
  if (err instanceof ValidationError)
    return { problem: problem('validation', err.message, instance, err.issues), headers: {} };
  if (err instanceof DomainError) {
    // Extension members never override the standard ones.
    return { problem: { ...err.problemFields, ...problem(err.kind, err.message, instance) }, headers: {} };
  }
  return {
    problem: problem('internal', 'An unexpected error occurred; it has been logged.', instance),
    headers: {},
  };
}

/** Body-parser errors carry a `type`; map them to the problems a client can act on. */
function fromBodyParser(err: { type?: string; limit?: number }): HttpProblem | null {
  switch (err.type) {
    case 'entity.parse.failed':
      return new HttpProblem('malformed-json', 'The request body is not valid JSON.');
    case 'entity.too.large':
      return new HttpProblem(
        'payload-too-large',
        `The request body is larger than the limit of ${err.limit ?? 0} bytes.`,
      );
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpProblem('unsupported-media-type', 'The request body must be UTF-8 JSON.');
    case 'request.aborted':
    case 'stream.not.readable':
      return new HttpProblem('validation', 'The request body could not be read.');
    default:
      return null;
  }
}

export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err);
    const mapped = fromBodyParser(err as { type?: string }) ?? err;
    const { problem: p, headers } = toProblem(mapped, req.path);
    if (p.status >= 500) logger.error(`${req.method} ${req.path} failed`, err);
    sendProblem(res, p, headers);
  };
}
