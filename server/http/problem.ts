/**
 * RFC 9457 problem+json: the one error shape. `HttpProblem` is thrown by the HTTP layer itself (auth, host,
 * body parsing); domain errors are mapped in `toProblem`. Anything unknown becomes `internal` with no stack.
 */
import type { ErrorRequestHandler, Response } from 'express';
import type { z } from 'zod';
import { DomainError, ValidationError, type FieldIssue } from '../domain/errors.js';
import type { Problem } from '../schemas/common.js';
import { PROBLEM_KINDS, problemType, type ProblemKind } from '../schemas/problems.js';
import type { Logger } from '../logger.js';

export class HttpProblem extends Error {
  constructor(
    readonly kind: ProblemKind,
    readonly detail: string,
    readonly errors?: FieldIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export function problem(kind: ProblemKind, detail: string, instance: string, errors?: FieldIssue[]): Problem {
  const { status, title } = PROBLEM_KINDS[kind];
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
