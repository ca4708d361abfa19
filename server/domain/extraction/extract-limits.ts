/**
 * The budgets every evaluation of custom extraction rules is held to (tester, crawl, `extract_apply`), read from
 * the app settings: an analyst's rule meets hostile pages, and a rule must never freeze or kill the app. Plain
 * data, so it crosses to the worker processes that run the rules.
 */
import type { AppSettings } from '../../schemas/system.js';

export interface ExtractLimits {
  /** One rule on one page. */
  ruleTimeoutMs: number;
  /** A page's parse and all its rules. */
  pageTimeoutMs: number;
  /** The heap of a worker that runs rules. */
  memoryMb: number;
  /** UTF-8 bytes of one stored value, of one rule's values on a page, of all rules' values on a page. */
  valueMaxBytes: number;
  ruleMaxBytes: number;
  pageMaxBytes: number;
}

export function extractLimits(s: AppSettings): ExtractLimits {
  return {
    ruleTimeoutMs: s.extraction_rule_timeout_ms,
    pageTimeoutMs: s.extraction_page_timeout_ms,
    memoryMb: s.extraction_memory_mb,
    valueMaxBytes: s.extraction_value_max_bytes,
    ruleMaxBytes: s.extraction_rule_max_bytes,
    pageMaxBytes: s.extraction_page_max_bytes,
  };
}
