/**
 * The `idea_check` job kind: an idea check asked for as a job (`POST /sites/{site_id}/idea-checks`). It waits
 * while an embed job brings the passages it reads, then answers as `POST /ideas/check` would; if that job ended
 * without them, the check fails with the reason. Only a read, so after a restart it simply runs again.
 */
import type { EmbeddingService } from '../../domain/embeddings/embedding-service.js';
import type { JobKind } from '../job-kind.js';

export function ideaCheckJobKind(embeddings: EmbeddingService): JobKind<'idea_check'> {
  return {
    kind: 'idea_check',
    onRestart: 'rerun',
    waitsFor: (job) => (job.site_id === null ? null : embeddings.passages.waitFor(job.site_id)),
    run(ctx) {
      if (ctx.job.site_id === null) throw new Error('an idea check job needs a site');
      ctx.progress({ phase: 'checking', message: 'Checking the idea against the site’s passages' });
      return embeddings.checkIdea({ ...ctx.params, site_id: ctx.job.site_id });
    },
  };
}
