/**
 * Analytics: every known URL that is not an indexable page, with why (filter by reason and source), and the
 * site's Search Console figures by query, page or day.
 */
import { useMemo, useState } from 'react';
import { analyticsApi } from '../api/endpoints.js';
import { useEvent, useSiteChanges } from '../api/events.js';
import type { OtherUrl, OtherUrlReason } from '../api/types.js';
import { Badge, Tabs, ToggleGroup } from '../components/controls.js';
import { EmptyState, ErrorNotice, Loading } from '../components/feedback.js';
import { GscTable } from '../components/gsc-table.js';
import { JobOutcome, JobStatus } from '../components/job-status.js';
import { VirtualTable, type Column } from '../components/virtual-table.js';
import { useActiveJobs } from '../hooks/use-active-jobs.js';
import { useAction, useApi } from '../hooks/use-api.js';
import { usePagedList } from '../hooks/use-paged-list.js';
import { fmtDate, fmtInt, shortUrl, statusTone, words } from '../format.js';
import { replaceHashParams, useHashRoute } from '../router.js';

const REASONS: OtherUrlReason[] = [
  'not_crawled',
  'blocked_by_robots',
  'excluded_by_rule',
  'outside_scope',
  'non_html',
  'redirect',
  'error',
  'non_indexable',
  'gsc_only',
  'sitemap_only',
];
const SOURCES = ['link', 'sitemap', 'gsc', 'canonical', 'hreflang', 'redirect', 'list'] as const;

type Tab = 'other' | 'gsc';

export function AnalyticsView({ siteId }: { siteId: number }) {
  const { params } = useHashRoute();
  const tab: Tab = params.get('tab') === 'gsc' ? 'gsc' : 'other';
  return (
    <section className="view view-fill">
      <header className="view-header">
        <div>
          <h1>Analytics</h1>
          <p className="view-lede">URLs that are not indexable pages, and Search Console performance.</p>
        </div>
      </header>
      <Tabs
        label="Analytics"
        value={tab}
        onChange={(t) => replaceHashParams({ tab: t === 'other' ? undefined : t })}
        tabs={[
          { id: 'other', label: 'Other URLs' },
          { id: 'gsc', label: 'Search Console' },
        ]}
      />
      {tab === 'other' ? <OtherUrls siteId={siteId} /> : <GscTab siteId={siteId} />}
    </section>
  );
}

function OtherUrls({ siteId }: { siteId: number }) {
  const [reasons, setReasons] = useState<OtherUrlReason[]>([]);
  const [sources, setSources] = useState<(typeof SOURCES)[number][]>([]);
  const list = usePagedList(
    (cursor, signal) =>
      analyticsApi.otherUrls(
        siteId,
        { ...(reasons.length ? { reason: reasons } : {}), ...(sources.length ? { source: sources } : {}) },
        cursor,
        500,
        signal,
      ),
    [siteId, reasons.join(','), sources.join(',')],
  );
  useSiteChanges(siteId, ['pages', 'analytics'], list.reload);
  const columns = useMemo<Column<OtherUrl>[]>(
    () => [
      {
        key: 'url',
        header: 'URL',
        width: 'minmax(0, 4fr)',
        render: (u) => <span className="mono">{shortUrl(u.url)}</span>,
        title: (u) => u.url,
      },
      { key: 'reason', header: 'Reason', width: '10rem', render: (u) => words(u.reason) },
      {
        key: 'status',
        header: 'Status',
        width: '5rem',
        align: 'center',
        render: (u) =>
          u.status_code === null ? (
            <span className="muted">—</span>
          ) : (
            <Badge tone={statusTone(u.status_code)}>{u.status_code}</Badge>
          ),
      },
      { key: 'sources', header: 'Found via', width: 'minmax(0, 1.5fr)', render: (u) => u.sources.join(', ') },
      { key: 'inlinks', header: 'Inlinks', width: '5rem', align: 'right', render: (u) => fmtInt(u.inlinks) },
      {
        key: 'clicks',
        header: 'GSC clicks',
        width: '6rem',
        align: 'right',
        render: (u) => fmtInt(u.gsc_clicks),
      },
      { key: 'seen', header: 'First seen', width: '10rem', render: (u) => fmtDate(u.first_seen_at) },
    ],
    [],
  );
  return (
    <>
      <div className="filter-bar filter-bar-wrap">
        <ToggleGroup legend="Reason (none = all)" options={REASONS} value={reasons} onChange={setReasons} />
        <ToggleGroup legend="Found via" options={SOURCES} value={sources} onChange={setSources} />
      </div>
      <ErrorNotice error={list.error} />
      <VirtualTable
        label="Other URLs"
        rows={list.items}
        columns={columns}
        rowKey={(u) => u.id}
        hasMore={list.hasMore}
        loading={list.loading}
        onLoadMore={list.loadMore}
        resetKey={`${reasons.join(',')}|${sources.join(',')}`}
        empty={
          reasons.length || sources.length
            ? 'No URL matches these filters.'
            : 'Every known URL is an indexable page.'
        }
      />
    </>
  );
}

