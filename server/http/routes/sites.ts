/** `sites` router: the sites and their crawl settings. */
import type { Services } from '../../domain/services.js';
import { defineRoutes, reply } from '../define-route.js';
import { sitesOperations } from '../../contract/sites.js';

export function sitesRoutes(s: Services) {
  return defineRoutes(sitesOperations, {
    'sites.list': ({ query }) => s.sites.list(query),
    'sites.create': async ({ body }) => {
      const site = await s.sites.create(body);
      return reply(201, site, { Location: `/sites/${site.id}` });
    },
    'sites.get': ({ params }) => s.sites.get(params.site_id),
    'sites.summary': ({ params }) => ({
      ...s.sites.summary(params.site_id),
      audit: s.audit.health(params.site_id),
    }),
    'sites.crawls': ({ params, query }) => {
      s.sites.require(params.site_id);
      return s.jobs.list({ ...query, site_id: params.site_id, kind: ['crawl'] });
    },
    'sites.update': ({ params, body }) => s.sites.update(params.site_id, body),
    'sites.delete': ({ params }) => {
      s.sites.delete(params.site_id);
      return reply(204);
    },
  });
}
