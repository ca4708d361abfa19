/**
 * How a Search Console sync can fail for good, as typed errors the job runner records (`type`
 * `urn:siteloupe:problem:<kind>`, `retryable: false`): a retry would get the same answer, the user must act.
 */
import { DomainError } from '../errors.js';

export class GscSyncError extends DomainError {
  constructor(
    readonly kind: 'gsc-forbidden' | 'gsc-unauthorized' | 'gsc-rejected',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, {}, options);
  }
}

/**
 * An export bigger than an import will hold in memory (answered 413, like an upload over the body limit): a
 * zip that inflates past the cap, or a table with far more rows than Search Console ever exports.
 */
export class ExportTooLargeError extends DomainError {
  readonly kind = 'payload-too-large';
}
