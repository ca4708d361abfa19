/**
 * After a scheduled crawl has been audited, tells the analyst what changed since the crawl before: a
 * `site.changed` event, which the UI shows as a notice and the desktop shell as a system notification. Once per
 * crawl: a similarity analysis re-runs the audit of the same crawl, and that is no news.
 */
import type { Services } from '../domain/services.js';
import type { Job } from '../schemas/jobs.js';
import type { Logger } from '../logger.js';

export function wireChangeNotices(services: Services, logger: Logger): () => void {
  const told = new Set<number>();
  const onFinished = (job: Job) => {
    if (job.kind !== 'audit' || job.status !== 'succeeded' || job.site_id === null) return;
    const crawlId = job.result?.crawl_job_id;
    if (crawlId == null || told.has(crawlId)) return;
    try {
      const crawl = services.jobs.get(crawlId);
      if (crawl.kind !== 'crawl' || crawl.params.trigger !== 'schedule') return;
      told.add(crawlId);
      const event = services.history.notice(job.site_id, crawlId);
      if (event) services.bus.emit('site.changed', event);
    } catch (err) {
      // A notice is a courtesy: a crawl deleted meanwhile must not break the job runner's event loop.
      logger.warn(`site ${job.site_id}: no change notice for crawl ${crawlId}: ${(err as Error).message}`);
    }
  };
  services.bus.on('job.finished', onFinished);
  return () => services.bus.off('job.finished', onFinished);
}
