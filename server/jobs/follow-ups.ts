/**
 * Work that follows other work: a successful crawl queues the site audit and the embedding of the site's changed
 * pages (when the model is built), and a successful similarity analysis queues the audit again for its semantic
 * checks, so the issues, search and similarity are current without the user asking.
 */
import { ConflictError } from '../domain/errors.js';
import type { Services } from '../domain/services.js';
import type { Job } from '../schemas/jobs.js';
import type { Logger } from '../logger.js';

/** Queues follow-up work; a conflict (the same work already queued, or a crawl running) needs nothing more. */
function quietly(queue: () => unknown): void {
  try {
    queue();
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
  }
}

export function wireFollowUps(services: Services, logger: Logger): () => void {
  const onFinished = (job: Job) => {
    if (job.status !== 'succeeded' || job.site_id === null) return;
    const siteId = job.site_id;
    if (job.kind === 'similarity') quietly(() => services.audit.schedule(siteId));
    if (job.kind !== 'crawl') return;
    quietly(() => services.audit.schedule(siteId));
    if (!services.embeddings.available()) {
      logger.info(
        `site ${siteId}: crawl done; embeddings skipped because the model is not built (npm run build:model)`,
      );
      return;
    }
    quietly(() => services.embeddings.schedule(siteId));
  };
  services.bus.on('job.finished', onFinished);
  return () => services.bus.off('job.finished', onFinished);
}
