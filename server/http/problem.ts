/**
 * RFC 9457 problem+json: the one error shape. `HttpProblem` is thrown by the HTTP layer itself (auth, host,
 * body parsing); domain errors are mapped in `toProblem`. An error of Express's own layers that carries a 4xx
 * status (the client's doing) is answered as that client error; anything else unknown becomes `internal` with
 * no stack.
 */
import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, Request, Response } from 'express';
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

/** What body-parser and raw-body attach to their errors (http-errors), and what the router sets on its own. */
interface ForeignError {
  type?: string;
  limit?: number;
  encoding?: string;
  charset?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
}

/** Body-parser errors carry a `type`; map them to the problems a client can act on. */
function fromBodyParser(err: ForeignError): HttpProblem | null {
  switch (err.type) {
    case 'entity.parse.failed':
      return new HttpProblem('malformed-json', 'The request body is not valid JSON.');
    case 'entity.too.large':
      return new HttpProblem(
        'payload-too-large',
        `The request body is larger than the limit of ${err.limit ?? 0} bytes.`,
      );
    case 'encoding.unsupported':
      return new HttpProblem(
        'unsupported-media-type',
        `The Content-Encoding ${err.encoding ?? ''} is not supported; send the body as is, or as gzip, deflate or br.`,
      );
    case 'charset.unsupported':
      return new HttpProblem(
        'unsupported-media-type',
        `The charset ${err.charset ?? ''} is not supported; the request body must be UTF-8 JSON.`,
      );
    case 'request.size.invalid':
      return new HttpProblem(
        'malformed-request',
        'The request body is not as long as its Content-Length says.',
      );
    case 'request.aborted':
    case 'stream.not.readable':
      return new HttpProblem('validation', 'The request body could not be read.');
    default:
      return null;
  }
}

/** The kind a foreign client error is answered with, by its status; other 4xx statuses are answered 400. */
const KIND_OF_CLIENT_STATUS: Partial<Record<number, ProblemKind>> = {
  400: 'malformed-request',
  404: 'not-found',
  405: 'method-not-allowed',
  408: 'request-timeout',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  431: 'headers-too-large',
};

/**
 * Errors from Express's own layers that carry a 4xx status (http-errors, the router): the client's doing, so
 * they are answered as the problem that status names instead of `internal`. Body-parser's typed errors are
 * mapped first; a path that does not percent-decode and a body that does not decompress get their own detail.
 */
function fromClientError(err: unknown, req: Request): HttpProblem | null {
  if (typeof err !== 'object' || err === null || err instanceof HttpProblem || err instanceof DomainError)
    return null;
  const e = err as ForeignError;
  const known = fromBodyParser(e);
  if (known) return known;
  const status = e.status ?? e.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return null;
  // The router decodes path parameters and marks a failure 400.
  if (err instanceof URIError)
    return new HttpProblem(
      'malformed-request',
      `The path ${req.path} is not valid percent-encoding: each % must start a %XX escape, and the escapes must spell UTF-8.`,
    );
  // Body-parser reports a decompression stream's failure (zlib, brotli) as a 400 with no type of its own.
  const encoding = req.headers['content-encoding'];
  if (e.type === undefined && status === 400 && encoding && encoding.toLowerCase() !== 'identity')
    return new HttpProblem(
      'malformed-request',
      `The request body does not decompress as its Content-Encoding (${encoding}) says${e.message ? `: ${e.message}` : ''}. Send it as is without the header, or compressed as the header says.`,
    );
  const kind = KIND_OF_CLIENT_STATUS[status] ?? 'malformed-request';
  const detail =
    e.expose && e.message
      ? `The request was refused: ${e.message}.`
      : `The request was refused (${status} ${STATUS_CODES[status] ?? 'client error'}).`;
  return new HttpProblem(kind, detail);
}

export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err);
    const clientError = fromClientError(err, req);
    const { problem: p, headers } = toProblem(clientError ?? err, req.path);
    if (p.status >= 500) logger.error(`${req.method} ${req.path} failed`, err);
    // A client's mistake is no server error: one line, no stack, for whoever debugs a client.
    else if (clientError)
      logger.debug(`${req.method} ${req.path} refused: ${p.status} ${p.type}: ${p.detail}`);
    sendProblem(res, p, headers);
  };
}
