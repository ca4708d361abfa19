/**
 * The `embed` job kind: embeds a site's changed pages. Running it again only embeds what is still missing, so
 * after a restart it simply runs again.
 */
import type { EmbeddingService } from '../../domain/embeddings/embedding-service.js';
import type { JobKind } from '../job-kind.js';

export function embedJobKind(embeddings: EmbeddingService): JobKind<'embed'> {
  return {
    kind: 'embed',
    onRestart: 'rerun',
    async run(ctx) {
      if (ctx.job.site_id === null) throw new Error('an embed job needs a site');
      return embeddings.embedSite(ctx.job.site_id, { signal: ctx.signal, progress: (p) => ctx.progress(p) });
    },
  };
}
