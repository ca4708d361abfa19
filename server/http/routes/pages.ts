/** `pages` router: crawled pages and their links. */
import type { Services } from '../../domain/services.js';
import { defineRoutes } from '../define-route.js';
import { pagesOperations } from '../../contract/pages.js';

export function pagesRoutes(s: Services) {
  return defineRoutes(pagesOperations, {
    'pages.list': ({ query }) => s.pages.list(query),
    'pages.get': ({ params }) => s.pages.get(params.page_id),
    'pages.links': ({ params, query }) => s.pages.links(params.page_id, query),
    'pages.similar': ({ params, query }) => s.embeddings.similar(params.page_id, query.k),
    'pages.search': ({ body }) => s.embeddings.search(body),
    'pages.searchCoverage': ({ params }) => s.embeddings.coverage(params.site_id),
    'pages.rebuildEmbeddings': ({ body }) => s.embeddings.schedule(body.site_id),
  });
}
