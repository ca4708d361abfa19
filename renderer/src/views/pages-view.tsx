/**
 * Every crawled page in one table: the server filters and sorts (keyset cursors), the table loads pages of
 * rows as it scrolls and keeps only the visible ones in the DOM, so 100,000 pages scroll like 100. Filters live
 * in the address so a filtered view can be bookmarked and survives reload.
 */
import { useEffect, useMemo, useState } from 'react';
import { call } from '../api/call.js';
import { useSiteChanges } from '../api/events.js';
import type { PageListItem } from '../api/types.js';
import { PAGE_TYPE_INFO, PAGE_TYPE_NAMES } from '../api/value-lists.js';
import { Badge } from '../components/controls.js';
import { ErrorNotice } from '../components/feedback.js';
import { PageName } from '../components/page-title.js';
import { VirtualTable, type Column } from '../components/virtual-table.js';
import { useApi } from '../hooks/use-api.js';
import { usePagedList } from '../hooks/use-paged-list.js';
import { fmtCount, fmtInt, fmtMs, statusTone, words } from '../format.js';
import { links, navigate, replaceHashParams } from '../router.js';
import { useSites } from '../sites-context.js';
import { ExtractionFilterBar, extractColumn, extractColumnRem } from './extraction-columns.js';
import { shownRules } from './extraction-query.js';
import { filtersFrom, listPages } from './page-filters.js';

const PAGE_SIZE = 500;

/**
 * Widths the built-in columns need at least, in rem, when rule columns make the table scroll sideways (their
 * sum, with a little room for the scroll bar, is the table's least width).
 */
const PAGE_MIN_REM = 16;
const INDEXABILITY_MIN_REM = 7;
const BUILT_IN_REM = PAGE_MIN_REM + INDEXABILITY_MIN_REM + 5.5 + 7 + 4.5 + 5.5 * 3 + 6 + 5 + 2;

/** `wide`: rule columns follow, so the page and indexability columns keep a readable width. */
export function pageColumns(wide = false): Column<PageListItem>[] {
  const least = (rem: number) => (wide ? `${rem}rem` : '0');
  return [
    {
      key: 'page',
      header: 'Page',
      width: `minmax(${least(PAGE_MIN_REM)}, 4fr)`,
      sortKey: 'url',
      render: (p) => <PageName page={p} />,
      title: (p) => p.url,
    },
    {
      key: 'status',
      header: 'Status',
      width: '5.5rem',
      sortKey: 'status_code',
      align: 'center',
      render: (p) => <Badge tone={statusTone(p.status_code)}>{p.status_code ?? 'error'}</Badge>,
    },
    {
      key: 'page_type',
      header: 'Type',
      width: '7rem',
      sortKey: 'page_type',
      render: (p) =>
        p.page_type === null ? <span className="muted">—</span> : PAGE_TYPE_INFO[p.page_type].label,
      title: (p) => (p.page_type === null ? 'Not an HTML page' : PAGE_TYPE_INFO[p.page_type].hint),
    },
    {
      key: 'indexable',
      header: 'Indexability',
      width: `minmax(${least(INDEXABILITY_MIN_REM)}, 1.2fr)`,
      render: (p) =>
        p.indexable ? (
          <span className="tone-text-ok">indexable</span>
        ) : (
          <span className="muted">{words(p.indexability_reason)}</span>
        ),
    },
    {
      key: 'depth',
      header: 'Depth',
      width: '4.5rem',
      sortKey: 'depth',
      align: 'right',
      render: (p) => fmtInt(p.depth),
    },
    {
      key: 'words',
      header: 'Words',
      width: '5.5rem',
      sortKey: 'word_count',
      align: 'right',
      render: (p) => fmtInt(p.word_count),
    },
    {
      key: 'in',
      header: 'Inlinks',
      width: '5.5rem',
      sortKey: 'inlinks',
      align: 'right',
      render: (p) => fmtInt(p.inlinks),
    },
    {
      key: 'out',
      header: 'Outlinks',
      width: '5.5rem',
      sortKey: 'outlinks',
      align: 'right',
      render: (p) => fmtInt(p.outlinks),
    },
    {
      key: 'ms',
      header: 'Response',
      width: '6rem',
      sortKey: 'response_ms',
      align: 'right',
      render: (p) => fmtMs(p.response_ms),
    },
    {
      key: 'clicks',
      header: 'Clicks',
      width: '5rem',
      align: 'right',
      render: (p) => fmtInt(p.gsc_clicks),
      title: (p) =>
        p.gsc_clicks === null
          ? 'No Search Console data'
          : `${fmtCount(p.gsc_impressions ?? 0, 'impression')}, position ${p.gsc_position?.toFixed(1) ?? '—'}`,
    },
  ];
}

