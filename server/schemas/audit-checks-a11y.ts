/**
 * The rendered audit's checks — Accessibility: axe-core's rules in the rendered page (#36 §2). One check a rule of
 * the WCAG 2.1 A and AA sets and of axe's best practices (audit-a11y-rules.ts, generated from axe-core's own
 * metadata), `a11y_<rule>` with `-` as `_`. Severity follows axe's impact: critical and serious failures are
 * issues, moderate ones warnings, minor ones notices; priority follows the same scale. Best-practice checks exist
 * always and list something only on pages checked with the crawl setting `accessibility_best_practices` on. The
 * few rules whose failures axe only reports for review (a duplicate id an ARIA attribute points at, no way to skip
 * repeated blocks) are run as ordinary rules and listed as warnings. The
 * SQL is in store/views/audit-sql-a11y.ts, the evidence shape in audit-evidence-a11y.ts.
 */
import type { CheckDef } from './audit-check-def.js';
import { A11Y_RULES } from './audit-a11y-rules.js';
import type { AxeImpact } from './a11y-scan.js';

export type A11yCheckId = keyof typeof A11Y_RULES;
export type A11yRule = (typeof A11Y_RULES)[A11yCheckId];

const SEVERITY = {
  critical: 'issue',
  serious: 'issue',
  moderate: 'warning',
  minor: 'notice',
} as const satisfies Record<AxeImpact, CheckDef['severity']>;
const PRIORITY = {
  critical: 'high',
  serious: 'high',
  moderate: 'medium',
  minor: 'low',
} as const satisfies Record<AxeImpact, CheckDef['priority']>;

/** Where the rule stands: its WCAG criteria and level, or that it is a best practice. */
function standing(r: A11yRule): string {
  if (r.set === 'best-practice')
    return 'An axe-core best practice, not a WCAG requirement; checked when the crawl setting `accessibility_best_practices` is on.';
  const criteria = r.wcag.length ? ` ${r.wcag.join(', ')}` : '';
  return `WCAG 2.1 level ${r.level}${criteria ? `, success criteri${r.wcag.length > 1 ? 'a' : 'on'}${criteria}` : ''}.`;
}

/** axe cannot be sure of these failures (it reports them for review): the audit lists them, as warnings. */
const REVIEW =
  ' axe-core cannot be sure of this failure by itself: it is listed as a warning for a person to confirm.';

const a11yCheck = (r: A11yRule) =>
  ({
    category: 'accessibility',
    severity: r.review ? 'warning' : SEVERITY[r.impact],
    priority: PRIORITY[r.impact],
    title: r.title,
    description: `${r.description}. ${standing(r)} axe-core rule \`${r.rule}\` (impact: ${r.impact}), run in the rendered page.${r.review ? REVIEW : ''} The evidence lists up to 10 failing elements: a CSS selector, their markup and what axe found wrong.`,
    evidence: 'axe_violation',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }) as const satisfies CheckDef;

export const A11Y_CHECKS = Object.fromEntries(
  Object.entries(A11Y_RULES).map(([id, r]) => [id, a11yCheck(r)]),
) as { [K in A11yCheckId]: ReturnType<typeof a11yCheck> & { thresholds?: readonly never[] } };
