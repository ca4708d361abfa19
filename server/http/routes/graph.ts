/** `graph` router: the internal link graph of a site. */
import type { Services } from '../../domain/services.js';
import { LinkGraph, LinkGraphQuery } from '../../schemas/graph.js';
import { SiteParams } from '../../schemas/sites.js';
import { defineRoute } from '../define-route.js';

export function graphRoutes(s: Services) {
  return [
    defineRoute({
      method: 'get',
      path: '/sites/{site_id}/link-graph',
      tag: 'graph',
      operationId: 'graph.linkGraph',
      summary: 'Nodes and edges of the internal link graph, paginated over edges',
      description:
        'Each page carries the nodes its edges touch; with `include_orphans=true` the first page also carries every orphan (a known page with no inbound edge of the selected kinds).',
      stability: 'stable',
      params: SiteParams,
      query: LinkGraphQuery,
      responses: {
        200: { description: 'A page of the graph.', schema: LinkGraph },
        404: { description: 'No such site.' },
      },
      handler: ({ params, query }) => s.graph.linkGraph(params.site_id, query),
    }),
  ];
}
