/** Semantic search, similar pages and the idea check. */
import { z } from 'zod';
import { Id } from './common.js';
import { PageSummary, PageTypeSchema, REFERENCE_PAGE_TYPES } from './pages.js';

export const ModelInfo = z.object({ name: z.string(), dim: z.number().int() });

/**
 * Which page types a search or an idea check may answer with (#33). An A–Z index or release notes mention every
 * subject without being about one, so by default they are left out; naming types here lists exactly those.
 */
export const ResultPageTypes = z
  .array(PageTypeSchema)
  .min(1)
  .optional()
  .meta({
    description: `Page types the results may be of. By default every type but ${REFERENCE_PAGE_TYPES.map((t) => `\`${t}\``).join(' and ')} (they mention every subject without being about one), and pages without a type; with this field, exactly the types named.`,
  });

export const EmbeddingSearch = z
  .strictObject({
    query: z.string().trim().min(1, 'is required').max(2000, 'is longer than 2000 characters'),
    persona_context: z.string().trim().max(4000, 'is longer than 4000 characters').optional(),
    site_id: Id.optional(),
    k: z.number().int().min(1).max(100).default(10),
    page_types: ResultPageTypes,
  })
  .meta({ id: 'EmbeddingSearch' });
export type EmbeddingSearch = z.infer<typeof EmbeddingSearch>;

/** A page near a vector: `score` is the cosine of the page vector. */
export const PageHit = z.object({ page: PageSummary, score: z.number(), rank: z.number().int() });
/** Added to the contract's `{ page, score, rank }` so a result shows why the page matched, and where. */
export const SearchPassage = z
  .object({
    text: z.string(),
    score: z.number(),
    highlights: z.array(z.tuple([z.number().int(), z.number().int()])).meta({
      description:
        '`[start, end)` offsets (UTF-16 code units) in `text` of the query’s words, matched case-insensitively after light English stemming, function words left out; empty when the passage shares no word with the query. Render `text` as text and mark these ranges.',
    }),
    heading: z.string().nullable().meta({
      description:
        'The heading of the section the passage lies in on its page (the nearest heading before it that has an anchor, else the nearest heading); null when none precedes it, or the page was crawled or embedded before sections were recorded.',
    }),
    url: z.string().meta({
      description:
        'Where the passage is: the page’s URL with `#anchor` of the section named by `heading` (the heading’s id, an id at its start, or the id of the element that opens its section), or the page’s URL when no heading before the passage has one.',
    }),
  })
  .nullable()
  .meta({
    description:
      'The page’s passage nearest to the query (cosine), or null when the page has no text passages.',
  });
export const SearchHit = PageHit.extend({ passage: SearchPassage });

const Count = z.number().int().min(0);
/**
 * How much of the site a search answer covers. An embed job makes every new page searchable by its title and
 * lead within a minute, then embeds passages for minutes more: results shown meanwhile are real but partial,
 * and a client (the UI's coverage line) says so with these figures.
 */
export const SearchCoverage = z
  .object({
    pages: Count.meta({
      description:
        'Pages a search covers once they are embedded: fetched, indexable HTML pages of the site (of every site without `site_id`).',
    }),
    searchable_pages: Count.meta({
      description:
        'Of those, the pages with a page vector, which the search ranks (a page embedded by its title and lead only counts).',
    }),
    passages_pending: Count.meta({
      description:
        'Searchable pages ranked by their title and lead only: their passages are not embedded yet, so their `passage` is null and their rank may still move.',
    }),
    embed_job_ids: z.array(z.number().int()).meta({
      description:
        'The queued or running embed jobs that will embed the rest; follow them on `GET /jobs/{job_id}` or `/events`. Empty when none is.',
    }),
    eta_seconds: z.number().min(0).nullable().meta({
      description:
        'About how many seconds until every passage is embedded, from the running embed job’s measured rate; null when complete, when the job is only queued, or before its rate is measured.',
    }),
    complete: z.boolean().meta({
      description:
        'True when no embed job is queued or running and no passage is pending: the answer is as full as the embeddings get. `searchable_pages` can stay below `pages` (pages with no title or text; pages crawled while the model was not built: `POST /pages/embeddings/rebuild`).',
    }),
  })
  .meta({ id: 'SearchCoverage' });
export type SearchCoverage = z.infer<typeof SearchCoverage>;

export const EmbeddingSearchResult = z
  .object({
    items: z.array(SearchHit),
    embedded_text: z.string(),
    model: ModelInfo,
    coverage: SearchCoverage,
  })
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
    page_types: ResultPageTypes,
  })
  .meta({ id: 'IdeaCheck' });
export type IdeaCheck = z.infer<typeof IdeaCheck>;

/** An idea check run as a job (`idea_check`) of the site in the path: the same fields but the site. */
export const IdeaCheckStart = IdeaCheck.omit({ site_id: true }).meta({ id: 'IdeaCheckStart' });
export type IdeaCheckStart = z.infer<typeof IdeaCheckStart>;

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
