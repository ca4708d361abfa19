/** `similarity` router: the analysis job, its pairs (also per site, for merge overlays) and its clusters. */
import type { Services } from '../../domain/services.js';
import { defineRoutes } from '../define-route.js';
import { similarityOperations } from '../../contract/similarity.js';

export function similarityRoutes(s: Services) {
  return defineRoutes(similarityOperations, {
    'similarity.analyze': ({ body }) => s.similarity.schedule(body),
    'similarity.pairs': ({ query }) => s.similarityQueries.pairs(query),
    'similarity.sitePairs': ({ params, query }) => {
      s.sites.require(params.site_id);
      return s.similarityQueries.pairs({ ...query, site_id: params.site_id });
    },
    'similarity.clusters': ({ query }) => s.similarityQueries.clusters(query),
    'similarity.cluster': ({ params }) => s.similarityQueries.cluster(params.cluster_id),
  });
}
