/** `sites` operations: the sites and their crawl settings. */
import { PaginationQuery } from '../schemas/common.js';
import { SiteSummary } from '../schemas/graph.js';
import { JobList } from '../schemas/jobs.js';
import { Site, SiteCreate, SiteList, SiteListQuery, SiteParams, SitePatch } from '../schemas/sites.js';

import { defineOperations } from './operation.js';

const notFound = { description: 'No such site.' };

export const sitesOperations = defineOperations({
  'sites.list': {
    method: 'get',
    path: '/sites',
    summary: 'List sites',
    stability: 'stable',
    query: SiteListQuery,
    responses: { 200: { description: 'A page of sites.', schema: SiteList } },
  },
  'sites.create': {
    method: 'post',
    path: '/sites',
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
  },
  'sites.get': {
    method: 'get',
    path: '/sites/{site_id}',
    summary: 'Get a site with its stats',
    stability: 'stable',
    params: SiteParams,
    responses: { 200: { description: 'The site.', schema: Site }, 404: notFound },
  },
  'sites.summary': {
    method: 'get',
    path: '/sites/{site_id}/summary',
    summary: 'Crawl summary: status codes, depths, indexability, content types, response times',
    stability: 'stable',
    params: SiteParams,
    responses: { 200: { description: 'The summary.', schema: SiteSummary }, 404: notFound },
  },
  'sites.crawls': {
    method: 'get',
    path: '/sites/{site_id}/crawls',
    summary: 'Crawl history of a site (its crawl jobs, newest first)',
    stability: 'stable',
    params: SiteParams,
    query: PaginationQuery,
    responses: { 200: { description: 'A page of crawl jobs.', schema: JobList }, 404: notFound },
  },
  'sites.update': {
    method: 'patch',
    path: '/sites/{site_id}',
    summary: 'Change a site’s name, start URL or crawl settings',
    description: '`settings` is merged key by key into the stored overrides.',
    stability: 'internal',
    params: SiteParams,
    body: SitePatch,
    responses: { 200: { description: 'The updated site.', schema: Site }, 404: notFound },
  },
  'sites.delete': {
    method: 'delete',
    path: '/sites/{site_id}',
    summary: 'Delete a site and everything stored for it',
    stability: 'internal',
    params: SiteParams,
    responses: {
      204: { description: 'Deleted.' },
      404: notFound,
      409: { description: 'A job is queued or running for the site.' },
    },
  },
});
