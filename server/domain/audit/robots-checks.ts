/**
 * `blocked_by_robots`: each internal URL a crawled page links to that robots.txt kept the crawl from, with the
 * rule that blocked it (read from the robots.txt the crawl kept for the URL's host, matched as the crawl matched
 * it) and the pages linking to it. Decided in code because the rule matching is robots-parser's.
 */
import type { EvidenceOf } from '../../schemas/audit-terms.js';
import type { NewFinding } from '../../store/repos/audit-repo.js';
import type { RobotsFileRow } from '../../store/repos/robots-files-repo.js';
import type { AuditInputsView } from '../../store/views/audit-inputs-view.js';
import { robotsRuleFor } from '../crawl/robots-rules.js';

/** The findings of `blocked_by_robots`; `robotsFile` answers the robots.txt the latest crawl kept for an origin. */
export function robotsFindings(
  inputs: AuditInputsView,
  siteId: number,
  robotsFile: (origin: string) => RobotsFileRow | null,
  userAgent: string,
): { blocked_by_robots: NewFinding[] } {
  const files = new Map<string, RobotsFileRow | null>();
  const out: NewFinding[] = [];
  for (const row of inputs.robotsBlocked(siteId)) {
    const origin = new URL(row.url).origin;
    if (!files.has(origin)) files.set(origin, robotsFile(origin));
    const file = files.get(origin) ?? null;
    const match = file ? robotsRuleFor(file, row.url, userAgent) : { line: null, rule: null };
    const evidence: EvidenceOf<'robots'> = {
      robots_url: file?.url ?? `${origin}/robots.txt`,
      line: match.line,
      rule: match.rule,
      linked_from: row.linked_from,
    };
    out.push({ url_id: row.id, url: row.url, page_id: null, evidence });
  }
  return { blocked_by_robots: out };
}
