/** `pages` router: crawled pages and their links. */
import type { Services } from '../../domain/services.js';
import { Page, PageLinks, PageLinksQuery, PageList, PageListQuery, PageParams } from '../../schemas/pages.js';
import { defineRoute } from '../define-route.js';

export function pagesRoutes(s: Services) {
  return [
    defineRoute({
      method: 'get',
      path: '/pages',
      tag: 'pages',
      operationId: 'pages.list',
      summary: 'List pages with filters and sorting',
      stability: 'stable',
      query: PageListQuery,
      responses: { 200: { description: 'A page of page summaries.', schema: PageList } },
      handler: ({ query }) => s.pages.list(query),
    }),
    defineRoute({
      method: 'get',
      path: '/pages/{page_id}',
      tag: 'pages',
      operationId: 'pages.get',
      summary: 'Get one page with every field',
      stability: 'stable',
      params: PageParams,
      responses: { 200: { description: 'The page.', schema: Page }, 404: { description: 'No such page.' } },
      handler: ({ params }) => s.pages.get(params.page_id),
    }),
    defineRoute({
      method: 'get',
      path: '/pages/{page_id}/links',
      tag: 'pages',
      operationId: 'pages.links',
      summary: 'A page’s outgoing or incoming links',
      stability: 'stable',
      params: PageParams,
      query: PageLinksQuery,
      responses: {
        200: { description: 'A page of links.', schema: PageLinks },
        404: { description: 'No such page.' },
      },
      handler: ({ params, query }) => s.pages.links(params.page_id, query),
    }),
  ];
}
