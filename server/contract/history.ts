/** `history` operations: a site's crawl snapshots, the changes between two crawls, and one page's history. */
import { PaginationQuery } from '../schemas/common.js';
import { ChangeList, ChangesQuery, PageHistory, SnapshotList } from '../schemas/history.js';
import { PageParams } from '../schemas/pages.js';
import { SiteParams } from '../schemas/sites.js';

import { defineOperations } from './operation.js';

export const historyOperations = defineOperations({
  'history.snapshots': {
    method: 'get',
    path: '/sites/{site_id}/snapshots',
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
  },
  'history.changes': {
    method: 'get',
    path: '/sites/{site_id}/changes',
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
  },
  'history.page': {
    method: 'get',
    path: '/pages/{page_id}/history',
    summary: 'A page’s state crawl by crawl, newest first',
    stability: 'stable',
    params: PageParams,
    responses: {
      200: { description: 'The page’s history.', schema: PageHistory },
      404: { description: 'No such page.' },
    },
  },
});
