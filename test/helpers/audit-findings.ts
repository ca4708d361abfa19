/**
 * An audit check's findings with their evidence typed by the shape the check's catalogue entry names: the API
 * types every finding's evidence as one of all the shapes, so a test that reads `targets` or `blocks` would
 * otherwise restate the shape; here it is parsed by the catalogue's own schema, and a renamed evidence field
 * fails to compile.
 */
import type { z } from 'zod';
import type { CallArgs } from '../../server/contract/index.js';
import { CHECKS, type CheckEvidence, type CheckId } from '../../server/schemas/audit-checks.js';
import { EVIDENCE } from '../../server/schemas/audit-terms.js';
import type { Finding } from '../../server/schemas/audit.js';
import type { TestApp } from './test-app.js';

export type FindingOf<C extends CheckId> = Omit<Finding, 'evidence'> & { evidence: CheckEvidence<C> };

/** A finding of `check`, its evidence parsed by the check's evidence schema. */
export function findingOf<C extends CheckId>(check: C, finding: Finding): FindingOf<C> {
  // CheckEvidence<C> is defined as this schema's output; the compiler cannot index the catalogue by a generic key.
  const schema = EVIDENCE[CHECKS[check].evidence] as unknown as z.ZodType<CheckEvidence<C>>;
  return { ...finding, evidence: schema.parse(finding.evidence) };
}

/** Every finding of `check` on the site, page after page. */
export async function findingsOf<C extends CheckId>(
  t: TestApp,
  siteId: number,
  check: C,
  limit = 100,
): Promise<FindingOf<C>[]> {
  const args: CallArgs<'audit.findings'> = { site_id: siteId, check, limit };
  const findings = await t.callAll('audit.findings', args);
  return findings.map((f) => findingOf(check, f));
}
