/** Similarity pairs, clusters and the analysis request (`similarity` router). */
import { z } from 'zod';
import { Id, PaginationQuery, Timestamp, pageOf, repeatable } from './common.js';
import { PageSummary } from './pages.js';
import { AnalysisState } from './similarity-analysis.js';

export { AnalysisState };

export const OUTCOMES = ['duplicate', 'merge', 'related'] as const;
export const Outcome = z.enum(OUTCOMES);

/**
 * The rule that gave a pair its outcome (domain/similarity/merge-verdict.ts), each member's text what the API and
 * the UI say it means. A `merge` names the one subject the two pages share; a pair the passage score puts near a
 * merge and a rule keeps `related` names that rule.
 */
export const PAIR_RULES = {
  same_text: 'Duplicate: the two pages have the same main text.',
  near_same_text:
    'Duplicate: the two main texts are nearly the same word for word (shingle Jaccard at least the duplicate threshold).',
  mostly_same_text:
    'Merge: one page says almost nothing the other does not (most of its text is on the other word for word): one page written twice, wherever each sits and whatever its title.',
  same_title: 'Merge: the passages say the same specific things and the two titles name one subject.',
  same_queries:
    'Merge: the passages say the same specific things and Search Console shows both pages for the same searches.',
  shared_text:
    'Merge: the passages say the same specific things, and the two pages share text that no other page has.',
  score_only: 'Merge: the passage score alone decided (the subject checks are turned off).',
  hub_and_part:
    'Related, not a merge: one page is the other’s hub (it sits above it and links down to its parts); readers of the overview and of the part are served by different pages.',
  other_objects:
    'Related, not a merge: the titles name different code objects (sibling pages of a reference) and each page says things the other does not.',
  parallel_places:
    'Related, not a merge: the pages sit in different parts of the site and each says things the other does not (one feature documented for each of two parts).',
  other_subjects:
    'Related, not a merge: the titles name different subjects and each page says things the other does not.',
  below_merge: 'Related: the passages overlap enough to link the pages, not enough to merge them.',
} as const satisfies Record<string, string>;
export type PairRule = keyof typeof PAIR_RULES;
export const PairRuleSchema = z.enum(Object.keys(PAIR_RULES) as [PairRule, ...PairRule[]]).meta({
  id: 'SimilarityPairRule',
  description: `The rule that decided the outcome: ${Object.entries(PAIR_RULES)
    .map(([k, v]) => `\`${k}\` (${v})`)
    .join('; ')}`,
});

/**
 * Why one page of a pair (or a cluster) is the page to keep, strongest reason first
 * (domain/similarity/page-to-keep.ts). Never a child by accident: a tie falls to the page higher in the site.
 */
export const KEEP_REASONS = {
  canonical: 'The other page declares this one its canonical URL.',
  indexable: 'The other page is kept out of search (noindex, or canonicalised elsewhere).',
  hub: 'This page is the other’s hub: it sits above it and links down to its parts.',
  inlinks: 'More internal links point to it.',
  clicks: 'More Search Console clicks.',
  higher: 'Nothing else tells them apart, and its URL is higher in the site.',
  first: 'Nothing tells them apart: the one crawled first.',
} as const satisfies Record<string, string>;
export type KeepReason = keyof typeof KEEP_REASONS;
export const KeepReasonSchema = z.enum(Object.keys(KEEP_REASONS) as [KeepReason, ...KeepReason[]]).meta({
  id: 'SimilarityKeepReason',
  description: `Why this page is the one to keep: ${Object.entries(KEEP_REASONS)
    .map(([k, v]) => `\`${k}\` (${v})`)
    .join('; ')}`,
});
export const PageToKeep = z
  .object({
    page_id: z.number().int(),
    reason: KeepReasonSchema,
    detail: z.string().meta({ description: 'The reason with this pair’s figures, in a sentence.' }),
  })
  .meta({ id: 'SimilarityPageToKeep' });
export type PageToKeep = z.infer<typeof PageToKeep>;

/** Where on a page a link to the other page of a pair is: in its text, or only in its navigation. */
export const LinkPlace = z.enum(['text', 'navigation']).nullable().meta({
  description:
    '`text` when the page links to the other from its main content, `navigation` when only from its menus, header, footer, sidebar or pagination, null when it does not link to it.',
});

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
    rule: PairRuleSchema.nullable().meta({
      description:
        'The rule that decided the outcome (see SimilarityPairRule); null for pairs of an analysis made before rules were kept.',
    }),
    rule_detail: z.string().nullable().meta({
      description: 'The rule with this pair’s figures, in a sentence; null when `rule` is.',
    }),
    keep: PageToKeep.nullable().meta({
      description:
        'For a `duplicate` or `merge`: the page to keep (the other is merged into it or redirected to it) and why. Null for `related` pairs.',
    }),
    links: z
      .object({ a_to_b: LinkPlace, b_to_a: LinkPlace })
      .meta({ description: 'Whether each page already links to the other, and from where.' }),
    gsc_clicks: z.number().int().nullable().meta({
      description:
        'Search Console clicks of the two pages together over the synced period; null when the site has no Search Console data.',
    }),
    rank: z.number().meta({
      description:
        'Where the pair stands in what to act on, highest first (the default sort): duplicates (3–4), then merges (2–3), then duplicates and merges a canonical or noindex already settles (1–2), then related pairs (0–1). Within each, pairs whose overlap is more specific and whose pages get more Search Console clicks come first; a related pair counts for most when neither page links to the other yet, for half when only their navigation does, and for nothing when both link from their text.',
    }),
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
  '-rank',
  'rank',
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
  sort: z.enum(PAIR_SORTS).default('-rank').meta({
    description:
      'The order of the list; by default `-rank`: what is worth acting on first (duplicates, merges, then the related pairs most worth a link).',
  }),
};
export const PairListQuery = PaginationQuery.extend({ site_id: Id.optional(), ...pairFilters });
export type PairListQuery = z.infer<typeof PairListQuery>;
export const SitePairListQuery = PaginationQuery.extend(pairFilters);

export const PairList = pageOf(Pair).extend({
  analysis: AnalysisState.nullable().meta({
    description:
      'The analysis these pairs come from, when the list is of one site: when it ran and whether a crawl since has made it stale. Null for a list across sites, or a site never analysed.',
  }),
});

export const Cluster = z
  .object({
    id: z.number().int(),
    site_id: z.number().int(),
    size: z.number().int(),
    label: z.string(),
    representative_page: PageSummary.nullable(),
    representative_reason: PageToKeep.omit({ page_id: true }).nullable().meta({
      description:
        'Why the representative page is the page to keep; null for clusters of an analysis made before reasons were kept.',
    }),
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
