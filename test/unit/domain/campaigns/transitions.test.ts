import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  TRANSITIONS,
  TransitionError,
  assertTransition,
} from '../../../../server/domain/campaigns/transitions.js';
import { TARGET_STATUSES, type TargetStatus } from '../../../../server/schemas/targets.js';

describe('target status transitions', () => {
  it('are exactly the contract’s table', () => {
    assert.deepEqual(TRANSITIONS, {
      proposed: ['accepted', 'rejected'],
      accepted: ['in_progress', 'rejected'],
      in_progress: ['done', 'accepted'],
      rejected: ['proposed'],
      done: ['in_progress'],
    });
  });

  it('refuse every other move with the statuses allowed instead', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TARGET_STATUSES), fc.constantFrom(...TARGET_STATUSES), (from, to) => {
        try {
          assertTransition(7, from, to);
          return from === to || TRANSITIONS[from].includes(to);
        } catch (err) {
          assert.ok(err instanceof TransitionError);
          assert.deepEqual(err.problemFields, { from, to, allowed: [...TRANSITIONS[from]] });
          assert.match(err.message, new RegExp(`from ${from} to ${to}`));
          return !TRANSITIONS[from].includes(to) && from !== to;
        }
      }),
    );
  });

  it('leave no dead end: every status can reach every other one', () => {
    for (const start of TARGET_STATUSES) {
      const seen = new Set<TargetStatus>([start]);
      const queue = [start];
      while (queue.length) {
        for (const next of TRANSITIONS[queue.shift()!]) {
          if (seen.has(next)) continue;
          seen.add(next);
          queue.push(next);
        }
      }
      assert.equal(seen.size, TARGET_STATUSES.length, `from ${start}`);
    }
  });
});
