/** `graph` router: the internal link graph of a site. */
import type { Services } from '../../domain/services.js';
import { defineRoutes } from '../define-route.js';
import { graphOperations } from '../../contract/graph.js';

export function graphRoutes(s: Services) {
  return defineRoutes(graphOperations, {
    'graph.linkGraph': ({ params, query }) => s.graph.linkGraph(params.site_id, query),
    'graph.groups': ({ params, query }) => s.graph.groups(params.site_id, query),
    'graph.path': ({ params, query }) => s.graph.path(params.site_id, query),
    'graph.linkImpact': ({ params, query }) => s.graph.linkImpact(params.site_id, query),
    'graph.focus': ({ params, query }) => s.graph.focus(params.page_id, query),
  });
}
