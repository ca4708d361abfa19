/**
 * The job kinds this build can run, one runner per kind of `JOB_KINDS`; a stored job whose kind is missing (a
 * kind of a newer version) fails with a clear reason instead of hanging.
 */
import type { Services } from '../../domain/services.js';
import type { JobKind, JobRunners } from '../job-kind.js';
import { a11yJobKind } from './a11y-job.js';
import { auditJobKind } from './audit-job.js';
import { campaignJobKinds } from './campaign-jobs.js';
import { crawlJobKind } from './crawl-job.js';
import { embedJobKind } from './embed-job.js';
import { extractApplyJobKind } from './extract-apply-job.js';
import { gscJobKinds } from './gsc-jobs.js';
import { ideaCheckJobKind } from './idea-check-job.js';
import { similarityJobKind } from './similarity-job.js';

/** The runner of every kind in `JOB_KINDS`, by name (a kind without one does not compile). */
export function jobRunners(services: Services): JobRunners {
  return {
    crawl: crawlJobKind(services.crawl),
    embed: embedJobKind(services.embeddings),
    similarity: similarityJobKind(services.similarity, services.embeddings.passages),
    audit: auditJobKind(services.audit),
    ...gscJobKinds(services.gscSync, services.gscImport),
    ...campaignJobKinds(services.campaignActions, services.embeddings.passages),
    extract_apply: extractApplyJobKind(services.extraction),
    idea_check: ideaCheckJobKind(services.embeddings),
    accessibility: a11yJobKind(services.a11y),
  };
}

/**
 * Every kind this build runs. `replacements` stand in for the built-in kind of the same name (tests run the
 * runner with work they control, under the real kinds' names, params and results).
 */
export function builtinJobKinds(services: Services, replacements: readonly JobKind[] = []): JobKind[] {
  const replaced = new Set(replacements.map((k) => k.kind));
  const builtin: JobKind[] = Object.values(jobRunners(services));
  return [...builtin.filter((k) => !replaced.has(k.kind)), ...replacements];
}
