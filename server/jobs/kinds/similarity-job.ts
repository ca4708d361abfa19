/** The `similarity` job kind: an analysis is rebuilt from scratch, so after a restart it simply runs again. */
import type { SimilarityService } from '../../domain/similarity/similarity-service.js';
import type { JobKind } from '../job-kind.js';

export function similarityJobKind(similarity: SimilarityService): JobKind<'similarity'> {
  return {
    kind: 'similarity',
    onRestart: 'rerun',
    async run(ctx) {
      if (ctx.job.site_id === null) throw new Error('a similarity job needs a site');
      return similarity.analyze(ctx.job.site_id, ctx.params.thresholds, {
        signal: ctx.signal,
        progress: (p) => ctx.progress(p),
      });
    },
  };
}
