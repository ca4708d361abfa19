/**
 * The `similarity` job kind: an analysis is rebuilt from scratch, so after a restart it simply runs again. Asked
 * for while the site is being embedded, it waits for that job: it reads the vectors the job writes.
 */
import type { PassageGate } from '../../domain/embeddings/passages-ready.js';
import type { SimilarityService } from '../../domain/similarity/similarity-service.js';
import type { JobKind } from '../job-kind.js';

const READER = 'the similarity analysis';

export function similarityJobKind(
  similarity: SimilarityService,
  passages: PassageGate,
): JobKind<'similarity'> {
  return {
    kind: 'similarity',
    onRestart: 'rerun',
    waitsFor: (job) => (job.site_id === null ? null : passages.waitFor(job.site_id, 'any-embedding')),
    async run(ctx) {
      if (ctx.job.site_id === null) throw new Error('a similarity job needs a site');
      // The embed job it waited for may have ended without the passages (cancelled, failed): fail saying so,
      // rather than read pages without passages as pages that say nothing.
      passages.runNow(ctx.job.site_id, READER, 'any-embedding');
      return similarity.analyze(ctx.job.site_id, ctx.params.thresholds, {
        signal: ctx.signal,
        progress: (p) => ctx.progress(p),
      });
    },
  };
}
