/** `pages` operations: crawled pages and their links. */
import {
  EmbeddingSearch,
  EmbeddingSearchResult,
  EmbeddingsRebuild,
  SearchCoverage,
  SimilarPages,
  SimilarQuery,
} from '../schemas/embeddings.js';
import { JOB_SCHEMAS } from '../schemas/jobs.js';
import { Page, PageLinks, PageLinksQuery, PageList, PageListQuery, PageParams } from '../schemas/pages.js';
import { SiteParams } from '../schemas/sites.js';

import { defineOperations } from './operation.js';

const modelMissing = { description: 'The embedding model is not built (the detail says how to build it).' };

export const pagesOperations = defineOperations({
  'pages.list': {
    method: 'get',
    path: '/pages',
    summary: 'List pages with filters and sorting',
    stability: 'stable',
    query: PageListQuery,
    responses: { 200: { description: 'A page of page summaries.', schema: PageList } },
  },
  'pages.get': {
    method: 'get',
    path: '/pages/{page_id}',
    summary: 'Get one page with every field',
    stability: 'stable',
    params: PageParams,
    responses: { 200: { description: 'The page.', schema: Page }, 404: { description: 'No such page.' } },
  },
  'pages.links': {
    method: 'get',
    path: '/pages/{page_id}/links',
    summary: 'A page’s outgoing or incoming links',
    stability: 'stable',
    params: PageParams,
    query: PageLinksQuery,
    responses: {
      200: { description: 'A page of links.', schema: PageLinks },
      404: { description: 'No such page.' },
    },
  },
  'pages.similar': {
    method: 'get',
    path: '/pages/{page_id}/similar',
    summary: 'The k pages of the same site nearest to this one by embedding',
    stability: 'stable',
    params: PageParams,
    query: SimilarQuery,
    responses: {
      200: {
        description: 'Nearest pages, most similar first; `score` is the cosine similarity.',
        schema: SimilarPages,
      },
      404: { description: 'No such page, or it has no embedding.' },
    },
  },
  'pages.search': {
    method: 'post',
    path: '/pages/embeddings/search',
    summary: 'Semantic search over page embeddings',
    description:
      'With `persona_context` the embedded text is `persona_context + "\\n\\n" + query`; `embedded_text` shows it. `score` is the cosine similarity in [-1, 1]. The search answers from whatever pages are embedded: while an embed job runs, `coverage` says how many pages are searchable so far, how many are ranked by their title and lead only, and about when the answer will be complete.',
    stability: 'stable',
    body: EmbeddingSearch,
    responses: {
      200: {
        description: 'Pages ranked by similarity, and how much of the site they cover.',
        schema: EmbeddingSearchResult,
      },
      404: { description: 'No site with that `site_id`.' },
      503: modelMissing,
    },
  },
  'pages.searchCoverage': {
    method: 'get',
    path: '/sites/{site_id}/search-coverage',
    summary: 'How much of the site a search covers now',
    description:
      'The `coverage` a search answers with, without searching: pages searchable so far, pages whose passages are pending, the embed jobs still at work and about how long they will take. Cheap enough to poll while an embed job runs.',
    stability: 'beta',
    params: SiteParams,
    responses: {
      200: { description: 'The site’s search coverage.', schema: SearchCoverage },
      404: { description: 'No such site.' },
    },
  },
  'pages.rebuildEmbeddings': {
    method: 'post',
    path: '/pages/embeddings/rebuild',
    summary: 'Embed the site’s pages whose text or model changed',
    stability: 'internal',
    job: true,
    body: EmbeddingsRebuild,
    responses: {
      202: {
        description: 'The queued embed job.',
        schema: JOB_SCHEMAS.embed,
      },
      404: { description: 'No such site.' },
      409: { description: 'A crawl or embedding of this site is queued or running.' },
      503: modelMissing,
    },
  },
});
