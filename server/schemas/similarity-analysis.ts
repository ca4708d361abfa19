/**
 * The state of a site's similarity analysis, on its own so that the site resource can carry it without importing
 * the pair schemas (and through them pages and crawl settings, which import sites).
 */
import { z } from 'zod';
import { Timestamp } from './common.js';

/**
 * A site's current analysis and whether it still describes the site: a crawl that finished after it may have
 * changed pages, text and links, so its pairs are stale until the analysis runs again (by itself after the
 * crawl's embeddings, on a site that has had one: jobs/follow-ups.ts).
 */
export const AnalysisState = z
  .object({
    run_id: z.number().int(),
    analyzed_at: Timestamp,
    reranker: z.string().meta({ description: 'The scorer that scored the pairs.' }),
    stale: z.boolean().meta({ description: 'Whether the site was crawled again after this analysis.' }),
    reason: z
      .string()
      .nullable()
      .meta({ description: 'Why it is stale, in a sentence; null when it is not.' }),
    last_crawl_at: Timestamp.nullable().meta({
      description: 'When the site’s last successful crawl finished.',
    }),
    rerun_job_id: z.number().int().nullable().meta({
      description:
        'The analysis job queued or running for the site (the rerun), or the embed job the rerun waits for; null when none is.',
    }),
  })
  .meta({ id: 'SimilarityAnalysisState' });
export type AnalysisState = z.infer<typeof AnalysisState>;
