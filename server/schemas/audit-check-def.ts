/**
 * What an audit check is (`CheckDef`), the thresholds checks read (each an app setting) and the populations their
 * shares are taken over: the terms every part of the catalogue is written in. The catalogue itself is
 * `CHECKS` (audit-checks.ts), assembled from its parts (the first audit's checks there, the second round's in
 * `audit-checks-*.ts`, one file an area), so that each part imports `check` from here and the catalogue imports
 * the parts, with no cycle.
 */
import { z } from 'zod';
import type { AuditCategory, EvidenceKind, Priority, Severity } from './audit-terms.js';

/** Audit thresholds, each an app setting (`PATCH /settings`) with its default. */
export const AUDIT_THRESHOLDS = {
  audit_title_max_chars: 60,
  audit_title_min_chars: 30,
  audit_meta_description_max_chars: 155,
  audit_meta_description_min_chars: 70,
  audit_h1_max_chars: 70,
  audit_thin_words: 200,
  audit_near_duplicate: 0.9,
  audit_slow_ms: 1000,
  audit_large_page_bytes: 1_048_576,
  audit_url_max_chars: 115,
  audit_max_depth: 4,
  audit_max_outlinks: 250,
  audit_outlier_similarity: 0.3,
  audit_image_max_bytes: 102_400,
  audit_image_alt_max_chars: 100,
  audit_soft_404_similarity: 0.85,
  audit_lcp_ms: 2500,
  audit_cls: 0.1,
  audit_tbt_ms: 300,
  audit_page_weight_bytes: 3 * 1024 * 1024,
} as const;
export type AuditThreshold = keyof typeof AUDIT_THRESHOLDS;

/** A whole number of `unit` from 0 to `max`. */
const count = (unit: string, max: number) =>
  z
    .number()
    .int(`must be a whole number of ${unit}`)
    .min(0)
    .max(max, `must be at most ${max.toLocaleString('en')} ${unit}`);
/** A share or a similarity, 0..1. */
const ratio = () => z.number().min(0).max(1);

/**
 * The thresholds as settings (`PATCH /settings`), each bounded by what its unit can mean: 1e308 characters or a
 * similarity of 1.5 was accepted and silently turned its check off. Maxima are the largest value still worth
 * setting, not a recommendation: crawls stop at 1,000 clicks deep, 300 s a response and 1 GiB a page (the crawl
 * settings' own maxima), so a threshold past those could never be crossed.
 */
export const AUDIT_THRESHOLD_SHAPE = {
  // A title or heading is a line, not a text: Google shows ~60 characters of a title.
  audit_title_max_chars: count('characters', 1000),
  audit_title_min_chars: count('characters', 1000),
  audit_meta_description_max_chars: count('characters', 2000),
  audit_meta_description_min_chars: count('characters', 2000),
  audit_h1_max_chars: count('characters', 1000),
  // More words than a long book's chapter is no longer "thin".
  audit_thin_words: count('words', 100_000),
  audit_near_duplicate: ratio(),
  audit_slow_ms: count('milliseconds', 300_000),
  audit_large_page_bytes: count('bytes', 1024 * 1024 * 1024),
  // Browsers and servers give up on URLs well before 64 KiB.
  audit_url_max_chars: count('characters', 65_536),
  audit_max_depth: count('clicks', 1000),
  audit_max_outlinks: count('links', 100_000),
  audit_outlier_similarity: ratio(),
  audit_image_max_bytes: count('bytes', 1024 * 1024 * 1024),
  // Alt text is stored up to 250 characters (image-collector.ts): a threshold past that never fires.
  audit_image_alt_max_chars: count('characters', 250),
  audit_soft_404_similarity: ratio(),
  // Lab figures (#36 §3): a page still painting or blocking after a render's longest timeout (300 s) never ends.
  audit_lcp_ms: count('milliseconds', 300_000),
  // Layout-shift scores have no upper bound, but past 10 every page that moves at all stays under it.
  audit_cls: z.number().min(0).max(10),
  audit_tbt_ms: count('milliseconds', 300_000),
  audit_page_weight_bytes: count('bytes', 1024 * 1024 * 1024),
} satisfies Record<AuditThreshold, z.ZodNumber>;
export type AuditThresholds = Record<AuditThreshold, number>;

/** Which URLs a check looks at: its share is its findings over these. */
export const POPULATIONS = [
  'internal_urls',
  'pages',
  'redirects',
  'html_pages',
  'indexable_pages',
  'embedded_pages',
] as const;
export type Population = (typeof POPULATIONS)[number];

export interface CheckDef {
  category: AuditCategory;
  severity: Severity;
  priority: Priority;
  title: string;
  description: string;
  evidence: EvidenceKind;
  /**
   * What decides the check: `sql`, one SELECT in `CHECK_SQL` (server/store/views/audit-sql.ts), which SQLite runs
   * straight into the findings; `code`, an entry of `CODE_CHECKS` (server/domain/audit/code-checks.ts), for what
   * needs a parser, a model or a whole-site comparison. The two maps are typed by this field.
   */
  evaluator: 'sql' | 'code';
  applies_to: Population;
  /** The settings the check reads, which its issue reports: a code check sees no others, a SQL check binds these. */
  thresholds?: readonly AuditThreshold[];
}

/** Keeps the literal types of an entry's evidence shape, evaluator and thresholds: its evaluator is typed by them. */
export const check = <
  E extends EvidenceKind,
  V extends CheckDef['evaluator'],
  T extends AuditThreshold = never,
>(
  def: Omit<CheckDef, 'thresholds'> & { evidence: E; evaluator: V; thresholds?: readonly T[] },
) => def;
