/**
 * Work that follows other work: a successful crawl queues the embedding of the site's changed pages (when the
 * model is built), so search and similarity are current without the user asking.
 */
import { ConflictError } from '../domain/errors.js';
import type { Services } from '../domain/services.js';
import type { Logger } from '../logger.js';

export function wireFollowUps(services: Services, logger: Logger): () => void {
  const onFinished = (job: { kind: string; status: string; site_id: number | null }) => {
    if (job.kind !== 'crawl' || job.status !== 'succeeded' || job.site_id === null) return;
    if (!services.embeddings.available()) {
      logger.info(
        `site ${job.site_id}: crawl done; embeddings skipped because the model is not built (npm run build:model)`,
      );
      return;
    }
    try {
      services.embeddings.schedule(job.site_id);
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
    }
  };
  services.bus.on('job.finished', onFinished);
  return () => services.bus.off('job.finished', onFinished);
}
