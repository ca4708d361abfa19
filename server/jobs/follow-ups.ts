/**
 * Work that follows other work: a successful crawl queues the site audit and the embedding of the site's changed
 * pages (when the model is built), and a successful similarity analysis queues the audit again for its semantic
 * checks, so the issues, search and similarity are current without the user asking. A crawl makes a site's
 * similarity analysis stale (domain/similarity/analysis-state.ts), so once the crawl's embeddings are done, the
 * analysis runs again on a site that has had one, with the thresholds it last ran with — whoever started the
 * crawl. What decides it is read from the database when the embed job finishes (an analysis older than the last
 * crawl), so it holds across a restart between the crawl and its embeddings.
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
    if (job.status !== 'succeeded' || job.site_id === null) return;
    const siteId = job.site_id;
    if (job.kind === 'embed' && services.similarityQueries.analysis(siteId)?.stale) analyseAgain(siteId);
    if (job.kind === 'similarity') quietly(() => services.audit.schedule(siteId));
    // The accessibility job's results are read by the audit's checks, as a rendered crawl's are.
    if (job.kind === 'accessibility') quietly(() => services.audit.schedule(siteId));
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
