/** `similarity` operations: the analysis job, its pairs (also per site, for merge overlays) and its clusters. */
import { JOB_SCHEMAS } from '../schemas/jobs.js';
import {
  AnalyzeRequest,
  Cluster,
  ClusterList,
  ClusterListQuery,
  ClusterParams,
  PairList,
  PairListQuery,
  SitePairListQuery,
} from '../schemas/similarity.js';
import { SiteParams } from '../schemas/sites.js';

import { defineOperations } from './operation.js';

export const similarityOperations = defineOperations({
  'similarity.analyze': {
    method: 'post',
    path: '/similarity/analyze',
    summary: 'Analyse a site for duplicate and overlapping pages',
    description:
      'Candidates come from content hashes, MinHash bands and the k nearest pages by embedding; each is scored by the passage reranker. The new analysis replaces the old one atomically.',
    stability: 'internal',
    job: true,
    body: AnalyzeRequest,
    responses: {
      202: {
        description: 'The queued analysis job.',
        schema: JOB_SCHEMAS.similarity,
      },
      404: { description: 'No such site.' },
      409: {
        description:
          'A crawl, embedding or analysis of this site is queued or running, or an embed job left pages without their passages (rebuild the embeddings first).',
      },
    },
  },
  'similarity.pairs': {
    method: 'get',
    path: '/similarity/pairs',
    summary: 'Similar page pairs of the current analyses',
    description:
      'By default in the order of what to act on (`-rank`): duplicates, then merges (each with the page to keep and why), then the related pairs most worth a link. Each pair names the rule that decided its outcome. With `site_id`, `analysis` says when the pairs were found and whether a crawl since has made them stale.',
    stability: 'stable',
    query: PairListQuery,
    responses: { 200: { description: 'A page of pairs.', schema: PairList } },
  },
  'similarity.sitePairs': {
    method: 'get',
    path: '/sites/{site_id}/similarity-pairs',
    summary: 'A site’s similar page pairs, for merge overlays',
    description:
      'As `GET /similarity/pairs` for one site: by default what to act on first, and `analysis` saying whether a crawl since the analysis has made the pairs stale.',
    stability: 'stable',
    params: SiteParams,
    query: SitePairListQuery,
    responses: {
      200: { description: 'A page of pairs.', schema: PairList },
      404: { description: 'No such site.' },
    },
  },
  'similarity.clusters': {
    method: 'get',
    path: '/similarity/clusters',
    summary: 'Clusters of pages that could be one page',
    stability: 'stable',
    query: ClusterListQuery,
    responses: { 200: { description: 'A page of clusters.', schema: ClusterList } },
  },
  'similarity.cluster': {
    method: 'get',
    path: '/similarity/clusters/{cluster_id}',
    summary: 'One cluster with its pages',
    stability: 'stable',
    params: ClusterParams,
    responses: {
      200: { description: 'The cluster.', schema: Cluster },
      404: { description: 'No such cluster.' },
    },
  },
});
