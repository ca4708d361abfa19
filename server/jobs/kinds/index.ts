/**
 * The job kinds this build can run. Each area (crawl, embed, similarity, search console, campaigns) adds
 * its kind here; a stored job whose kind is missing fails with a clear reason instead of hanging.
 */
import type { Services } from '../../domain/services.js';
import type { JobKind } from '../job-kind.js';

export function builtinJobKinds(_services: Services): JobKind[] {
  return [];
}
