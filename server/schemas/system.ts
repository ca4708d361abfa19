/** Health and application settings. */
import { AUDIT_THRESHOLDS, AUDIT_THRESHOLD_SHAPE } from './audit-checks.js';
import { GENERIC_ANCHOR_TEXTS, GenericAnchorTexts } from './audit-checks-page-links.js';
import { z } from 'zod';

export const Health = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    db: z.object({ path: z.string(), schema_version: z.number().int() }),
    model: z.object({ name: z.string(), dim: z.number().int(), ready: z.boolean() }),
    chromium: z.object({ path: z.string().nullable() }),
    proof: z.string().optional().meta({
      description:
        'Present when `challenge` was given: hex HMAC-SHA256, keyed with the API token, of `siteloupe-server-proof/1`, the server’s process id and the challenge, one per line. A local client that knows the token (`siteloupe mcp`) checks it before sending the token, so a stranger on a stale port never receives it.',
    }),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof Health>;

/** Not strict: monitors add their own cache-busting parameters to a health check. */
export const HealthQuery = z.object({
  challenge: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/)
    .optional()
    .meta({
      description:
        'A fresh random nonce (16–128 base64url characters) the server proves it holds the token with.',
    }),
});
export type HealthQuery = z.infer<typeof HealthQuery>;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * A Search Console endpoint: the sync sends refresh tokens and signed JWTs there, so plain http is only for a
 * server on this machine (the tests' fake Search Console).
 */
const GscEndpointUrl = z
  .url({ protocol: /^https?$/, abort: true })
  .max(2048)
  .refine(
    (u) => {
      const url = new URL(u);
      return url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname);
    },
    { message: 'must be an https URL; http is allowed only for 127.0.0.1, ::1 and localhost' },
  );

/**
 * Application-wide settings (not per site). Later areas add their knobs here, with defaults, so that one
 * schema validates `PATCH /settings`, types the code and documents the API.
 */
export const AppSettingsShape = {
  proxy_allow_internal: z.boolean(),
  /**
   * Lets crawls reach addresses they are kept from: link-local ones (169.254.0.0/16, fe80::/10, where cloud
   * machines serve metadata and credentials), the unspecified address, and this app's own port.
   */
  crawl_allow_restricted_addresses: z.boolean(),
  /** Crawl snapshots kept per site for comparisons; older ones are folded away at the next crawl. */
  keep_crawls: z.number().int().min(2).max(1000),
  /**
   * Which changes after a scheduled crawl make a notice: `important` (new high-priority issues, status changes
   * of indexable pages, removed pages), `all`, or `off`.
   */
  change_notices: z.enum(['important', 'all', 'off']),
  chromium_path: z.string().min(1).max(4096).nullable().meta({
    description:
      'The Chromium or Chrome binary to run: an absolute path to an existing executable file (checked when set); null looks for one on PATH and in the usual places.',
  }),
  similarity_duplicate_jaccard: z.number().min(0).max(1),
  similarity_merge_reranker: z.number().min(0).max(1),
  similarity_related_reranker: z.number().min(0).max(1),
  /**
   * How much of the lighter title's distinctive words the other page's title must name for a `merge` (pages of
   * one template name different things); text only the two pages share also counts. 0 turns the check off, and
   * with it the refusal of parallel pages (sibling code objects, one title in two parts of a site).
   */
  similarity_subject_agreement: z.number().min(0).max(1),
  /**
   * With Search Console data synced: how far two pages must be shown for the same specific searches (the overlap
   * of their impressions over queries, 0..1) for that to name their subject for a `merge`, whatever their
   * titles say. 0 turns it off.
   */
  similarity_query_agreement: z.number().min(0).max(1),
  /**
   * A cross-encoder model folder (transformers.js layout: config.json, tokenizer.json, onnx/model.onnx) that
   * replaces the passage reranker in similarity analyses; null keeps the passage reranker.
   */
  similarity_cross_encoder_dir: z.string().min(1).max(4096).nullable(),
  idea_covered_score: z.number().min(-1).max(1),
  idea_partially_covered_score: z.number().min(-1).max(1),
  /** Which build of the embedding model runs: `q8` is smaller and faster, `fp32` the reference. */
  embedding_variant: z.enum(['fp32', 'q8']),
  /** Where the Search Console client sends its requests; tests point it at a local server. */
  gsc_api_root: GscEndpointUrl,
  /** Google's OAuth token endpoint (service-account JWT exchange and refresh-token grant). */
  gsc_token_url: GscEndpointUrl,
  /** Rows per Search Console request (the API's maximum is 25,000). */
  gsc_row_limit: z.number().int().min(1).max(25_000),
  /**
   * Custom extraction (tester, crawl, `extract_apply`) runs in worker threads held to these budgets: one rule on
   * one page may take `extraction_rule_timeout_ms`; a page's parse and all its rules `extraction_page_timeout_ms`;
   * a worker's heap is capped at `extraction_memory_mb`. A rule over a budget is reported for that page and rule.
   */
  extraction_rule_timeout_ms: z.number().int().min(10).max(600_000),
  extraction_page_timeout_ms: z.number().int().min(100).max(3_600_000),
  extraction_memory_mb: z.number().int().min(64).max(16_384),
  /**
   * Bytes (UTF-8) stored for one extracted value, for all of one rule's values on a page, and for all rules'
   * values of a page; a value cut to fit says so in its text.
   */
  extraction_value_max_bytes: z.number().int().min(64).max(10_000_000),
  extraction_rule_max_bytes: z.number().int().min(64).max(50_000_000),
  extraction_page_max_bytes: z.number().int().min(256).max(100_000_000),
  ...AUDIT_THRESHOLD_SHAPE,
  /** Anchor texts that say nothing of their target (`anchor_text_non_descriptive`). */
  audit_anchor_text_generic: GenericAnchorTexts,
};

