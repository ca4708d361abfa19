/** The `crawl` job kind: resumes from its frontier after a crash or shutdown. */
import type { CrawlService } from '../../domain/crawl/crawl-service.js';
import type { JobKind } from '../job-kind.js';

export function crawlJobKind(crawl: CrawlService): JobKind<'crawl'> {
  return {
    kind: 'crawl',
    onRestart: 'resume',
    async run(ctx) {
      const report = await crawl.run({
        job: ctx.job,
        params: ctx.params,
        signal: ctx.signal,
        progress: (p) => ctx.progress(p),
        loadCheckpoint: () => ctx.loadCheckpoint(),
        saveCheckpoint: (c) => ctx.saveCheckpoint(c),
      });
      return { ...report };
    },
  };
}
