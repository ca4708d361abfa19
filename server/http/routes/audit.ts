/** `audit` router: a site's issues, each check's URLs with their evidence, a page's findings, mutes and re-runs. */
import type { Services } from '../../domain/services.js';
import { defineRoutes } from '../define-route.js';
import { auditOperations } from '../../contract/audit.js';

export function auditRoutes(s: Services) {
  return defineRoutes(auditOperations, {
    'audit.issues': ({ params, query }) => s.audit.issues(params.site_id, query),
    'audit.findings': ({ params, query }) => s.audit.findings(params.site_id, params.check, query),
    'audit.pageIssues': ({ params }) => s.audit.pageIssues(params.page_id),
    'audit.mute': ({ params }) => s.audit.mute(params.site_id, params.check, true),
    'audit.unmute': ({ params }) => s.audit.mute(params.site_id, params.check, false),
    'audit.run': ({ params }) => s.audit.schedule(params.site_id),
    'audit.checkAccessibility': ({ params, body }) => s.a11y.start(params.site_id, body),
  });
}
