/**
 * The site health score, 0–100: every check that found something takes away a part of what is left, in
 * proportion to its weight and to the share of the URLs it applies to that it lists:
 *
 *     score = 100 × Π (1 − weight × share)      over the checks not muted
 *
 * So one high-priority issue on every page costs half the score, the same issue on 10 % of pages 5 points, and
 * problems on different checks compound rather than add up past zero. Notices weigh nothing: they are worth
 * knowing, not wrong. Weights by severity and priority are below; `docs/audit.md` prints them.
 */
import type { Issue } from '../../schemas/audit.js';
import type { Priority, Severity } from '../../schemas/audit-terms.js';

export const SCORE_WEIGHTS: Record<Severity, Record<Priority, number>> = {
  issue: { high: 0.5, medium: 0.3, low: 0.15 },
  warning: { high: 0.3, medium: 0.15, low: 0.05 },
  notice: { high: 0, medium: 0, low: 0 },
};

export function healthScore(
  issues: readonly Pick<Issue, 'severity' | 'priority' | 'share' | 'muted'>[],
): number {
  let kept = 1;
  for (const i of issues) if (!i.muted) kept *= 1 - SCORE_WEIGHTS[i.severity][i.priority] * i.share;
  return Math.round(kept * 100);
}
