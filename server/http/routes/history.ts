/** `history` router: a site's crawl snapshots, the changes between two crawls, and one page's history. */
import type { Services } from '../../domain/services.js';
import { PaginationQuery } from '../../schemas/common.js';
import { ChangeList, ChangesQuery, PageHistory, SnapshotList } from '../../schemas/history.js';
import { PageParams } from '../../schemas/pages.js';
import { SiteParams } from '../../schemas/sites.js';
import { defineRoute } from '../define-route.js';

export function historyRoutes(s: Services) {
  return [
    defineRoute({
      method: 'get',
      path: '/sites/{site_id}/snapshots',
      tag: 'history',
      operationId: 'history.snapshots',
      summary: 'The crawls a site’s history keeps, newest first',
      description:
        'One snapshot per finished spider crawl (its id is the crawl job’s), up to the `keep_crawls` setting.',
      stability: 'stable',
      params: SiteParams,
      query: PaginationQuery,
      responses: {
        200: { description: 'A page of snapshots.', schema: SnapshotList },
        404: { description: 'No such site.' },
      },
      handler: ({ params, query }) => s.history.snapshots(params.site_id, query),
    }),
    defineRoute({
      method: 'get',
      path: '/sites/{site_id}/changes',
      tag: 'history',
      operationId: 'history.changes',
      summary: 'What changed between two crawls',
      description:
        'By URL, then kind of change. `to` defaults to the latest crawl and `from` to the one before it; `summary` counts every kind whatever `change` filters. Content changes carry the word counts and, once the embedding job has run, the cosine between the old and new text’s embeddings. Issue changes compare the audits of the two crawls.',
      stability: 'stable',
      params: SiteParams,
      query: ChangesQuery,
      responses: {
        200: { description: 'A page of changes.', schema: ChangeList },
        404: { description: 'No such site, or fewer than two finished crawls.' },
      },
      handler: ({ params, query }) => s.history.changes(params.site_id, query),
    }),
    defineRoute({
      method: 'get',
      path: '/pages/{page_id}/history',
      tag: 'history',
      operationId: 'history.page',
      summary: 'A page’s state crawl by crawl, newest first',
      stability: 'stable',
      params: PageParams,
      responses: {
        200: { description: 'The page’s history.', schema: PageHistory },
        404: { description: 'No such page.' },
      },
      handler: ({ params }) => s.history.pageHistory(params.page_id),
    }),
  ];
}
