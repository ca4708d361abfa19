/**
 * The job kinds this build can run. Each area (crawl, embed, similarity, search console, campaigns) adds
 * its kind here; a stored job whose kind is missing fails with a clear reason instead of hanging.
 */
import type { Services } from '../../domain/services.js';
import type { JobKind } from '../job-kind.js';
import { auditJobKind } from './audit-job.js';
import { campaignJobKinds } from './campaign-jobs.js';
import { crawlJobKind } from './crawl-job.js';
import { embedJobKind } from './embed-job.js';
import { extractApplyJobKind } from './extract-apply-job.js';
import { gscJobKinds } from './gsc-jobs.js';
import { similarityJobKind } from './similarity-job.js';

/**
 * Every kind this build runs. `replacements` stand in for the built-in kind of the same name (tests run the
 * runner with work they control, under the real kinds' names, params and results).
 */
export function builtinJobKinds(services: Services, replacements: readonly JobKind[] = []): JobKind[] {
  const replaced = new Set(replacements.map((k) => k.kind));
  const builtin: JobKind[] = [
    crawlJobKind(services.crawl),
    embedJobKind(services.embeddings),
    similarityJobKind(services.similarity),
    auditJobKind(services.audit),
    ...gscJobKinds(services.gscSync, services.gscImport),
    ...campaignJobKinds(services.campaignActions),
    extractApplyJobKind(services.extraction),
  ];
  return [...builtin.filter((k) => !replaced.has(k.kind)), ...replacements];
}
