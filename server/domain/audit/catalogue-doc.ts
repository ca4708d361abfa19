/**
 * The catalogue as Markdown, for docs/audit.md: the checks by category with severity, priority, what each lists
 * and its evidence, the thresholds with their defaults and ranges, and the health score's weights. The doc's generated part is
 * this text exactly (a test compares them), so it never drifts from the code.
 */
import { AUDIT_THRESHOLD_SHAPE, AUDIT_THRESHOLDS, CHECK_IDS, CHECKS } from '../../schemas/audit-checks.js';
import { AUDIT_CATEGORIES, PRIORITIES, SEVERITIES } from '../../schemas/audit-terms.js';
import { SCORE_WEIGHTS } from './health-score.js';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function catalogueMarkdown(): string {
  const out: string[] = [];
  const used = AUDIT_CATEGORIES.filter((c) => CHECK_IDS.some((id) => CHECKS[id].category === c));
  out.push(`${CHECK_IDS.length} checks in ${used.length} categories.`, '');
  for (const category of AUDIT_CATEGORIES) {
    const ids = CHECK_IDS.filter((id) => CHECKS[id].category === category);
    if (!ids.length) continue;
    out.push(`### ${category.replace(/_/g, ' ')}`, '');
    out.push('| check | severity | priority | title | applies to | evidence | thresholds |');
    out.push('|---|---|---|---|---|---|---|');
    for (const id of ids) {
      const c = CHECKS[id];
      out.push(
        `| \`${id}\` | ${c.severity} | ${c.priority} | ${cell(c.title)} | ${c.applies_to.replace(/_/g, ' ')} | ` +
          `${c.evidence} | ${(c.thresholds ?? []).map((t) => `\`${t}\``).join(', ')} |`,
      );
    }
    out.push('');
    for (const id of ids) out.push(`- **\`${id}\`**: ${CHECKS[id].description}`);
    out.push('');
  }
  out.push('### Thresholds', '', '| setting | default | accepted |', '|---|---|---|');
  for (const [k, v] of Object.entries(AUDIT_THRESHOLDS)) {
    const shape = AUDIT_THRESHOLD_SHAPE[k as keyof typeof AUDIT_THRESHOLDS];
    const range = `${shape.minValue} to ${shape.maxValue?.toLocaleString('en')}${shape.isInt ? ', whole numbers' : ''}`;
    out.push(`| \`${k}\` | ${v} | ${range} |`);
  }
  out.push(
    '',
    '### Health score weights',
    '',
    `| severity | ${PRIORITIES.join(' | ')} |`,
    '|---|---|---|---|',
  );
  for (const s of SEVERITIES)
    out.push(`| ${s} | ${PRIORITIES.map((p) => SCORE_WEIGHTS[s][p]).join(' | ')} |`);
  return `${out.join('\n')}\n`;
}
