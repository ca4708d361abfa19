/**
 * Analytics: every known URL that is not an indexable page, with why (filter by reason and source), and the
 * site's Search Console tab (gsc-tab.tsx).
 */
import { useMemo, useState } from 'react';
import { call } from '../api/call.js';
import { useSiteChanges } from '../api/events.js';
import type { OtherUrl, OtherUrlReason } from '../api/types.js';
import { OTHER_URL_REASONS, URL_SOURCES, type UrlSource } from '../api/value-lists.js';
import { Badge, Tabs, ToggleGroup } from '../components/controls.js';
import { ErrorNotice } from '../components/feedback.js';
import { VirtualTable, type Column } from '../components/virtual-table.js';
import { usePagedList } from '../hooks/use-paged-list.js';
import { fmtDate, fmtInt, siteUrl, statusTone, words } from '../format.js';
import { replaceHashParams, useHashRoute } from '../router.js';
import { useSiteOrigin } from '../sites-context.js';
import { GscTab } from './gsc-tab.js';

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
  const [sources, setSources] = useState<UrlSource[]>([]);
  const list = usePagedList(
    (cursor, signal) =>
      call(
        'analytics.otherUrls',
        {
          site_id: siteId,
          ...(reasons.length ? { reason: reasons } : {}),
          ...(sources.length ? { source: sources } : {}),
          cursor,
          limit: 500,
        },
        { signal },
      ),
    [siteId, reasons.join(','), sources.join(',')],
  );
  useSiteChanges(siteId, ['pages', 'analytics'], list.reload);
  // The site's own URLs by their path, as the Pages view names them; another host's in full (#37: a link to
  // https://example.org/ read "/").
  const origin = useSiteOrigin(siteId);
  const columns = useMemo<Column<OtherUrl>[]>(
    () => [
      {
        key: 'url',
        header: 'URL',
        width: 'minmax(0, 4fr)',
        render: (u) => <span className="mono">{siteUrl(u.url, origin)}</span>,
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
    [origin],
  );
  return (
    <>
      <div className="filter-bar filter-bar-wrap">
        <ToggleGroup
          legend="Reason (none = all)"
          options={OTHER_URL_REASONS}
          value={reasons}
          onChange={setReasons}
        />
        <ToggleGroup legend="Found via" options={URL_SOURCES} value={sources} onChange={setSources} />
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
