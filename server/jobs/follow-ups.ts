/**
 * Work that follows other work: a successful crawl queues the site audit and the embedding of the site's changed
 * pages (when the model is built), and a successful similarity analysis queues the audit again for its semantic
 * checks, so the issues, search and similarity are current without the user asking. A crawl the site's schedule
 * started goes one step further, since nobody is there to ask: once its embeddings are done, the similarity
 * analysis runs again on a site that has had one, with the thresholds it last ran with.
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
  // Embed jobs that follow a scheduled crawl. Kept in memory: after a restart the embedding still runs, and the
  // analysis waits for the next scheduled crawl or the analyst.
  const afterScheduledCrawl = new Set<number>();

  /** The embed job that will embed the crawl's pages: the one queued now, or one already queued. */
  const queueEmbedding = (siteId: number): number | null => {
    try {
      return services.embeddings.schedule(siteId).id;
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
      const id = err.problemFields.job_id;
      return typeof id === 'number' && services.jobs.get(id).kind === 'embed' ? id : null;
    }
  };

  const analyseAgain = (siteId: number) => {
    const last = services.jobs.list({
      limit: 1,
      site_id: siteId,
      kind: ['similarity'],
      status: ['succeeded'],
    }).items[0];
    if (last?.kind !== 'similarity') return;
    const thresholds = last.params.thresholds;
    quietly(() => services.similarity.schedule({ site_id: siteId, ...(thresholds ? { thresholds } : {}) }));
  };

  const onFinished = (job: Job) => {
    if (job.kind === 'embed' && afterScheduledCrawl.delete(job.id) && job.status === 'succeeded') {
      if (job.site_id !== null) analyseAgain(job.site_id);
    }
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
    const embed = queueEmbedding(siteId);
    if (embed !== null && job.params.trigger === 'schedule') afterScheduledCrawl.add(embed);
  };
  services.bus.on('job.finished', onFinished);
  return () => services.bus.off('job.finished', onFinished);
}
