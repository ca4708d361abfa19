/**
 * The site audit's issues: every check that found something, grouped by category (the category of the most
 * urgent check first), each led by how many fixes it takes — a template that carries it first ("fix once in the
 * template: 1,169 pages"), then the pages that are fixes of their own — with its severity, priority, how many URLs
 * it lists and what share of the URLs it looks at; filters in the address, mute and unmute, a re-run with live
 * progress, the accessibility check of a crawl that did not render (with its progress), and the health score. A check opens its fixes and URLs with their evidence (issue-view.tsx).
 */
import { useMemo } from 'react';
import { call, type CallArgs } from '../api/call.js';
import { useSiteChanges } from '../api/events.js';
import type { AuditCategory, Issue, Priority, Severity } from '../api/types.js';
import {
  AUDIT_CATEGORIES,
  AUDIT_CATEGORY_LABELS,
  PRIORITIES,
  SEVERITIES,
  SEVERITY_TONE,
} from '../api/value-lists.js';
import { HealthScore, PriorityMark, SeverityBadge, ShareBar } from '../components/audit-marks.js';
import { Badge, Stat, ToggleGroup } from '../components/controls.js';
import { EmptyState, ErrorNotice, Loading } from '../components/feedback.js';
import { GroupedTable, type RowGroup } from '../components/grouped-table.js';
import { JobLines, StartJobButton } from '../components/job-status.js';
import type { Column } from '../components/virtual-table.js';
import { useActiveJobs } from '../hooks/use-active-jobs.js';
import { useAction, useApi } from '../hooks/use-api.js';
import { useIssueCatalogue } from '../hooks/use-issue-catalogue.js';
import { fmtCount, fmtDate, fmtInt } from '../format.js';
import { links, navigate, replaceHashParams } from '../router.js';
import { useSites } from '../sites-context.js';

/** Members of `all` named in a comma list of the address; none named means no filter. */
const listParam = <V extends string>(value: string | null, all: readonly V[]): V[] =>
  (value ?? '').split(',').filter((v): v is V => all.includes(v as V));

type IssueFilters = Omit<CallArgs<'audit.issues'>, 'site_id' | 'cursor' | 'limit'>;

function filtersFrom(params: URLSearchParams): IssueFilters {
  const severity = listParam<Severity>(params.get('severity'), SEVERITIES);
  const priority = listParam<Priority>(params.get('priority'), PRIORITIES);
  const category = listParam<AuditCategory>(params.get('category'), AUDIT_CATEGORIES);
  return {
    ...(severity.length ? { severity } : {}),
    ...(priority.length ? { priority } : {}),
    ...(category.length ? { category } : {}),
    include_muted: params.get('muted') !== 'hide',
    include_empty: params.get('empty') === 'show',
  };
}

/** How an issue's fixes read in one line: its template fixes first, then the URLs that are fixes of their own. */
function fixesLine(issue: Pick<Issue, 'urls' | 'templates'>): string {
  const inTemplates = issue.templates.reduce((n, t) => n + t.urls, 0);
  const single = issue.urls - inTemplates;
  const parts: string[] = [];
  if (issue.templates.length === 1) parts.push(`fix once in the template: ${fmtCount(inTemplates, 'page')}`);
  else if (issue.templates.length > 1)
    parts.push(`fix in ${issue.templates.length} templates: ${fmtCount(inTemplates, 'page')}`);
  if (single > 0) parts.push(issue.templates.length ? `then ${fmtInt(single)} one by one` : 'one by one');
  return parts.join(', ');
}

/** The issues in the API's order (priority, then URLs), under their categories in the order they first come. */
function byCategory(items: Issue[]): RowGroup<Issue>[] {
  const groups = new Map<AuditCategory, Issue[]>();
  for (const issue of items) groups.set(issue.category, [...(groups.get(issue.category) ?? []), issue]);
  return [...groups].map(([category, rows]) => ({
    key: category,
    heading: (
      <>
        <span className="gtable-heading-title">{AUDIT_CATEGORY_LABELS[category]}</span>{' '}
        <span className="muted">{fmtCount(rows.length, 'check')}</span>
      </>
    ),
    rows,
  }));
}

