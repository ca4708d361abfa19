/** The `extract_apply` job kind: re-applies main-text rules; each batch commits, so a restart simply runs again. */
import type { ExtractionService } from '../../domain/extraction/extraction-service.js';
import type { JobKind } from '../job-kind.js';

export function extractApplyJobKind(extraction: ExtractionService): JobKind<'extract_apply'> {
  return {
    kind: 'extract_apply',
    onRestart: 'rerun',
    async run(ctx) {
      if (ctx.job.site_id === null) throw new Error('an extract_apply job needs a site');
      ctx.progress({ phase: 'applying', done: 0, total: null, message: 'Re-applying main-text rules' });
      return extraction.runApply(ctx.job.site_id, ctx.signal, (p) => ctx.progress(p));
    },
  };
}
