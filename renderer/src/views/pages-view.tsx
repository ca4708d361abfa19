/**
 * Every crawled page in one table: the server filters and sorts (keyset cursors), the table loads pages of
 * rows as it scrolls and keeps only the visible ones in the DOM, so 100,000 pages scroll like 100. Filters live
 * in the address so a filtered view can be bookmarked and survives reload; the columns shown are the reader's,
 * kept per site in the browser.
 */
import { useEffect, useMemo, useState } from 'react';
import { call } from '../api/call.js';
import { useEvent, useSiteChanges } from '../api/events.js';
import { PAGE_TYPE_INFO, PAGE_TYPE_NAMES } from '../api/value-lists.js';
import { ErrorNotice } from '../components/feedback.js';
import { VirtualTable } from '../components/virtual-table.js';
import { useActiveJobs } from '../hooks/use-active-jobs.js';
import { useApi } from '../hooks/use-api.js';
import { usePagedList } from '../hooks/use-paged-list.js';
import { useThrottled } from '../hooks/use-throttled.js';
import { fmtCount, fmtInt } from '../format.js';
import { links, navigate, replaceHashParams } from '../router.js';
import { useSites } from '../sites-context.js';
import { ColumnPicker, useStoredColumns } from './column-picker.js';
import { ExtractionFilterBar, extractColumn, extractColumnRem } from './extraction-columns.js';
import { shownRules } from './extraction-query.js';
import {
  DEFAULT_PAGE_COLUMNS,
  PAGE_COLUMN_KEYS,
  PAGE_COLUMNS,
  pageColumns,
  pageColumnsRem,
} from './page-columns.js';
import { filtersFrom, listPages } from './page-filters.js';
import { pagesExportQuery } from './page-export.js';
import { ExportButton } from '../components/export-button.js';

const PAGE_SIZE = 500;

/** Sorts that read the link counts, which a running crawl has not made yet (page-columns.tsx). */
const LINK_SORTS = new Set(['inlinks', '-inlinks', 'outlinks', '-outlinks']);

export function PagesView({ siteId, params }: { siteId: number; params: URLSearchParams }) {
  const { byId } = useSites();
  const site = byId(siteId)!;
  const filters = filtersFrom(params);
  const filterKey = JSON.stringify(filters);
  // The heading's count and the filters' counts come from this one answer, reloaded with the list, so they
  // cannot disagree (#37: 800 in the heading, 808 in a filter, read at different times).
  const summary = useApi((signal) => call('sites.summary', { site_id: siteId }, { signal }), [siteId]);
  const crawling = useActiveJobs({ siteId }).active.some((j) => j.kind === 'crawl' && j.status === 'running');
  // Until a running crawl has counted links, the list is in crawl order rather than by counts still 0.
  const linkSortHeld = crawling && LINK_SORTS.has(filters.sort ?? '');
  const listed = linkSortHeld ? { ...filters, sort: 'id' as const } : filters;
  const list = usePagedList(
    (cursor, signal) => listPages(siteId, listed, cursor, PAGE_SIZE, signal),
    [siteId, filterKey, linkSortHeld],
  );
  useSiteChanges(siteId, ['pages'], () => {
    list.reload();
    summary.reload();
  });
  // A crawl says its pages changed when it ends; meanwhile the counts follow it every few seconds.
  const duringCrawl = useThrottled(summary.reload, 3000);
  useEvent('job.progress', (job) => {
    if (job.site_id === siteId && job.kind === 'crawl') duringCrawl();
  });
  const [shownColumns, setShownColumns] = useStoredColumns(
    `siteloupe.pages-columns.${siteId}`,
    PAGE_COLUMN_KEYS,
    DEFAULT_PAGE_COLUMNS,
  );
  const rules = useApi((signal) => call('extraction.list', { site_id: siteId }, { signal }), [siteId]);
  const shown = shownRules(params, rules.data?.items ?? []);
  // A renamed rule, or one that became yes / no, changes its column.
  const shownKey = shown.map((r) => `${r.id}:${r.name}:${r.kind}:${r.take}`).join(',');
  // The page column stays first and widest; the rules' columns follow the built-in ones, and past what the
  // window holds the table scrolls sideways rather than squeezing the page names away.
  // More than the default columns, or rule columns, and the table keeps each readable and scrolls sideways.
  const wide = shown.length > 0 || shownColumns.some((k) => !DEFAULT_PAGE_COLUMNS.includes(k));
  const columns = useMemo(
    () => [...pageColumns(shownColumns, { wide, linksPending: crawling }), ...shown.map(extractColumn)],
    [shownKey, shownColumns.join(','), wide, crawling],
  );
  const minWidth = wide
    ? `${pageColumnsRem(shownColumns) + shown.reduce((sum, r) => sum + extractColumnRem(r), 0)}rem`
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
    ['q', 'status', 'indexable', 'depth', 'type', 'page_type', 'js'].some((k) => params.get(k)) ||
    Object.keys(filters.extract ?? {}).length > 0;

  return (
    <section className="view view-fill">
      <header className="view-header">
        <div className="view-header-text">
          <h1>Pages</h1>
          <p className="view-lede">
            {fmtCount(summary.data?.pages ?? site.stats.pages, 'page')} crawled on {site.name} (every fetched
            URL, redirects and errors included, as the filters count them). Click a row (or press Enter) for
            its details.
          </p>
          {linkSortHeld && (
            <p className="muted" role="status">
              Inlinks and outlinks are counted when the crawl ends; until then the pages are listed in crawl
              order.
            </p>
          )}
        </div>
        <div className="btn-row">
          <ExportButton
            name="pages"
            formats={['csv', 'xlsx']}
            query={pagesExportQuery(
              siteId,
              listed,
              columns.map((c) => c.key),
            )}
            what="the pages as listed"
          />
          <ColumnPicker
            options={PAGE_COLUMN_KEYS.map((key) => ({ key, label: PAGE_COLUMNS[key].label }))}
            shown={shownColumns}
            fixed={['page']}
            onChange={setShownColumns}
            onReset={() => setShownColumns([...DEFAULT_PAGE_COLUMNS])}
          />
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
          <label
            htmlFor="pages-js"
            title="Rendered pages whose raw HTML JavaScript changed (title, description, h1, canonical, robots, links, content)"
          >
            JavaScript
          </label>
          <select id="pages-js" value={params.get('js') ?? ''} onChange={(e) => set('js')(e.target.value)}>
            <option value="">Any</option>
            <option value="true">Changed by JS</option>
            <option value="false">Rendered, unchanged</option>
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
                js: undefined,
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
        sort={listed.sort}
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
