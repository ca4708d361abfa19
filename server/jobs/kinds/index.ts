/**
 * The job kinds this build can run. Each area (crawl, embed, similarity, search console, campaigns) adds
 * its kind here; a stored job whose kind is missing fails with a clear reason instead of hanging.
 */
import type { Services } from '../../domain/services.js';
import type { JobKind } from '../job-kind.js';
import { campaignJobKinds } from './campaign-jobs.js';
import { crawlJobKind } from './crawl-job.js';
import { embedJobKind } from './embed-job.js';
import { gscJobKinds } from './gsc-jobs.js';
import { similarityJobKind } from './similarity-job.js';

export function builtinJobKinds(services: Services): JobKind[] {
  return [
    crawlJobKind(services.crawl),
    embedJobKind(services.embeddings),
    similarityJobKind(services.similarity),
    ...gscJobKinds(services.gscSync, services.gscImport),
    ...campaignJobKinds(services.campaignActions),
  ];
}
