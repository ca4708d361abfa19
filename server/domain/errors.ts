/**
 * Typed domain errors. The HTTP layer turns each into an RFC 9457 problem; domain code never picks a status.
 * `retryable` tells the job runner (and crawl code) whether trying again could help. One that wraps another
 * error keeps it as its `cause` (the last argument), so the log shows what really failed.
 */
import type { ProblemKind } from '../schemas/problems.js';

export interface FieldIssue {
  path: string;
  message: string;
}

export abstract class DomainError extends Error {
  abstract readonly kind: ProblemKind;
  readonly retryable: boolean = false;
  constructor(
    message: string,
    /** RFC 9457 extension members the problem body carries, for clients that act on them (e.g. `job_id`). */
    readonly problemFields: Record<string, unknown> = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {
  readonly kind = 'not-found';
}

export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

export class ValidationError extends DomainError {
  readonly kind = 'validation';
  constructor(
    message: string,
    readonly issues: FieldIssue[],
    options?: ErrorOptions,
  ) {
    super(message, {}, options);
  }
}

/** A dependency that is not there (model files, Chromium); answering 503 tells the client how to fix it. */
export class UnavailableError extends DomainError {
  constructor(
    readonly kind: 'model-unavailable' | 'chromium-unavailable',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, {}, options);
  }
}

export class CancelledError extends DomainError {
  readonly kind = 'cancelled';
}

/** Failures of outside systems (a fetch, Search Console) that may succeed when tried again. */
export class TransientError extends DomainError {
  readonly kind = 'transient';
  override readonly retryable = true;
}
