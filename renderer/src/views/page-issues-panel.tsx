/**
 * A page's findings in the latest audit, most urgent first: each check's marks and title (a link to all the URLs
 * of that check) with the evidence for this page in full.
 */
import { call } from '../api/call.js';
import { useSiteChanges } from '../api/events.js';
import type { Page } from '../api/types.js';
import { IssueMarks } from '../components/audit-marks.js';
import { ErrorNotice, Loading } from '../components/feedback.js';
import { useApi } from '../hooks/use-api.js';
import { useIssueCatalogue } from '../hooks/use-issue-catalogue.js';
import { fmtCount } from '../format.js';
import { links } from '../router.js';
import { EvidenceView } from './issue-evidence.js';

export function PageIssuesPanel({ page }: { page: Page }) {
  const siteId = page.site_id;
  const issues = useApi((signal) => call('audit.pageIssues', { page_id: page.id }, { signal }), [page.id]);
  useSiteChanges(siteId, ['audit'], issues.reload);
  const catalogue = useIssueCatalogue(siteId);
  const items = issues.data?.items ?? [];
  const open = items.filter((i) => !i.muted).length;
  return (
    <section className="panel page-issues" aria-labelledby="page-issues-title">
      <h2 id="page-issues-title">
        Issues{' '}
        {issues.data?.audited_at && (
          <span className="muted">
            · {fmtCount(open, 'check')} {open === 1 ? 'lists' : 'list'} this page
          </span>
        )}
      </h2>
      <ErrorNotice error={issues.error ?? catalogue.error} />
      {!issues.data && !issues.error && <Loading />}
      {issues.data && !issues.data.audited_at && (
        <p className="muted">
          The site has not been audited yet; the audit runs by itself after every crawl.
        </p>
      )}
      {issues.data?.audited_at && items.length === 0 && (
        <p className="muted">No check of the latest audit lists this page.</p>
      )}
      {items.length > 0 && (
        <ul className="page-issue-list">
          {items.map((finding) => {
            const kind = catalogue.data?.byCheck.get(finding.check)?.evidence;
            return (
              <li key={finding.check} className={`page-issue ${finding.muted ? 'is-muted' : ''}`}>
                <div className="page-issue-head">
                  <IssueMarks issue={finding} />
                  <a href={links.issue(siteId, finding.check)}>{finding.title}</a>
                </div>
                {kind && <EvidenceView kind={kind} evidence={finding.evidence} siteId={siteId} />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
