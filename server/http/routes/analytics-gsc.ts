/** The Search Console routes of the `analytics` router: the report, sync and import jobs, and credentials. */
import type { Services } from '../../domain/services.js';

import { defineRoutes, reply } from '../define-route.js';
import { analyticsGscOperations } from '../../contract/analytics-gsc.js';

export function gscRoutes(s: Services) {
  return defineRoutes(analyticsGscOperations, {
    'analytics.gsc': ({ query }) => s.gscReport.list(query),
    'analytics.gscSync': ({ body }) => s.gscSync.schedule(body),
    'analytics.gscImport': ({ query, upload }) =>
      s.gscImport.accept(query.site_id, upload!.body, {
        filename: query.filename,
        declaredZip: /zip/i.test(upload!.contentType),
      }),
    'analytics.gscCredentials': () => s.gscCredentials.info(),
    'analytics.putGscCredentials': ({ body }) => s.gscCredentials.save(body),
    'analytics.deleteGscCredentials': () => {
      s.gscCredentials.remove();
      return reply(204);
    },
  });
}
