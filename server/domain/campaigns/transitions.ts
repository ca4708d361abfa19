/**
 * The target status machine. A target is proposed, then decided (accepted or rejected), worked on and done;
 * a decision can be revisited only along these edges, so a done target is not silently "un-proposed" and a
 * rejected one must be proposed again before it can be accepted.
 */
import type { TargetStatus } from '../../schemas/targets.js';
import { ConflictError } from '../errors.js';

export const TRANSITIONS: Readonly<Record<TargetStatus, readonly TargetStatus[]>> = {
  proposed: ['accepted', 'rejected'],
  accepted: ['in_progress', 'rejected'],
  in_progress: ['done', 'accepted'],
  rejected: ['proposed'],
  done: ['in_progress'],
};

export const allowedNext = (from: TargetStatus): readonly TargetStatus[] => TRANSITIONS[from];

/** Statuses that record an analyst's decision: rebuild keeps these targets. */
export const DECIDED: ReadonlySet<TargetStatus> = new Set(['accepted', 'rejected', 'in_progress', 'done']);

/** 409 for a move the table does not allow; the problem lists where the target may go instead. */
export class TransitionError extends ConflictError {
  constructor(targetId: number, from: TargetStatus, to: TargetStatus) {
    const allowed = allowedNext(from);
    super(
      `Target ${targetId} cannot go from ${from} to ${to}; from ${from} it can go to ${allowed.join(' or ')}.`,
      { from, to, allowed: [...allowed] },
    );
  }
}

/** Throws unless `from → to` is an edge; staying in the same status is not a change and always allowed. */
export function assertTransition(targetId: number, from: TargetStatus, to: TargetStatus): void {
  if (from === to) return;
  if (!TRANSITIONS[from].includes(to)) throw new TransitionError(targetId, from, to);
}
