/** Similarity pairs, clusters and the analysis request (`similarity` router). */
import { z } from 'zod';
import { Id, PaginationQuery, Timestamp, pageOf, repeatable } from './common.js';
import { PageSummary } from './pages.js';

export const OUTCOMES = ['duplicate', 'merge', 'related'] as const;
export const Outcome = z.enum(OUTCOMES);

const EvidencePassage = z.object({
  id: z.number().int(),
  text: z.string().meta({ description: 'The passage’s text, cut to 300 characters.' }),
});
export const PairEvidence = z
  .object({
    passage_a: EvidencePassage.meta({ description: 'A passage of page_a.' }),
    passage_b: EvidencePassage.meta({ description: 'Its most similar passage of page_b.' }),
    cosine: z.number(),
    weight: z.number().meta({
      description:
        'How specific the match is to this pair, in (0, 1]: 1 when no other candidate page matches the passage as well, 1/(1 + n) when n others do (text shared by a whole template counts for little).',
    }),
    share: z.number().meta({ description: 'This match’s part of the raw score (before mapping to [0, 1]).' }),
  })
  .meta({ id: 'SimilarityPairEvidence' });
export type PairEvidence = z.infer<typeof PairEvidence>;

export const Pair = z
  .object({
    id: z.number().int(),
    site_id: z.number().int(),
    page_a: PageSummary,
    page_b: PageSummary,
    cosine: z.number().nullable().meta({
      description:
        'Cosine of the two pages’ embeddings, in [-1, 1]; null when either page has no embedding (only indexable pages are embedded, so a `duplicate` found by its text alone, such as a canonicalised copy, can have none). `min_cosine` leaves such pairs out and a `cosine` sort lists them last.',
    }),
    reranker: z.number(),
    jaccard: z.number(),
    outcome: Outcome,
    shared_queries: z.number().int(),
    evidence: z.array(PairEvidence).meta({
      description:
        'Why the pages were paired: the passage matches that counted most, best first. Empty for pairs found by their text alone (duplicates), scored by a cross-encoder, or from an analysis made before evidence was kept.',
    }),
    analyzed_at: Timestamp,
  })
  .meta({ id: 'SimilarityPair' });
export type Pair = z.infer<typeof Pair>;

export const PAIR_SORTS = [
  'id',
  'reranker',
  '-reranker',
  'cosine',
  '-cosine',
  'jaccard',
  '-jaccard',
] as const;
const pairFilters = {
  outcome: repeatable(Outcome).optional(),
  min_reranker: z.coerce.number().min(0).max(1).optional(),
  min_cosine: z.coerce.number().min(-1).max(1).optional().meta({
    description: 'Only pairs with a known cosine at least this; pairs whose cosine is null are left out.',
  }),
  page_id: Id.optional(),
  sort: z.enum(PAIR_SORTS).default('-reranker'),
};
export const PairListQuery = PaginationQuery.extend({ site_id: Id.optional(), ...pairFilters });
export type PairListQuery = z.infer<typeof PairListQuery>;
export const SitePairListQuery = PaginationQuery.extend(pairFilters);
export const PairList = pageOf(Pair);

export const Cluster = z
  .object({
    id: z.number().int(),
    site_id: z.number().int(),
    size: z.number().int(),
    label: z.string(),
    representative_page: PageSummary.nullable(),
    pages: z.array(z.object({ page: PageSummary, score: z.number() })),
    mean_reranker: z.number(),
  })
  .meta({ id: 'SimilarityCluster' });
export type Cluster = z.infer<typeof Cluster>;
export const ClusterListQuery = PaginationQuery.extend({
  site_id: Id.optional(),
  min_size: z.coerce.number().int().min(2).max(100_000).default(2),
});
export const ClusterList = pageOf(Cluster);
export const ClusterParams = z.strictObject({ cluster_id: Id });

export const AnalyzeRequest = z
  .strictObject({
    site_id: Id,
    thresholds: z
      .strictObject({
        duplicate_jaccard: z.number().min(0).max(1).optional(),
        merge_reranker: z.number().min(0).max(1).optional(),
        related_reranker: z.number().min(0).max(1).optional(),
        subject_agreement: z.number().min(0).max(1).optional(),
        query_agreement: z.number().min(0).max(1).optional(),
      })
      .optional(),
  })
  .meta({ id: 'SimilarityAnalyze' });
export type AnalyzeRequest = z.infer<typeof AnalyzeRequest>;