export function IssuesView({ siteId, params }: { siteId: number; params: URLSearchParams }) {
  const { byId } = useSites();
  const site = byId(siteId)!;
  const filters = filtersFrom(params);
  const filterKey = JSON.stringify(filters);
  // The catalogue has far fewer checks than a page holds, so one request lists them all.
  const list = useApi(
    (signal) => call('audit.issues', { site_id: siteId, ...filters, limit: 1000 }, { signal }),
    [siteId, filterKey],
  );
  const catalogue = useIssueCatalogue(siteId);
  const summary = useApi((signal) => call('sites.summary', { site_id: siteId }, { signal }), [siteId]);
  const refresh = () => {
    list.reload();
    summary.reload();
  };
  useSiteChanges(siteId, ['audit'], refresh);
  const jobs = useActiveJobs({ siteId });
  const run = useAction(() => call('audit.run', { site_id: siteId }));
  const auditing = jobs.active.some((j) => j.kind === 'audit');
  // A crawl that rendered ran axe in every page; this checks the pages of one that did not (#36 §2).
  const checkA11y = useAction(() => call('audit.checkAccessibility', { site_id: siteId }));
  const checkingA11y = jobs.active.some((j) => j.kind === 'accessibility');
  const crawling = jobs.active.some((j) => j.kind === 'crawl');
  // Mutes (or unmutes) a check for the site; answers the issue as it now is.
  const mute = useAction((issue: Issue) =>
    call(issue.muted ? 'audit.unmute' : 'audit.mute', { site_id: siteId, check: issue.check }),
  );
  const toggleMute = async (issue: Issue) => {
    if (await mute.run(issue)) {
      refresh();
      catalogue.reload();
    }
  };

  const columns: Column<Issue>[] = [
    {
      key: 'severity',
      header: 'Severity',
      width: '6.5rem',
      render: (i) => <SeverityBadge severity={i.severity} />,
    },
    {
      key: 'check',
      header: 'Check',
      width: 'minmax(0, 3fr)',
      render: (i) => (
        <span className="check-name">
          <span className="check-title">{i.title}</span>
          {i.muted && <Badge>muted</Badge>}
          <span className="check-id mono">{i.check}</span>
        </span>
      ),
      title: (i) => i.description,
    },
    {
      key: 'priority',
      header: 'Priority',
      width: '6rem',
      render: (i) => <PriorityMark priority={i.priority} />,
    },
    {
      key: 'fixes',
      header: 'Fixes',
      width: 'minmax(0, 2.6fr)',
      render: (i) => (
        <span className="issue-fixes-cell">
          <span className="issue-fixes-count">{fmtInt(i.fixes)}</span>{' '}
          <span className="issue-fixes-how">{fixesLine(i)}</span>
        </span>
      ),
      title: (i) =>
        i.templates.map((t) => `${fmtCount(t.urls, 'page')} of ${fmtInt(t.pages)}: ${t.label}`).join('\n'),
    },
    { key: 'urls', header: 'URLs', width: '5.5rem', align: 'right', render: (i) => fmtInt(i.urls) },
    {
      key: 'share',
      header: 'Share of URLs',
      width: '11rem',
      render: (i) => <ShareBar share={i.share} tone={i.muted ? 'muted' : SEVERITY_TONE[i.severity]} />,
    },
    {
      key: 'mute',
      header: '',
      width: '6.5rem',
      align: 'center',
      render: (i) => (
        <button
          type="button"
          className="btn btn-small"
          // The grid's M key mutes the active row: the buttons stay out of the Tab order.
          tabIndex={-1}
          disabled={mute.busy}
          onClick={(e) => {
            e.stopPropagation();
            void toggleMute(i);
          }}
        >
          {i.muted ? 'Unmute' : 'Mute'}
        </button>
      ),
    },
  ];
  const groups = useMemo(() => byCategory(list.data?.items ?? []), [list.data]);
  const found = (catalogue.data?.items ?? []).filter((i) => i.urls > 0);
  const count = (pick: (i: Issue) => boolean) => found.filter((i) => !i.muted && pick(i)).length;
  const filtered = ['severity', 'priority', 'category', 'muted', 'empty'].some((k) => params.get(k));
  const audited = list.data?.audited_at;

  return (
    <section className="view view-fill">
      <header className="view-header">
        <div className="view-header-text">
          <h1>Issues</h1>
          <p className="view-lede">
            {audited
              ? `Audit of ${fmtDate(audited)}${list.data?.crawl_number ? ` (crawl ${list.data.crawl_number})` : ''}: ${fmtCount(found.length, 'check')} found something. Click a check (or press Enter) for its URLs and evidence; M mutes or unmutes the selected one.`
              : `What the audit of ${site.name} finds, by category and priority.`}
          </p>
        </div>
        <StartJobButton
          label="Run audit"
          runningLabel="Auditing…"
          running={auditing}
          busy={run.busy}
          disabled={crawling}
          title={crawling ? 'The audit runs by itself when the crawl ends.' : undefined}
          start={() => run.run()}
          onStarted={jobs.track}
        />
        <StartJobButton
          label="Check accessibility"
          runningLabel="Checking accessibility…"
          running={checkingA11y}
          busy={checkA11y.busy}
          disabled={crawling || site.stats.pages === 0}
          title={
            crawling
              ? 'A crawl is running.'
              : 'Fetches every crawled HTML page again, renders it in Chromium and runs axe-core’s WCAG 2.1 A and AA rules (a crawl with JavaScript rendering does this by itself).'
          }
          start={() => checkA11y.run()}
          onStarted={jobs.track}
        />
      </header>
      <ErrorNotice error={run.error ?? checkA11y.error ?? mute.error ?? list.error} />
      <JobLines
        jobs={jobs}
        kind="accessibility"
        summary={(j) =>
          j.kind === 'accessibility' &&
          j.result &&
          `${fmtCount(j.result.checked, 'page')} checked with axe-core, ${fmtCount(j.result.failing_pages, 'page')} failing a rule${j.result.failed ? `, ${fmtCount(j.result.failed, 'page')} could not be checked` : ''}. The audit runs again with the results.`
        }
      />
      <JobLines
        jobs={jobs}
        kind="audit"
        summary={(j) =>
          j.kind === 'audit' &&
          j.result &&
          `${fmtCount(j.result.checks, 'check')} found ${fmtCount(j.result.findings, 'URL')}.`
        }
      />
      {!list.data && !list.error && <Loading />}
      {list.data && !audited && (
        <EmptyState title="This site has not been audited yet.">
          {site.stats.pages === 0 ? (
            <p>
              The audit runs by itself after every crawl. Start one on the{' '}
              <a href={links.site(siteId)}>overview</a>.
            </p>
          ) : (
            <p>The audit runs by itself after every crawl; Run audit checks the pages crawled so far.</p>
          )}
        </EmptyState>
      )}
      {audited && (
        <>
          <div className="stat-row panel issues-stats">
            {summary.data?.audit && (
              <Stat
                label="site health"
                value={<HealthScore score={summary.data.audit.score} />}
                hint="100 with nothing to fix; each check not muted takes off by its weight and its fixes, a template fault one fix (docs/audit.md)"
              />
            )}
            {summary.data?.audit && <Stat label="fixes" value={fmtInt(summary.data.audit.fixes)} />}
            {SEVERITIES.map((s) => (
              <Stat key={s} label={`${s} checks`} value={fmtInt(count((i) => i.severity === s))} />
            ))}
            <Stat label="muted" value={fmtInt(found.filter((i) => i.muted).length)} />
          </div>
          <div className="filter-bar filter-bar-wrap" role="search">
            <ToggleGroup
              legend="Severity (none = all)"
              options={SEVERITIES}
              value={filters.severity ?? []}
              onChange={(v) => replaceHashParams({ severity: v.join(',') || undefined })}
            />
            <ToggleGroup
              legend="Priority (none = all)"
              options={PRIORITIES}
              value={filters.priority ?? []}
              onChange={(v) => replaceHashParams({ priority: v.join(',') || undefined })}
            />
            <div className="field">
              <label htmlFor="issues-category">Category</label>
              <select
                id="issues-category"
                value={filters.category?.[0] ?? ''}
                onChange={(e) => replaceHashParams({ category: e.target.value || undefined })}
              >
                <option value="">Any</option>
                {AUDIT_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {AUDIT_CATEGORY_LABELS[c]} ({found.filter((i) => i.category === c).length})
                  </option>
                ))}
              </select>
            </div>
            <div className="field issues-shown">
              <label className="check">
                <input
                  type="checkbox"
                  checked={filters.include_muted ?? true}
                  onChange={(e) => replaceHashParams({ muted: e.target.checked ? undefined : 'hide' })}
                />
                Show muted checks
              </label>
              <label className="check">
                <input
                  type="checkbox"
                  checked={filters.include_empty ?? false}
                  onChange={(e) => replaceHashParams({ empty: e.target.checked ? 'show' : undefined })}
                />
                Show checks that found nothing
              </label>
            </div>
            {filtered && (
              <button
                type="button"
                className="btn btn-link"
                onClick={() =>
                  replaceHashParams({
                    severity: undefined,
                    priority: undefined,
                    category: undefined,
                    muted: undefined,
                    empty: undefined,
                  })
                }
              >
                Clear filters
              </button>
            )}
          </div>
          <GroupedTable
            label="Issues"
            groups={groups}
            columns={columns}
            rowKey={(i) => i.check}
            rowClass={(i) => (i.muted ? 'is-muted' : '')}
            onActivate={(i) => navigate(links.issue(siteId, i.check))}
            rowKeys={{ m: (i) => void toggleMute(i), M: (i) => void toggleMute(i) }}
            empty={filtered ? 'No check matches these filters.' : 'No check found anything on this site.'}
          />
        </>
      )}
    </section>
  );
}
