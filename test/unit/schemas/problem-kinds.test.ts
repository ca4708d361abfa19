/**
 * Every problem kind has a status and a title, and every typed error answers with its own kind: a kind missing
 * from the registry would have become a 500 `internal`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GscSyncError, ExportTooLargeError } from '../../../server/domain/analytics/gsc-errors.js';
import {
  CancelledError,
  ConflictError,
  NotFoundError,
  TransientError,
  UnavailableError,
  ValidationError,
} from '../../../server/domain/errors.js';
import { problem, toProblem } from '../../../server/http/problem.js';
import {
  PROBLEM_KINDS,
  PROBLEM_TYPES,
  problemType,
  type ProblemKind,
} from '../../../server/schemas/problems.js';

const KINDS = Object.keys(PROBLEM_KINDS) as ProblemKind[];

describe('problem kinds', () => {
  it('map each kind to an error status and a title, and to a distinct type URI', () => {
    for (const kind of KINDS) {
      const { status, title } = PROBLEM_KINDS[kind];
      assert.ok(status >= 400 && status <= 599, `${kind}: ${status}`);
      assert.ok(title.length > 0, `${kind} has a title`);
      const p = problem(kind, 'why', '/x');
      assert.deepEqual(
        { type: p.type, status: p.status, title: p.title },
        { type: `urn:siteloupe:problem:${kind}`, status, title },
      );
    }
    assert.equal(new Set(PROBLEM_TYPES).size, KINDS.length);
    assert.deepEqual(PROBLEM_TYPES, KINDS.map(problemType));
  });

  it('answer every typed error with its own kind and status, never 500', () => {
    const errors = [
      new NotFoundError('gone'),
      new ConflictError('busy', { job_id: 3 }),
      new ValidationError('bad', [{ path: 'body.x', message: 'is wrong' }]),
      new UnavailableError('model-unavailable', 'no model'),
      new UnavailableError('chromium-unavailable', 'no chromium'),
      new CancelledError('cancel'),
      new TransientError('later'),
      new GscSyncError('gsc-forbidden', 'not yours'),
      new GscSyncError('gsc-unauthorized', 'bad key'),
      new GscSyncError('gsc-rejected', 'bad request'),
      new ExportTooLargeError('too big'),
    ];
    for (const err of errors) {
      const { problem: p } = toProblem(err, '/x');
      assert.equal(p.type, problemType(err.kind), err.name);
      assert.equal(p.status, PROBLEM_KINDS[err.kind].status, err.name);
      assert.notEqual(p.status, 500, `${err.name} (${err.kind}) is not an internal error`);
      assert.equal(p.detail, err.message);
    }
  });
});
