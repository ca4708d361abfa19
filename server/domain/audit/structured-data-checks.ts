/**
 * `structured_data_invalid`: each HTML page whose JSON-LD Google would reject, with the blocks at fault (the
 * rules are in json-ld-validation.ts and rich-results.ts). Decided in code: the blocks are parsed and walked.
 */
import type { CheckId } from '../../schemas/audit-checks.js';
import type { NewFinding } from '../../store/repos/audit-repo.js';
import type { AuditInputsView } from '../../store/views/audit-inputs-view.js';
import { checkJsonLd } from './json-ld-validation.js';

export function structuredDataFindings(
  inputs: AuditInputsView,
  siteId: number,
): Partial<Record<CheckId, NewFinding[]>> {
  const findings: NewFinding[] = [];
  for (const page of inputs.jsonLd(siteId)) {
    const blocks = checkJsonLd(page.json_ld);
    if (blocks.length > 0)
      findings.push({ url_id: page.id, url: page.url, page_id: page.id, evidence: { blocks } });
  }
  return { structured_data_invalid: findings };
}
