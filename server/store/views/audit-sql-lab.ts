/**
 * The SQL of the rendered audit's checks — Page experience in the lab: paint, layout shift, blocking time, weight
 * (#36 §3) (schemas/audit-checks-lab.ts). Each reads `page_lab` (migration 37), so only rendered pages measured
 * with lab metrics on are listed; the evidence is the figure, its threshold and profile, and the elements.
 */
import type { SqlCheckId } from '../../schemas/audit-checks.js';
import { HTML_200, pageRow } from './audit-sql-fragments.js';

const evidence = (value: string, threshold: string, unit: string, elements: string) =>
  pageRow(`json_object('value', ${value}, 'threshold', ${threshold}, 'unit', '${unit}',
    'profile', l.profile, 'elements', json(${elements}), 'requests', l.requests,
    'incomplete', json(CASE WHEN l.incomplete THEN 'true' ELSE 'false' END))`);

const measured = (condition: string) =>
  `FROM page_lab l JOIN pages p ON p.id = l.page_id WHERE p.site_id = @site AND ${HTML_200} AND ${condition}`;

const lcpElement = `CASE WHEN l.lcp_element IS NULL THEN '[]' ELSE json_array(json_insert(l.lcp_element, '$.value', NULL)) END`;

export const LAB_SQL: Record<
  Extract<SqlCheckId, 'lcp_slow' | 'cls_high' | 'tbt_high' | 'page_weight_heavy'>,
  string
> = {
  lcp_slow: `${evidence('l.lcp_ms', '@audit_lcp_ms', 'ms', lcpElement)} ${measured('l.lcp_ms > @audit_lcp_ms')}`,
  cls_high: `${evidence('l.cls', '@audit_cls', 'score', 'l.shifts')} ${measured('l.cls > @audit_cls')}`,
  tbt_high: `${evidence('l.tbt_ms', '@audit_tbt_ms', 'ms', "'[]'")} ${measured('l.tbt_ms > @audit_tbt_ms')}`,
  page_weight_heavy: `${evidence('l.transfer_bytes', '@audit_page_weight_bytes', 'bytes', "'[]'")}
    ${measured('l.transfer_bytes > @audit_page_weight_bytes')}`,
};