export const APP_SETTINGS_DEFAULTS: AppSettings = {
  proxy_allow_internal: false,
  crawl_allow_restricted_addresses: false,
  keep_crawls: 20,
  change_notices: 'important',
  chromium_path: null,
  similarity_duplicate_jaccard: 0.9,
  similarity_merge_reranker: 0.8,
  similarity_related_reranker: 0.6,
  similarity_subject_agreement: 0.8,
  similarity_query_agreement: 0.5,
  similarity_cross_encoder_dir: null,
  // Calibrated on 48 labelled ideas on three real sites, checked on 24 more (bench/semantic-eval.ts,
  // docs/benchmarks.md "Semantic verdicts"); the thresholds written before any measurement were 0.75 / 0.55.
  idea_covered_score: 0.52,
  idea_partially_covered_score: 0.47,
  // int8: 1.4× faster than fp32 through the embed job with every figure of the semantic evaluation within 0.02
  // (docs/benchmarks.md "Embedding a real site"); databases that hold fp32 vectors keep fp32 (migration 26).
  embedding_variant: 'q8',
  gsc_api_root: 'https://searchconsole.googleapis.com/',
  gsc_token_url: 'https://oauth2.googleapis.com/token',
  gsc_row_limit: 25_000,
  // A selector that takes more than 2 s on one page is pathological (the review's took minutes); 15 s covers a
  // 10 MB page's parse with a dozen rules.
  extraction_rule_timeout_ms: 2_000,
  extraction_page_timeout_ms: 15_000,
  extraction_memory_mb: 512,
  extraction_value_max_bytes: 4_096,
  extraction_rule_max_bytes: 32_768,
  extraction_page_max_bytes: 131_072,
  ...AUDIT_THRESHOLDS,
  audit_anchor_text_generic: [...GENERIC_ANCHOR_TEXTS],
};

export const AppSettings = z.object(AppSettingsShape).meta({ id: 'AppSettings' });
export type AppSettings = z.infer<typeof AppSettings>;
export const AppSettingsPatch = z.strictObject(AppSettingsShape).partial().meta({ id: 'AppSettingsPatch' });
export type AppSettingsPatch = z.infer<typeof AppSettingsPatch>;