export function PagesView({ siteId, params }: { siteId: number; params: URLSearchParams }) {
  const { byId } = useSites();
  const site = byId(siteId)!;
  const filters = filtersFrom(params);
  const filterKey = JSON.stringify(filters);
  const summary = useApi((signal) => call('sites.summary', { site_id: siteId }, { signal }), [siteId]);
  const list = usePagedList(
    (cursor, signal) => listPages(siteId, filters, cursor, PAGE_SIZE, signal),
    [siteId, filterKey],
  );
  useSiteChanges(siteId, ['pages'], list.reload);
  const rules = useApi((signal) => call('extraction.list', { site_id: siteId }, { signal }), [siteId]);
  const shown = shownRules(params, rules.data?.items ?? []);
  // A renamed rule, or one that became yes / no, changes its column.
  const shownKey = shown.map((r) => `${r.id}:${r.name}:${r.kind}:${r.take}`).join(',');
  // The page column stays first and widest; the rules' columns follow the built-in ones, and past what the
  // window holds the table scrolls sideways rather than squeezing the page names away.
  const columns = useMemo(() => [...pageColumns(shown.length > 0), ...shown.map(extractColumn)], [shownKey]);
  const minWidth = shown.length
    ? `${BUILT_IN_REM + shown.reduce((sum, r) => sum + extractColumnRem(r), 0)}rem`
    : undefined;

  const [q, setQ] = useState(filters.q ?? '');
  useEffect(() => {
    // Typed text reaches the address after a pause; by then the address may be another site's or view's (the
    // site picker, back/forward), which must not receive this box's text.
    const here = links.site(siteId, 'pages');
    const timer = setTimeout(() => {
      const path = window.location.hash.split('?', 1)[0]!;
      if (path === here || path.startsWith(`${here}/`)) replaceHashParams({ q: q.trim() || undefined });
    }, 300);
    return () => clearTimeout(timer);
  }, [q, siteId]);
  // The address changed under the box (back/forward, another site, a link): show what is applied.
  const appliedQ = filters.q ?? '';
  useEffect(() => setQ((typed) => (typed.trim() === appliedQ ? typed : appliedQ)), [appliedQ]);

  const set = (key: string) => (value: string) => replaceHashParams({ [key]: value || undefined });
  const filtered =
    ['q', 'status', 'indexable', 'depth', 'type', 'page_type'].some((k) => params.get(k)) ||
    Object.keys(filters.extract ?? {}).length > 0;

  return (
    <section className="view view-fill">
      <header className="view-header">
        <div>
          <h1>Pages</h1>
          <p className="view-lede">
            {fmtCount(site.stats.pages, 'page')} crawled on {site.name}. Click a row (or press Enter) for its
            details.
          </p>
        </div>
      </header>
      <div className="filter-bar" role="search">
        <div className="field grow">
          <label htmlFor="pages-q">URL or title contains</label>
          <input
            id="pages-q"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="/blog/"
          />
        </div>
        <div className="field">
          <label htmlFor="pages-status">Status</label>
          <select
            id="pages-status"
            value={params.get('status') ?? ''}
            onChange={(e) => set('status')(e.target.value)}
          >
            <option value="">Any</option>
            {summary.data?.status_codes
              .filter((c) => /^\d+$/.test(c.key))
              .map((c) => (
                <option key={c.key} value={c.key}>
                  {c.key} ({fmtInt(c.count)})
                </option>
              ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="pages-indexable">Indexable</label>
          <select
            id="pages-indexable"
            value={params.get('indexable') ?? ''}
            onChange={(e) => set('indexable')(e.target.value)}
          >
            <option value="">Any</option>
            <option value="true">Indexable</option>
            <option value="false">Not indexable</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="pages-depth">Depth</label>
          <select
            id="pages-depth"
            value={params.get('depth') ?? ''}
            onChange={(e) => set('depth')(e.target.value)}
          >
            <option value="">Any</option>
            {summary.data?.depths
              .filter((c) => /^\d+$/.test(c.key))
              .sort((a, b) => Number(a.key) - Number(b.key))
              .map((c) => (
                <option key={c.key} value={c.key}>
                  {c.key} ({fmtInt(c.count)})
                </option>
              ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="pages-page-type">Page type</label>
          <select
            id="pages-page-type"
            value={params.get('page_type') ?? ''}
            onChange={(e) => set('page_type')(e.target.value)}
          >
            <option value="">Any</option>
            {PAGE_TYPE_NAMES.map((t) => (
              <option key={t} value={t} title={PAGE_TYPE_INFO[t].hint}>
                {PAGE_TYPE_INFO[t].label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="pages-type">Content type</label>
          <select
            id="pages-type"
            value={params.get('type') ?? ''}
            onChange={(e) => set('type')(e.target.value)}
          >
            <option value="">Any</option>
            {summary.data?.content_types.map((c) => (
              <option key={c.key} value={c.key}>
                {c.key} ({fmtInt(c.count)})
              </option>
            ))}
          </select>
        </div>
        {filtered && (
          <button
            type="button"
            className="btn btn-link"
            onClick={() => {
              setQ('');
              replaceHashParams({
                q: undefined,
                status: undefined,
                indexable: undefined,
                depth: undefined,
                type: undefined,
                page_type: undefined,
                ...Object.fromEntries(Object.keys(filters.extract ?? {}).map((k) => [k, undefined])),
              });
            }}
          >
            Clear filters
          </button>
        )}
      </div>
      {rules.data && rules.data.items.length > 0 && (
        <ExtractionFilterBar rules={rules.data.items} params={params} />
      )}
      <ErrorNotice error={rules.error} title="The extraction rules could not be loaded." />
      <ErrorNotice error={list.error} />
      <VirtualTable
        label="Pages"
        rows={list.items}
        columns={columns}
        rowKey={(p) => p.id}
        hasMore={list.hasMore}
        loading={list.loading}
        onLoadMore={list.loadMore}
        sort={filters.sort}
        onSort={(sort) => replaceHashParams({ sort })}
        resetKey={filterKey}
        {...(minWidth ? { minWidth } : {})}
        onActivate={(p) => navigate(links.page(siteId, p.id))}
        empty={
          filtered
            ? 'No page matches these filters.'
            : site.stats.pages === 0
              ? 'This site has not been crawled yet. Start a crawl on its overview.'
              : 'No pages.'
        }
      />
    </section>
  );
}
