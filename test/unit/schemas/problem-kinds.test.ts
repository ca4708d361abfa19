/**
 * The problem kinds registry is where every problem's `type`, status and title come from. Whatever the error
 * middleware is handed, it answers a kind of the registry with that kind's status; a `type` names its kind back;
 * only `internal` is a 500 (the interface contract: never a 500 for anything a client can send); and a kind
 * outside the registry does not compile, so it cannot slip through as an undocumented answer.
 */
import assert from 'node:assert/strict';
import { STATUS_CODES } from 'node:http';
import { describe, it } from 'node:test';
import type { Request, Response } from 'express';
import fc from 'fast-check';
import { ExportTooLargeError, GscSyncError } from '../../../server/domain/analytics/gsc-errors.js';
import {
  CancelledError,
  ConflictError,
  DomainError,
  NotFoundError,
  TransientError,
  UnavailableError,
  ValidationError,
} from '../../../server/domain/errors.js';
import { HttpProblem, errorMiddleware, problem } from '../../../server/http/problem.js';
import { createLogger } from '../../../server/logger.js';
import { Problem } from '../../../server/schemas/common.js';
import { JobError } from '../../../server/schemas/jobs.js';
import {
  PROBLEM_KINDS,
  PROBLEM_TYPE_PREFIX,
  problemType,
  type ProblemKind,
  type ProblemType,
} from '../../../server/schemas/problems.js';

const KINDS = Object.keys(PROBLEM_KINDS) as ProblemKind[];

/** The kind a `type` names, read back the way a client reads it; undefined when it names none. */
function kindOf(type: string): ProblemKind | undefined {
  if (!type.startsWith(PROBLEM_TYPE_PREFIX)) return undefined;
  const kind = type.slice(PROBLEM_TYPE_PREFIX.length);
  return Object.hasOwn(PROBLEM_KINDS, kind) ? (kind as ProblemKind) : undefined;
}

interface Answer {
  status: number;
  contentType: string;
  body: unknown;
}

/** Hands `err` to the error middleware as Express would and records what it answers. */
function answerTo(err: unknown, headers: Record<string, string> = {}): Answer {
  const answer: Answer = { status: 0, contentType: '', body: undefined };
  const res = {
    headersSent: false,
    status(s: number) {
      answer.status = s;
      return res;
    },
    set: () => res,
    type(t: string) {
      answer.contentType = t;
      return res;
    },
    send(text: string) {
      answer.body = JSON.parse(text);
      return res;
    },
  };
  const req = { method: 'POST', path: '/x', headers };
  const next = () => assert.fail('the middleware answers instead of handing the error on');
  errorMiddleware(createLogger('silent'))(err, req as unknown as Request, res as unknown as Response, next);
  return answer;
}

const domainErrors: fc.Arbitrary<DomainError> = fc.oneof(
  fc.string().map((m) => new NotFoundError(m)),
  fc.string().map((m) => new ConflictError(m, { job_id: 3 })),
  fc.string().map((m) => new ValidationError(m, [{ path: 'body.x', message: 'is wrong' }])),
  fc
    .constantFrom('model-unavailable' as const, 'chromium-unavailable' as const)
    .map((k) => new UnavailableError(k, 'missing')),
  fc.string().map((m) => new CancelledError(m)),
  fc.string().map((m) => new TransientError(m)),
  fc
    .constantFrom('gsc-forbidden' as const, 'gsc-unauthorized' as const, 'gsc-rejected' as const)
    .map((k) => new GscSyncError(k, 'refused')),
  fc.string().map((m) => new ExportTooLargeError(m)),
);

/** What Express's own layers throw: http-errors with a status, body-parser's typed errors, a router URIError. */
const foreignErrors = fc.oneof(
  fc
    .record(
      {
        status: fc.integer({ min: 0, max: 999 }),
        statusCode: fc.integer({ min: 0, max: 999 }),
        type: fc.oneof(
          fc.constantFrom(
            'entity.parse.failed',
            'entity.too.large',
            'encoding.unsupported',
            'charset.unsupported',
            'request.size.invalid',
            'request.aborted',
            'stream.not.readable',
          ),
          fc.string(),
        ),
        expose: fc.boolean(),
        limit: fc.nat(),
      },
      { requiredKeys: [] },
    )
    .chain((fields) => fc.string().map((m) => Object.assign(new Error(m), fields))),
  fc.constant(Object.assign(new URIError('URI malformed'), { status: 400 })),
);

