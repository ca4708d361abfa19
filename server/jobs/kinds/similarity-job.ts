/** The `similarity` job kind: an analysis is rebuilt from scratch, so after a restart it simply runs again. */
import { SIMILARITY_KIND, type SimilarityService } from '../../domain/similarity/similarity-service.js';
import type { AnalyzeRequest } from '../../schemas/similarity.js';
import type { JobKind } from '../job-kind.js';

export function similarityJobKind(similarity: SimilarityService): JobKind {
  return {
    kind: SIMILARITY_KIND,
    onRestart: 'rerun',
    async run(ctx) {
      if (ctx.job.site_id === null) throw new Error('a similarity job needs a site');
      const thresholds = (ctx.job.params as { thresholds?: AnalyzeRequest['thresholds'] }).thresholds;
      return similarity.analyze(ctx.job.site_id, thresholds, {
        signal: ctx.signal,
        progress: (p) => ctx.progress(p),
      });
    },
  };
}
