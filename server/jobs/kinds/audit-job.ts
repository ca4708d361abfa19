/** The `audit` job kind: a run is written whole in one transaction, so after a restart it simply runs again. */
import type { AuditService } from '../../domain/audit/audit-service.js';
import type { JobKind } from '../job-kind.js';

export function auditJobKind(audit: AuditService): JobKind<'audit'> {
  return {
    kind: 'audit',
    onRestart: 'rerun',
    async run(ctx) {
      if (ctx.job.site_id === null) throw new Error('an audit job needs a site');
      ctx.progress({ phase: 'auditing', done: 0, total: null, message: 'Running the checks' });
      return audit.run(ctx.job.site_id, ctx.signal);
    },
  };
}
