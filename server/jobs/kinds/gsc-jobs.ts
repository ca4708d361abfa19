/**
 * The Search Console job kinds. A sync stores a week at a time and checkpoints after each, so after a restart
 * it resumes at the first week it had not stored; a failed attempt (Search Console kept answering 429/5xx) is
 * tried once more from there. An import re-reads its kept upload and is idempotent, so it simply runs again.
 */
import type { GscImport } from '../../domain/analytics/gsc-import.js';
import type { GscSync } from '../../domain/analytics/gsc-sync.js';
import type { JobRunners } from '../job-kind.js';

export function gscJobKinds(sync: GscSync, importer: GscImport): Pick<JobRunners, 'gsc_sync' | 'gsc_import'> {
  return {
    gsc_sync: {
      kind: 'gsc_sync',
      onRestart: 'resume',
      maxAttempts: 2,
      async run(ctx) {
        if (ctx.job.site_id === null) throw new Error('a Search Console sync needs a site');
        return sync.run(ctx.job.site_id, ctx.params, {
          signal: ctx.signal,
          progress: (p) => ctx.progress(p),
          loadCheckpoint: () => ctx.loadCheckpoint(),
          saveCheckpoint: (c) => ctx.saveCheckpoint(c),
        });
      },
    },
    gsc_import: {
      kind: 'gsc_import',
      onRestart: 'rerun',
      async run(ctx) {
        if (ctx.job.site_id === null) throw new Error('a Search Console import needs a site');
        return importer.run(ctx.job.site_id, ctx.params, {
          signal: ctx.signal,
          progress: (p) => ctx.progress(p),
        });
      },
    },
  };
}
