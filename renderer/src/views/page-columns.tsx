/**
 * The Pages table's columns: every field an analyst may want beside a URL (#37: title, meta description, h1,
 * canonical, size, page type and the link and speed figures), which of them show by default, and the least width
 * each needs when the table scrolls sideways. The page column is always first; the user picks the rest
 * (column-picker.tsx), per site.
 */
import type { PageListItem } from '../api/types.js';
import { PAGE_TYPE_INFO } from '../api/value-lists.js';
import { Badge } from '../components/controls.js';
import { PageName } from '../components/page-title.js';
import type { Column } from '../components/virtual-table.js';
import { fmtBytes, fmtCount, fmtInt, fmtMs, statusTone, words } from '../format.js';

/** What the columns depend on besides the row. */
export interface ColumnContext {
  /** More columns follow than the window holds: text columns keep a readable width and the table scrolls. */
  wide: boolean;
  /**
   * A crawl is running: inlinks and outlinks are counted when it ends (crawl-finalize.ts), so until then they
   * show "—" and are not offered as a sort.
   */
  linksPending: boolean;
}

interface PageColumnSpec {
  /** The picker's label. */
  label: string;
  /** Least width in rem when the table scrolls sideways. */
  rem: number;
  column: (ctx: ColumnContext) => Omit<Column<PageListItem>, 'key'>;
}

const least = (ctx: ColumnContext, rem: number) => (ctx.wide ? `${rem}rem` : '0');
const text = (value: string | null) => value || <span className="muted">—</span>;
const LINKS_PENDING = 'Counted when the crawl ends';

const linkCount = (header: string, sortKey: 'inlinks' | 'outlinks', pick: (p: PageListItem) => number) => ({
  label: header,
  rem: 5.5,
  column: (ctx: ColumnContext) => ({
    header,
    width: '5.5rem',
    ...(ctx.linksPending ? {} : { sortKey }),
    align: 'right' as const,
    render: (p: PageListItem) => (ctx.linksPending ? <span className="muted">—</span> : fmtInt(pick(p))),
    title: () => (ctx.linksPending ? LINKS_PENDING : undefined),
  }),
});

type LabField = 'lcp_ms' | 'cls' | 'tbt_ms' | 'transfer_bytes' | 'requests';
const labColumn = (
  label: string,
  header: string,
  sortKey: LabField,
  render: (p: PageListItem) => string,
  what: string,
): PageColumnSpec => ({
  label,
  rem: 5.5,
  column: () => ({
    header,
    width: '5.5rem',
    sortKey,
    align: 'right',
    render: (p) => (p[sortKey] === null ? <span className="muted">—</span> : render(p)),
    title: (p) =>
      p[sortKey] === null
        ? 'Not measured: the page was not rendered, or lab metrics were off'
        : `${what}, measured in the lab while rendering (not field data)`,
  }),
});

