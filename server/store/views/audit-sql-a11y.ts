/**
 * The SQL of the rendered audit's checks — Accessibility (schemas/audit-checks-a11y.ts): one SELECT a rule over
 * `page_a11y` (migration 0036), which holds what axe-core found in each rendered page, one row a failing rule.
 * Its (rule, page_id) index makes each check a range read of that rule's pages, however many rules and pages the
 * site has. Pages no render checked (a crawl without rendering, no accessibility job yet) have no rows: the
 * checks list nothing for them rather than guess.
 */
import type { SqlCheckId } from '../../schemas/audit-checks.js';
import { A11Y_RULES } from '../../schemas/audit-a11y-rules.js';
import type { A11yCheckId } from '../../schemas/audit-checks-a11y.js';
import { HTML_200, pageRow } from './audit-sql-fragments.js';

/** Rule ids and criteria come from the generated rule table (letters, digits, dashes and dots), never input. */
const ruleSql = (id: A11yCheckId) => {
  const r = A11Y_RULES[id];
  const wcag = `json_array(${r.wcag.map((c) => `'${c}'`).join(', ')})`;
  return `${pageRow(`json_object('rule', a.rule, 'impact', a.impact, 'wcag', ${wcag}, 'count', a.count,
      'nodes', json(a.nodes))`)}
    FROM page_a11y a JOIN pages p ON p.id = a.page_id
    WHERE a.rule = '${r.rule}' AND p.site_id = @site AND ${HTML_200}`;
};

export const A11Y_SQL = Object.fromEntries(
  (Object.keys(A11Y_RULES) as A11yCheckId[]).map((id) => [id, ruleSql(id)]),
) as Record<Extract<SqlCheckId, A11yCheckId>, string>;
