/**
 * One audit check: why it matters and how to fix it, the thresholds it used, mute or unmute, then its fixes —
 * each template that carries it first ("fix once in the template: 1,169 pages", with the template and an example
 * page), then the pages that are fixes of their own — and every URL it lists (a virtualised table, loaded as it
 * scrolls) with its page's title beside its path and a line of evidence; choosing a URL shows its evidence in full
 * beside the table, its linking pages and targets opening into their page details.
 */
import { useMemo, useState } from 'react';
import { call } from '../api/call.js';
import { useSiteChanges } from '../api/events.js';
import type { Finding, Issue } from '../api/types.js';
import { AUDIT_CATEGORY_LABELS } from '../api/value-lists.js';
import { IssueMarks } from '../components/audit-marks.js';
import { CodeText } from '../components/code-text.js';
import { ExportButton } from '../components/export-button.js';
import { Stat, Tabs } from '../components/controls.js';
import { EmptyState, ErrorNotice, Loading } from '../components/feedback.js';
import { VirtualTable, type Column } from '../components/virtual-table.js';
import { useAction } from '../hooks/use-api.js';
import { useIssueCatalogue } from '../hooks/use-issue-catalogue.js';
import { pagedRows, usePagedList } from '../hooks/use-paged-list.js';
import { fmtCount, fmtInt, fmtShare, siteUrl, words } from '../format.js';
import { links } from '../router.js';
import { useSiteOrigin } from '../sites-context.js';
import { EvidenceView } from './issue-evidence.js';
import { UrlRef } from './issue-evidence-parts.js';
import { evidenceSummary } from './issue-evidence-text.js';

export function IssueView({ siteId, check }: { siteId: number; check: string }) {
  const catalogue = useIssueCatalogue(siteId);
  const issue = catalogue.data?.byCheck.get(check);
  return (
    <section className="view view-fill">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <a href={links.site(siteId, 'issues')}>Issues</a> <span aria-hidden="true">›</span>{' '}
        <span>{issue?.title ?? check}</span>
      </nav>
      <ErrorNotice error={catalogue.error} />
      {!catalogue.data && !catalogue.error && <Loading />}
      {catalogue.data && !issue && (
        <EmptyState title={`The audit has no check named ${check}.`}>
          <a href={links.site(siteId, 'issues')}>See the site’s issues</a>
        </EmptyState>
      )}
      {issue && (
        <IssueDetail
          siteId={siteId}
          issue={issue}
          audited={catalogue.data?.audited_at ?? null}
          onMuted={catalogue.reload}
        />
      )}
    </section>
  );
}

function IssueDetail(props: { siteId: number; issue: Issue; audited: string | null; onMuted: () => void }) {
  const { siteId, issue } = props;
  // Mutes (or unmutes) the check for the site; answers the issue as it now is.
  const mute = useAction((muted: boolean) =>
    call(muted ? 'audit.mute' : 'audit.unmute', { site_id: siteId, check: issue.check }),
  );
  const thresholds = Object.entries(issue.thresholds);
  return (
    <>
      <header className="view-header">
        <div className="issue-head">
          <h1>{issue.title}</h1>
          <p className="issue-meta">
            <IssueMarks issue={issue} />
            <span className="muted">
              {AUDIT_CATEGORY_LABELS[issue.category]} · <code>{issue.check}</code>
            </span>
          </p>
          <p className="issue-description">
            <CodeText text={issue.description} />
          </p>
        </div>
        <button
          type="button"
          className="btn"
          disabled={mute.busy}
          onClick={async () => {
            if (await mute.run(!issue.muted)) props.onMuted();
          }}
        >
          {issue.muted ? 'Unmute this check' : 'Mute this check'}
        </button>
      </header>
      <ErrorNotice error={mute.error} />
      {issue.muted && (
        <div className="notice notice-muted" role="status">
          Muted: the check still runs and lists its URLs, but it leaves the health score and the issues it
          counts.
        </div>
      )}
      <div className="stat-row panel">
        <Stat
          label="fixes"
          value={fmtInt(issue.fixes)}
          hint="A template that carries the finding on at least 90 % of its pages is one fix; every other URL is one."
        />
        <Stat label="URLs" value={fmtInt(issue.urls)} />
        <Stat label="of the URLs it looks at" value={fmtShare(issue.share)} />
        {thresholds.map(([name, value]) => (
          <Stat
            key={name}
            label={words(name.replace(/^audit_/, ''))}
            value={fmtInt(value)}
            hint={`The setting ${name} (PATCH /settings); Run audit applies a change.`}
          />
        ))}
      </div>
      {props.audited === null ? (
        <EmptyState title="This site has not been audited yet.">
          <p>The audit runs by itself after every crawl.</p>
        </EmptyState>
      ) : (
        <>
          <Fixes siteId={siteId} issue={issue} />
          <Findings siteId={siteId} issue={issue} />
        </>
      )}
    </>
  );
}

/** The URLs that are fixes of their own: those no template fix covers. */
const singlePages = (issue: Issue) => issue.urls - issue.templates.reduce((n, t) => n + t.urls, 0);