/** Upload a Search Console export; the import runs as a job whose progress shows here. */
function GscImport({ siteId, onDone }: { siteId: number; onDone: () => void }) {
  const jobs = useActiveJobs({ siteId });
  const upload = useAction(analyticsApi.gscImport);
  useEvent('job.finished', (job) => {
    if (job.site_id === siteId && job.kind.startsWith('gsc')) onDone();
  });
  const running = jobs.active.filter((j) => j.kind.startsWith('gsc'));
  const finished = jobs.finished.filter((j) => j.kind.startsWith('gsc')).slice(0, 1);
  return (
    <div className="panel gsc-import">
      <div className="field">
        <label htmlFor="gsc-file">Import a Search Console export (zip or CSV)</label>
        <input
          id="gsc-file"
          type="file"
          accept=".zip,.csv,application/zip,text/csv"
          disabled={upload.busy || running.length > 0}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            const job = await upload.run(siteId, file);
            if (job) jobs.track(job);
          }}
        />
      </div>
      <ErrorNotice error={upload.error} />
      {running.map((job) => (
        <JobStatus key={job.id} job={job} />
      ))}
      {finished.map((job) => (
        <JobOutcome key={job.id} job={job} />
      ))}
    </div>
  );
}

function GscTab({ siteId }: { siteId: number }) {
  const [groupBy, setGroupBy] = useState<'query' | 'page' | 'date'>('query');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [query, setQuery] = useState('');
  const rows = useApi(
    (signal) =>
      analyticsApi.gsc(
        siteId,
        {
          group_by: groupBy,
          ...(from ? { date_from: from } : {}),
          ...(to ? { date_to: to } : {}),
          ...(query.trim() ? { query: query.trim() } : {}),
        },
        null,
        500,
        signal,
      ),
    [siteId, groupBy, from, to, query],
  );
  useSiteChanges(siteId, ['analytics'], rows.reload);
  return (
    <div className="scroll-y stack">
      <GscImport siteId={siteId} onDone={rows.reload} />
      <div className="filter-bar">
        <div className="field">
          <label htmlFor="gsc-group">Totals per</label>
          <select
            id="gsc-group"
            value={groupBy}
            onChange={(e) => setGroupBy(e.target.value as typeof groupBy)}
          >
            <option value="query">Query</option>
            <option value="page">Page</option>
            <option value="date">Day</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="gsc-from">From</label>
          <input id="gsc-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="gsc-to">To</label>
          <input id="gsc-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        <div className="field grow">
          <label htmlFor="gsc-query">Query contains</label>
          <input id="gsc-query" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
      </div>
      <ErrorNotice error={rows.error} />
      {rows.loading && !rows.data && <Loading />}
      {rows.data &&
        (rows.data.items.length === 0 ? (
          <EmptyState title="No Search Console data for this site.">
            <p>
              Import the zip (or one of its CSVs) from Search Console’s Performance report: Export → Download
              ZIP.
            </p>
          </EmptyState>
        ) : (
          <div className="panel">
            <GscTable rows={rows.data.items} first={groupBy} />
            {rows.data.next_cursor && <p className="muted small">Showing the first 500 rows.</p>}
          </div>
        ))}
    </div>
  );
}