const thrown = fc.oneof(
  domainErrors,
  foreignErrors,
  fc.constantFrom(...KINDS).map((k) => new HttpProblem(k, 'refused')),
  fc.anything(),
);

describe('problem kinds', () => {
  it('whatever is thrown, the answer is a kind of the registry with that kind’s status and title', () => {
    fc.assert(
      fc.property(
        thrown,
        fc.constantFrom<Record<string, string>>({}, { 'content-encoding': 'gzip' }),
        (err, headers) => {
          const a = answerTo(err, headers);
          const body = Problem.parse(a.body);
          const kind = kindOf(body.type);
          assert.ok(kind, `${body.type} is a kind of the registry`);
          assert.equal(a.contentType, 'application/problem+json');
          assert.equal(a.status, PROBLEM_KINDS[kind].status);
          assert.equal(body.status, a.status);
          assert.equal(body.title, PROBLEM_KINDS[kind].title);
        },
      ),
    );
  });

  it('a domain error answers its own kind, whose status is never 500', () => {
    fc.assert(
      fc.property(domainErrors, (err) => {
        const a = answerTo(err);
        assert.equal(Problem.parse(a.body).type, problemType(err.kind));
        assert.notEqual(a.status, 500, `${err.name} is no internal error`);
      }),
    );
  });

  it('an error that carries a client status (4xx) is answered as a client error', () => {
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 499 }), fc.boolean(), (status, expose) => {
        const a = answerTo(Object.assign(new Error('refused'), { status, expose }));
        assert.ok(a.status >= 400 && a.status <= 499, `${status} answered ${a.status}`);
      }),
    );
  });

  it('only the internal kind is a 500, and every status can be written on a status line', () => {
    for (const kind of KINDS) {
      const { status } = PROBLEM_KINDS[kind];
      assert.ok(status >= 400 && status <= 599 && STATUS_CODES[status], `${kind}: ${status}`);
    }
    assert.deepEqual(
      KINDS.filter((k) => PROBLEM_KINDS[k].status === 500),
      ['internal'],
    );
  });

  it('the kinds the interface contract names answer the status it documents', () => {
    // shared/spec/interface.md §1, "Errors": the statuses a client is promised, written from the spec.
    const documented: [ProblemKind, number][] = [
      ['validation', 400],
      ['unauthorized', 401],
      ['forbidden-host', 403],
      ['internal-route', 403],
      ['not-found', 404],
      ['method-not-allowed', 405],
      ['conflict', 409],
      ['payload-too-large', 413],
      ['unsupported-media-type', 415],
      ['model-unavailable', 503],
      ['chromium-unavailable', 503],
    ];
    for (const [kind, status] of documented)
      assert.equal(answerTo(new HttpProblem(kind, 'x')).status, status, kind);
  });

  it('a type names its kind back, so no two kinds share one, and a failed job may carry it', () => {
    for (const kind of KINDS) {
      const type = Problem.parse(problem(kind, 'why', '/x')).type;
      assert.equal(kindOf(type), kind);
      assert.equal(JobError.parse({ type, detail: 'why', retryable: false }).type, type);
    }
    const unknown = `${PROBLEM_TYPE_PREFIX}teapot`;
    assert.equal(kindOf(unknown), undefined);
    assert.equal(JobError.safeParse({ type: unknown, detail: 'why', retryable: false }).success, false);
  });

  it('extension members ride along but never replace the standard ones', () => {
    const err = new ConflictError('busy', { job_id: 3, status: 200, type: 'about:blank', title: 'fine' });
    const body = Problem.parse(answerTo(err).body);
    assert.equal(body.job_id, 3);
    assert.deepEqual(
      { type: body.type, status: body.status, title: body.title },
      { type: problemType('conflict'), status: 409, title: PROBLEM_KINDS.conflict.title },
    );
  });

  it('a kind outside the registry does not compile, and is not built at run time either', () => {
    // The @ts-expect-error lines fail the typecheck when a spelling outside the registry would compile.
    // @ts-expect-error 'teapot' is no problem kind
    assert.throws(() => problem('teapot', 'short and stout', '/x'), TypeError);
    // @ts-expect-error nor may a thrown problem name one
    assert.ok(new HttpProblem('gone-fishing', 'back soon'));
    // @ts-expect-error nor may a type URI
    const type: ProblemType = `${PROBLEM_TYPE_PREFIX}teapot`;
    assert.equal(kindOf(type), undefined);
    class Teapot extends DomainError {
      // @ts-expect-error nor may a domain error
      readonly kind = 'teapot';
    }
    assert.ok(new Teapot('short and stout'));
  });
});
