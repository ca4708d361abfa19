/** Semantic search, similar pages and the idea check. */
import { z } from 'zod';
import { Id } from './common.js';
import { PageSummary } from './pages.js';

export const ModelInfo = z.object({ name: z.string(), dim: z.number().int() });

export const EmbeddingSearch = z
  .strictObject({
    query: z.string().trim().min(1, 'is required').max(2000, 'is longer than 2000 characters'),
    persona_context: z.string().trim().max(4000, 'is longer than 4000 characters').optional(),
    site_id: Id.optional(),
    k: z.number().int().min(1).max(100).default(10),
  })
  .meta({ id: 'EmbeddingSearch' });
export type EmbeddingSearch = z.infer<typeof EmbeddingSearch>;

/** A page near a vector: `score` is the cosine of the page vector. */
export const PageHit = z.object({ page: PageSummary, score: z.number(), rank: z.number().int() });
/** Added to the contract's `{ page, score, rank }` so a result shows why the page matched. */
export const SearchPassage = z.object({ text: z.string(), score: z.number() }).nullable().meta({
  description:
    'The page’s passage nearest to the query (cosine), or null when the page has no text passages.',
});
export const SearchHit = PageHit.extend({ passage: SearchPassage });
export const EmbeddingSearchResult = z
  .object({ items: z.array(SearchHit), embedded_text: z.string(), model: ModelInfo })
  .meta({ id: 'EmbeddingSearchResult' });
export type EmbeddingSearchResult = z.infer<typeof EmbeddingSearchResult>;

export const SimilarQuery = z.strictObject({ k: z.coerce.number().int().min(1).max(100).default(10) });
export const SimilarPages = z
  .object({ items: z.array(PageHit), model: ModelInfo })
  .meta({ id: 'SimilarPages' });

export const EmbeddingsRebuild = z.strictObject({ site_id: Id }).meta({ id: 'EmbeddingsRebuild' });

export const IdeaCheck = z
  .strictObject({
    idea: z.string().trim().min(1, 'is required').max(10_000, 'is longer than 10000 characters'),
    persona_context: z.string().trim().max(4000, 'is longer than 4000 characters').optional(),
    site_id: Id.optional(),
    k: z.number().int().min(1).max(50).default(5),
  })
  .meta({ id: 'IdeaCheck' });
export type IdeaCheck = z.infer<typeof IdeaCheck>;

export const IdeaVerdict = z.enum(['covered', 'partially_covered', 'new']);
export const IdeaCheckResult = z
  .object({
    verdict: IdeaVerdict,
    score: z.number().meta({
      description:
        'The best passage similarity of the idea itself, which decides the verdict. A persona is left out of it: it describes the readers, not the topic.',
    }),
    persona_score: z.number().nullable().meta({
      description:
        'With a persona: the best passage similarity of the embedded text (persona and idea), which ranks `matches`; null without one.',
    }),
    matches: z.array(z.object({ page: PageSummary, score: z.number(), passage: z.string() })),
    embedded_text: z.string(),
    model: ModelInfo,
  })
  .meta({ id: 'IdeaCheckResult' });
export type IdeaCheckResult = z.infer<typeof IdeaCheckResult>;