export const PAGE_COLUMNS = {
  page: {
    label: 'Page',
    rem: 16,
    column: (ctx) => ({
      header: 'Page',
      width: `minmax(${least(ctx, 16)}, 4fr)`,
      sortKey: 'url',
      render: (p) => <PageName page={p} />,
      title: (p) => p.url,
    }),
  },
  status: {
    label: 'Status',
    rem: 5.5,
    column: () => ({
      header: 'Status',
      width: '5.5rem',
      sortKey: 'status_code',
      align: 'center',
      render: (p) => <Badge tone={statusTone(p.status_code)}>{p.status_code ?? 'error'}</Badge>,
    }),
  },
  page_type: {
    label: 'Page type',
    rem: 7,
    column: () => ({
      header: 'Type',
      width: '7rem',
      sortKey: 'page_type',
      render: (p) =>
        p.page_type === null ? <span className="muted">—</span> : PAGE_TYPE_INFO[p.page_type].label,
      title: (p) => (p.page_type === null ? 'Not an HTML page' : PAGE_TYPE_INFO[p.page_type].hint),
    }),
  },
  indexable: {
    label: 'Indexability',
    rem: 7,
    column: (ctx) => ({
      header: 'Indexability',
      width: `minmax(${least(ctx, 7)}, 1.2fr)`,
      render: (p) =>
        p.indexable ? (
          <span className="tone-text-ok">indexable</span>
        ) : (
          <span className="muted">{words(p.indexability_reason)}</span>
        ),
    }),
  },
  title: {
    label: 'Title',
    rem: 12,
    column: (ctx) => ({
      header: 'Title',
      width: `minmax(${least(ctx, 12)}, 2fr)`,
      sortKey: 'title',
      render: (p) => text(p.title),
      title: (p) => p.title ?? undefined,
    }),
  },
  meta_description: {
    label: 'Meta description',
    rem: 14,
    column: (ctx) => ({
      header: 'Meta description',
      width: `minmax(${least(ctx, 14)}, 2.5fr)`,
      render: (p) => text(p.meta_description),
      title: (p) => p.meta_description ?? undefined,
    }),
  },
  h1: {
    label: 'H1',
    rem: 12,
    column: (ctx) => ({
      header: 'H1',
      width: `minmax(${least(ctx, 12)}, 2fr)`,
      render: (p) => text(p.h1),
      title: (p) => p.h1 ?? undefined,
    }),
  },
  canonical: {
    label: 'Canonical',
    rem: 12,
    column: (ctx) => ({
      header: 'Canonical',
      width: `minmax(${least(ctx, 12)}, 2fr)`,
      render: (p) =>
        p.canonical_url === null ? (
          <span className="muted">—</span>
        ) : p.canonical_url === p.url ? (
          <span className="muted">self</span>
        ) : (
          <span className="mono">{p.canonical_url}</span>
        ),
      title: (p) => p.canonical_url ?? 'No canonical link',
    }),
  },
  depth: {
    label: 'Depth',
    rem: 4.5,
    column: () => ({
      header: 'Depth',
      width: '4.5rem',
      sortKey: 'depth',
      align: 'right',
      render: (p) => fmtInt(p.depth),
    }),
  },
  words: {
    label: 'Words',
    rem: 5.5,
    column: () => ({
      header: 'Words',
      width: '5.5rem',
      sortKey: 'word_count',
      align: 'right',
      render: (p) => fmtInt(p.word_count),
    }),
  },
  bytes: {
    label: 'Size',
    rem: 5.5,
    column: () => ({
      header: 'Size',
      width: '5.5rem',
      sortKey: 'bytes',
      align: 'right',
      render: (p) => fmtBytes(p.bytes),
      title: (p) => (p.bytes === null ? undefined : fmtCount(p.bytes, 'byte')),
    }),
  },
  in: linkCount('Inlinks', 'inlinks', (p) => p.inlinks),
  out: linkCount('Outlinks', 'outlinks', (p) => p.outlinks),
  ms: {
    label: 'Response time',
    rem: 6,
    column: () => ({
      header: 'Response',
      width: '6rem',
      sortKey: 'response_ms',
      align: 'right',
      render: (p) => fmtMs(p.response_ms),
    }),
  },
  // Lab figures (#36 §3): measured when the crawl rendered the page with lab metrics on, a dash otherwise. Never
  // called Core Web Vitals: one load on this computer, not visitors' 75th percentile (docs/page-experience.md).
  lcp: labColumn('Lab LCP', 'LCP', 'lcp_ms', (p) => fmtMs(p.lcp_ms), 'Largest contentful paint'),
  cls: labColumn('Lab CLS', 'CLS', 'cls', (p) => (p.cls === null ? '—' : p.cls.toFixed(3)), 'Layout shift'),
  tbt: labColumn('Lab TBT', 'TBT', 'tbt_ms', (p) => fmtMs(p.tbt_ms), 'Total blocking time'),
  weight: labColumn(
    'Page weight',
    'Weight',
    'transfer_bytes',
    (p) => fmtBytes(p.transfer_bytes),
    'Bytes loaded',
  ),
  requests: labColumn('Requests', 'Requests', 'requests', (p) => fmtInt(p.requests), 'Requests made'),
  clicks: {
    label: 'Search Console clicks',
    rem: 5,
    column: () => ({
      header: 'Clicks',
      width: '5rem',
      align: 'right',
      render: (p) => fmtInt(p.gsc_clicks),
      title: (p) =>
        p.gsc_clicks === null
          ? 'No Search Console data'
          : `${fmtCount(p.gsc_impressions ?? 0, 'impression')}, position ${p.gsc_position?.toFixed(1) ?? '—'}`,
    }),
  },
  js: {
    label: 'JS changed',
    rem: 9,
    column: () => ({
      header: 'JS changed',
      width: '9rem',
      // What JavaScript changed of the raw HTML (title, h1, links …); a dash for a page not rendered.
      render: (p) => (p.js_changed === null ? '—' : p.js_changed.join(', ') || 'nothing'),
      title: (p) =>
        p.js_changed === null
          ? 'Not rendered'
          : p.js_changed.length
            ? `JavaScript changed the raw HTML's ${p.js_changed.join(', ')}`
            : 'Rendered; JavaScript changed none of the compared fields',
    }),
  },
} satisfies Record<string, PageColumnSpec>;

export type PageColumnKey = keyof typeof PAGE_COLUMNS;
/** In the table's order; the picker lists them so too. */
export const PAGE_COLUMN_KEYS = Object.keys(PAGE_COLUMNS) as PageColumnKey[];
/** Shown until the user picks: the columns the table always had. */
export const DEFAULT_PAGE_COLUMNS: PageColumnKey[] = [
  'page',
  'status',
  'page_type',
  'indexable',
  'depth',
  'words',
  'in',
  'out',
  'ms',
  'clicks',
];

/** The chosen columns in the table's order, the page column always first. */
export function pageColumns(shown: readonly PageColumnKey[], ctx: ColumnContext): Column<PageListItem>[] {
  return PAGE_COLUMN_KEYS.filter((k) => k === 'page' || shown.includes(k)).map((key) => ({
    key,
    ...(PAGE_COLUMNS[key] as PageColumnSpec).column(ctx),
  }));
}

/** The least width of the chosen columns, in rem, with a little room for the scroll bar. */
export function pageColumnsRem(shown: readonly PageColumnKey[]): number {
  return (
    PAGE_COLUMN_KEYS.filter((k) => k === 'page' || shown.includes(k)).reduce(
      (sum, k) => sum + PAGE_COLUMNS[k].rem,
      0,
    ) + 2
  );
}
