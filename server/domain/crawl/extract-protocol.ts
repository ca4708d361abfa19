/** Messages between the crawl's extraction pool and its workers (extract-pool.ts, extract-worker.ts). */
import type { ExtractLimits } from '../extraction/extract-limits.js';
import type { ExtractRule } from '../extraction/extract-rule.js';
import type { ExtractValue } from '../../schemas/extraction.js';
import type { PageRecord } from './page-builder.js';
import type { RawPageJob, RawPageOutcome, RenderedPageJob } from './page-extraction.js';

/** A rule the watchdog stopped on a page: the job is sent again and that rule gets `error` instead of running. */
export interface RuleMark {
  page: number;
  rule: number;
  error: string;
}

/** Main-text rules over stored pages (`extract_apply`): one value list per page, in order. */
export interface ApplyJob {
  rules: ExtractRule[];
  texts: string[];
}

export interface RuleResult {
  value: ExtractValue;
  error: string | null;
}

interface Sent {
  id: number;
  limits: ExtractLimits;
  marks: RuleMark[];
  /** What the page at `from` used of its budget before a restart (its clock goes on from there). */
  pageSpentMs: number;
}

export type ExtractRequest = Sent &
  (
    | { kind: 'raw'; job: RawPageJob }
    | { kind: 'rendered'; job: RenderedPageJob }
    /** `texts` holds the pages from `from` on: the pages before it were answered before a restart. */
    | { kind: 'apply'; job: ApplyJob; from: number }
  );

export type ExtractResponse =
  | { id: number; ok: true; raw: RawPageOutcome }
  | { id: number; ok: true; record: PageRecord }
  /** One page of an apply job, posted as it finishes so a kill replays only from the page at fault. */
  | { id: number; ok: true; page: number; results: RuleResult[] }
  | { id: number; ok: true; done: true }
  | { id: number; ok: false; message: string };
