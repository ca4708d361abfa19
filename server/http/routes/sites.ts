/** `sites` router: the sites and their crawl settings. */
import type { Services } from '../../domain/services.js';
import { PaginationQuery } from '../../schemas/common.js';
import { SiteSummary } from '../../schemas/graph.js';
import { JobList } from '../../schemas/jobs.js';
import { Site, SiteCreate, SiteList, SiteListQuery, SiteParams, SitePatch } from '../../schemas/sites.js';
import { defineRoute, reply } from '../define-route.js';

const notFound = { description: 'No such site.' };

export function sitesRoutes(s: Services) {
  return [
    defineRoute({
      method: 'get',
      path: '/sites',
      tag: 'sites',
      operationId: 'sites.list',
      summary: 'List sites',
      stability: 'stable',
      query: SiteListQuery,
      responses: { 200: { description: 'A page of sites.', schema: SiteList } },
      handler: ({ query }) => s.sites.list(query),
    }),
    defineRoute({
      method: 'post',
      path: '/sites',
      tag: 'sites',
      operationId: 'sites.create',
      summary: 'Add a site',
      description: 'Crawl settings not given take their defaults, and follow later changes of the defaults.',
      stability: 'internal',
      body: SiteCreate,
      responses: {
        201: {
          description: 'The new site.',
          schema: Site,
          headers: { Location: { description: 'The site’s URL.' } },
        },
      },
      handler: async ({ body }) => {
        const site = await s.sites.create(body);
        return reply(201, site, { Location: `/sites/${site.id}` });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/sites/{site_id}',
      tag: 'sites',
      operationId: 'sites.get',
      summary: 'Get a site with its stats',
      stability: 'stable',
      params: SiteParams,
      responses: { 200: { description: 'The site.', schema: Site }, 404: notFound },
      handler: ({ params }) => s.sites.get(params.site_id),
    }),
    defineRoute({
      method: 'get',
      path: '/sites/{site_id}/summary',
      tag: 'sites',
      operationId: 'sites.summary',
      summary: 'Crawl summary: status codes, depths, indexability, content types, response times',
      stability: 'stable',
      params: SiteParams,
      responses: { 200: { description: 'The summary.', schema: SiteSummary }, 404: notFound },
      handler: ({ params }) => ({
        ...s.sites.summary(params.site_id),
        audit: s.audit.health(params.site_id),
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/sites/{site_id}/crawls',
      tag: 'sites',
      operationId: 'sites.crawls',
      summary: 'Crawl history of a site (its crawl jobs, newest first)',
      stability: 'stable',
      params: SiteParams,
      query: PaginationQuery,
      responses: { 200: { description: 'A page of crawl jobs.', schema: JobList }, 404: notFound },
      handler: ({ params, query }) => {
        s.sites.get(params.site_id);
        return s.jobs.list({ ...query, site_id: params.site_id, kind: ['crawl'] });
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/sites/{site_id}',
      tag: 'sites',
      operationId: 'sites.update',
      summary: 'Change a site’s name, start URL or crawl settings',
      description: '`settings` is merged key by key into the stored overrides.',
      stability: 'internal',
      params: SiteParams,
      body: SitePatch,
      responses: { 200: { description: 'The updated site.', schema: Site }, 404: notFound },
      handler: ({ params, body }) => s.sites.update(params.site_id, body),
    }),
    defineRoute({
      method: 'delete',
      path: '/sites/{site_id}',
      tag: 'sites',
      operationId: 'sites.delete',
      summary: 'Delete a site and everything stored for it',
      stability: 'internal',
      params: SiteParams,
      responses: {
        204: { description: 'Deleted.' },
        404: notFound,
        409: { description: 'A job is queued or running for the site.' },
      },
      handler: ({ params }) => {
        s.sites.delete(params.site_id);
        return reply(204);
      },
    }),
  ];
}
