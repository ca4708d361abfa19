/** Health and application settings. */
import { z } from 'zod';

export const Health = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    db: z.object({ path: z.string(), schema_version: z.number().int() }),
    model: z.object({ name: z.string(), dim: z.number().int(), ready: z.boolean() }),
    chromium: z.object({ path: z.string().nullable() }),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof Health>;

/**
 * Application-wide settings (not per site). Later areas add their knobs here, with defaults, so that one
 * schema validates `PATCH /settings`, types the code and documents the API.
 */
export const AppSettingsShape = {
  proxy_allow_internal: z.boolean(),
  chromium_path: z.string().min(1).max(4096).nullable(),
  similarity_duplicate_jaccard: z.number().min(0).max(1),
  similarity_merge_reranker: z.number().min(0).max(1),
  similarity_related_reranker: z.number().min(0).max(1),
  idea_covered_score: z.number().min(-1).max(1),
  idea_partially_covered_score: z.number().min(-1).max(1),
  /** Which build of the embedding model runs: `q8` is smaller and faster, `fp32` the reference. */
  embedding_variant: z.enum(['fp32', 'q8']),
};

export const APP_SETTINGS_DEFAULTS: AppSettings = {
  proxy_allow_internal: false,
  chromium_path: null,
  similarity_duplicate_jaccard: 0.9,
  similarity_merge_reranker: 0.8,
  similarity_related_reranker: 0.6,
  idea_covered_score: 0.75,
  idea_partially_covered_score: 0.55,
  embedding_variant: 'fp32',
};

export const AppSettings = z.object(AppSettingsShape).meta({ id: 'AppSettings' });
export type AppSettings = z.infer<typeof AppSettings>;
export const AppSettingsPatch = z.strictObject(AppSettingsShape).partial().meta({ id: 'AppSettingsPatch' });
export type AppSettingsPatch = z.infer<typeof AppSettingsPatch>;
