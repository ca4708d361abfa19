/** `history` router: a site's crawl snapshots, the changes between two crawls, and one page's history. */
import type { Services } from '../../domain/services.js';
import { defineRoutes } from '../define-route.js';
import { historyOperations } from '../../contract/history.js';

export function historyRoutes(s: Services) {
  return defineRoutes(historyOperations, {
    'history.snapshots': ({ params, query }) => s.history.snapshots(params.site_id, query),
    'history.changes': ({ params, query }) => s.history.changes(params.site_id, query),
    'history.page': ({ params }) => s.history.pageHistory(params.page_id),
  });
}
