/**
 * The site health score, 0–100, counts the fixes the audit asks for, not the URLs it lists (docs/audit.md,
 * "The health score"): a fault of a template is one fix however many pages show it, and every other URL a check
 * lists is one more. Each check not muted takes away a part of what is left:
 *
 *     score = 100 × Π (1 − weight × fixes / (fixes + K)),   K = max(10, HTML pages / 10)
 *
 * rounded down, so only a site with nothing to fix scores 100. A check that needs as many fixes as a tenth of the
 * site's pages costs half its weight, none costs more than its weight, and checks compound instead of adding up
 * past zero. Because K grows with the site, the same share of
 * pages to fix costs the same on a small site and a large one, while a handful of new problems still shows: on
 * the PostgreSQL manual (1,169 pages, K = 116.9), eleven pages with a broken link take 4.3 % off whatever the
 * score was (its five template faults cost 1.6 % between them). Notices weigh nothing: worth knowing, not wrong.
 *
 * The score is monotone in the fixes: one more fix of any check, or one more check with fixes, never raises it.
 * (A finding that brings a template to 90 % of its pages merges that template's findings into one fix: fewer
 * fixes, and a higher score, because the work got smaller — docs/audit.md says so.)
 */
import type { Issue } from '../../schemas/audit.js';
import type { Priority, Severity } from '../../schemas/audit-terms.js';

export const SCORE_WEIGHTS: Record<Severity, Record<Priority, number>> = {
  issue: { high: 0.5, medium: 0.3, low: 0.15 },
  warning: { high: 0.3, medium: 0.15, low: 0.05 },
  notice: { high: 0, medium: 0, low: 0 },
};

/** K: the fixes that cost a check half its weight, a tenth of the site's HTML pages, and no fewer than this. */
export const MIN_HALF_WEIGHT_FIXES = 10;
export const HALF_WEIGHT_SHARE = 0.1;

export const halfWeightFixes = (htmlPages: number): number =>
  Math.max(MIN_HALF_WEIGHT_FIXES, HALF_WEIGHT_SHARE * htmlPages);

/** What one check takes away: its weight times fixes / (fixes + K). */
export function checkPenalty(
  issue: Pick<Issue, 'severity' | 'priority' | 'fixes'>,
  htmlPages: number,
): number {
  if (issue.fixes <= 0) return 0;
  return (
    (SCORE_WEIGHTS[issue.severity][issue.priority] * issue.fixes) / (issue.fixes + halfWeightFixes(htmlPages))
  );
}

/** The score of issues (each with its fixes) on a site of `htmlPages` HTML pages answering 200. */
export function healthScore(
  issues: readonly Pick<Issue, 'severity' | 'priority' | 'fixes' | 'muted'>[],
  htmlPages: number,
): number {
  let kept = 1;
  for (const i of issues) if (!i.muted) kept *= 1 - checkPenalty(i, htmlPages);
  // Rounded down, so 100 means nothing to fix (the epsilon keeps 0.57 × 100 from flooring to 56).
  return Math.floor(kept * 100 + 1e-9);
}