/** The issue's fixes, template fixes first: what to change once, then how many pages to change one by one. */
function Fixes({ siteId, issue }: { siteId: number; issue: Issue }) {
  if (issue.urls === 0) return null;
  const single = singlePages(issue);
  return (
    <section className="panel issue-fixes" aria-label="Fixes">
      <h2>
        {fmtCount(issue.fixes, 'fix', 'fixes')} for {fmtCount(issue.urls, 'URL')}
      </h2>
      <ol className="fix-list">
        {issue.templates.map((t) => (
          <li key={t.template_id} className="fix-template">
            <strong>Fix once in the template: {fmtCount(t.urls, 'page')}</strong>{' '}
            <span className="muted">
              of its {fmtInt(t.pages)} · {t.label}
            </span>
            <span className="fix-example">
              e.g. <UrlRef url={t.example_url} pageId={null} siteId={siteId} />
            </span>
          </li>
        ))}
        {single > 0 && (
          <li className="fix-single">
            <strong>
              {issue.templates.length ? 'Then ' : ''}
              {fmtCount(single, 'URL')}, each a fix of its own
            </strong>{' '}
            <span className="muted">(listed below{issue.templates.length ? ', first' : ''})</span>
          </li>
        )}
      </ol>
    </section>
  );
}

type Shown = 'single' | 'template' | 'all';
const SHOWN_LABELS: Record<Shown, string> = {
  single: 'Fixes of their own',
  template: 'In template fixes',
  all: 'All URLs',
};

function Findings({ siteId, issue }: { siteId: number; issue: Issue }) {
  // With template fixes, the pages to fix one by one come first: the template's are fixed at once.
  const tabs = (['single', 'template', 'all'] as const)
    .filter((v) => issue.templates.length > 0 || v === 'all')
    .filter((v) => v !== 'single' || singlePages(issue) > 0);
  const [shown, setShown] = useState<Shown>(tabs[0] ?? 'all');
  const list = usePagedList(
    (cursor, signal) =>
      call(
        'audit.findings',
        {
          site_id: siteId,
          check: issue.check,
          cursor,
          limit: 500,
          ...(shown === 'all' ? {} : { in_template: shown === 'template' }),
        },
        { signal },
      ),
    [siteId, issue.check, shown],
  );
  useSiteChanges(siteId, ['audit'], list.reload);
  const [chosen, setChosen] = useState<string>();
  const origin = useSiteOrigin(siteId);
  const finding = list.items.find((f) => f.url === chosen);
  const columns = useMemo<Column<Finding>[]>(
    () => [
      {
        key: 'url',
        header: 'Page',
        width: 'minmax(0, 2fr)',
        render: (f) => (
          <span className="finding-page">
            <UrlRef url={f.url} pageId={f.page_id} siteId={siteId} />
            {f.title && <span className="finding-title">{f.title}</span>}
          </span>
        ),
        title: (f) => (f.title ? `${f.url} — ${f.title}` : f.url),
      },
      {
        key: 'fix',
        header: 'Fix',
        width: '7rem',
        render: (f) => (f.template_id === null ? 'this page' : 'in template'),
        title: (f) =>
          f.template_id === null
            ? 'A fix of its own'
            : (issue.templates.find((t) => t.template_id === f.template_id)?.label ?? 'A template fix'),
      },
      {
        key: 'evidence',
        header: 'Evidence',
        width: 'minmax(0, 3fr)',
        render: (f) => evidenceSummary(issue.evidence, f.evidence, (u) => siteUrl(u, origin)),
        title: (f) => evidenceSummary(issue.evidence, f.evidence, (u) => u),
      },
    ],
    [siteId, issue.evidence, issue.templates, origin],
  );
  return (
    <div className="issue-findings">
      <div className="issue-findings-table">
        <div className="issue-findings-bar">
          {tabs.length > 1 && (
            <Tabs
              label="Which URLs"
              tabs={tabs.map((id) => ({ id, label: SHOWN_LABELS[id] }))}
              value={shown}
              onChange={setShown}
            />
          )}
          <ExportButton
            name="issue-urls"
            formats={['csv', 'xlsx']}
            query={{
              site_id: siteId,
              check: issue.check,
              ...(shown === 'all' ? {} : { in_template: shown === 'template' }),
            }}
            what="these URLs"
          />
        </div>
        <ErrorNotice error={list.error} />
        <VirtualTable
          label={`URLs of ${issue.title}`}
          {...pagedRows(list)}
          columns={columns}
          rowKey={(f) => f.url}
          onActivate={(f) => setChosen(f.url)}
          empty={shown === 'all' ? 'This check found nothing in the latest audit.' : 'No URL of this kind.'}
        />
      </div>
      <aside className="panel evidence-panel" aria-label="Evidence" aria-live="polite">
        <h2>Evidence</h2>
        {finding ? (
          <>
            <p className="break">
              <UrlRef url={finding.url} pageId={finding.page_id} siteId={siteId} />
              {finding.title && (
                <>
                  <br />
                  <span className="finding-title">{finding.title}</span>
                </>
              )}
            </p>
            {finding.page_id !== null && (
              <p className="small">
                <a href={links.page(siteId, finding.page_id)}>Open the page’s details</a>
              </p>
            )}
            <EvidenceView kind={issue.evidence} evidence={finding.evidence} siteId={siteId} />
          </>
        ) : (
          <p className="muted">Choose a URL (click it, or select it with the arrows and press Enter).</p>
        )}
      </aside>
    </div>
  );
}
