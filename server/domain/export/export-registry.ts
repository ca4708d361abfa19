/**
 * The exports, one registry: each export's name with its formats, its scope (a site, or a campaign), the
 * description `GET /export` lists and how it opens. A download is looked up here by name and format, so an
 * export is added in one place and its opener only ever sees a format it declared.
 */
import type { Store } from '../../store/index.js';
import type { z } from 'zod';
import {
  EXPORT_CONTENT_TYPES,
  type ExportFields,
  type ExportFormat,
  type ExportQuery,
} from '../../schemas/export.js';
import type { TargetStatus } from '../../schemas/targets.js';
import type { AuditExports } from './audit-exports.js';
import type { HistoryService } from '../history/history-service.js';
import type { ReportService } from './report/report-service.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { PagesService } from '../pages/pages-service.js';
import { requireSite } from '../sites/site-required.js';
import { FINDING_COLUMNS, ISSUE_COLUMNS } from './audit-exports.js';
import { campaignTargetsDataset } from './campaign-targets-dataset.js';
import { CHANGE_COLUMNS, changeRows } from './changes-export.js';
import { GSC_COLUMNS, JS_CHANGED_COLUMN, pageListRows, pickColumns } from './page-list-export.js';
import {
  PAGE_COLUMNS,
  PAGE_LAB_COLUMNS,
  clustersTable,
  gscTable,
  linksTable,
  otherUrlsTable,
  similarityPairsTable,
  type TableDataset,
} from './datasets.js';
import { exportFileName, fileStem } from './export-file-name.js';
import { graphFile } from './graph-export.js';
import { keysetChunks, tableBody, type TableFormat } from './table-body.js';
import { xlsxSheets } from './xlsx-writer.js';

/** What an export reads: the store, and the services whose answers some exports are. */
export interface ExportDeps {
  store: Store;
  report: ReportService;
  audit: AuditExports;
  history: HistoryService;
  pages: PagesService;
}

export interface ExportStream {
  filename: string;
  contentType: string;
  body: AsyncIterable<string | Buffer> | Iterable<string | Buffer>;
}

export interface SiteRequest<F extends ExportFormat> {
  name: string;
  format: F;
  siteId: number;
  /** The list parameters of the query, those the export `takes` only (the service refuses the others). */
  query: ExportListQuery;
}

/** The parameters of an export's query beyond its scope: a list's filters, sort, crawls, columns. */
export type ExportListQuery = Omit<ExportQuery, 'site_id' | 'campaign_id'>;
export type ExportParam = Exclude<keyof z.infer<typeof ExportFields>, 'site_id' | 'campaign_id'>;

export interface CampaignRequest<F extends ExportFormat> {
  name: string;
  format: F;
  campaignId: number;
  statuses?: readonly TargetStatus[] | undefined;
}

interface SiteExport<F extends ExportFormat> {
  scope: 'site';
  formats: readonly F[];
  description: string;
  /** The list parameters it takes (`extract.*` filters come with `sort`: the pages list's); none: the site's whole table. */
  takes?: readonly ExportParam[];
  /** Resolves once the file can be sent: a missing site (or Chromium) fails here, before any byte is written. */
  open(deps: ExportDeps, req: SiteRequest<F>): ExportStream | Promise<ExportStream>;
}

interface CampaignExport<F extends ExportFormat> {
  scope: 'campaign';
  formats: readonly F[];
  description: string;
  takes?: readonly ExportParam[];
  open(deps: ExportDeps, req: CampaignRequest<F>): ExportStream | Promise<ExportStream>;
}

export type ExportEntry = SiteExport<ExportFormat> | CampaignExport<ExportFormat>;

// Each entry's formats type its opener's `format`, so an opener never meets a format it cannot write.
const siteExport = <F extends ExportFormat>(e: Omit<SiteExport<F>, 'scope'>): SiteExport<F> => ({
  scope: 'site',
  ...e,
});
const campaignExport = <F extends ExportFormat>(e: Omit<CampaignExport<F>, 'scope'>): CampaignExport<F> => ({
  scope: 'campaign',
  ...e,
});

/** `<site name>-<stem>-<day>.<format>` with the format's media type; a 404 when the site is gone. */
const siteFile = (store: Store, req: SiteRequest<ExportFormat>, stem = req.name) => ({
  filename: exportFileName(requireSite(store, req.siteId), stem, req.format),
  contentType: EXPORT_CONTENT_TYPES[req.format],
});

/** A table read by keyset, as CSV, JSON, NDJSON or one XLSX sheet named after the export. */
const table =
  (dataset: TableDataset) =>
  ({ store }: ExportDeps, req: SiteRequest<TableFormat>): ExportStream => {
    const file = siteFile(store, req);
    const columns = dataset.columnsFor?.(store, req.siteId) ?? dataset.columns;
    return {
      ...file,
      body: tableBody(req.format, req.name, columns, keysetChunks(store, dataset, req.siteId)),
    };
  };

/** The filters of `GET /pages` an export takes: the pages list's own fields (with `extract.*`). */
const PAGE_FILTERS = [
  'status_code',
  'indexable',
  'content_type',
  'depth',
  'q',
  'page_type',
  'js_changed',
] as const satisfies readonly ExportParam[];

function pick<K extends ExportParam>(q: ExportListQuery, keys: readonly K[]): Pick<ExportListQuery, K> {
  return Object.fromEntries(keys.filter((k) => q[k] !== undefined).map((k) => [k, q[k]])) as Pick<
    ExportListQuery,
    K
  >;
}

/** The `extract.*` filters of a query. */
const extractFilters = (q: ExportListQuery): Record<`extract.${string}`, string> =>
  Object.fromEntries(Object.entries(q).filter(([k]) => k.startsWith('extract.'))) as Record<
    `extract.${string}`,
    string
  >;

const needsCheck = (param: string) =>
  new ValidationError(`\`${param}\` applies to one check's URLs: give \`check\` too.`, [
    { path: `query.${param}`, message: 'needs `check`' },
  ]);

export const EXPORTS = {
  pages: siteExport({
    formats: ['csv', 'xlsx', 'json', 'ndjson'],
    description:
      'Every fetched URL with its crawl fields; with the filters and `sort` of `GET /pages` (and `columns`), exactly the pages that list shows, in its order.',
    takes: [...PAGE_FILTERS, 'sort', 'columns'],
    open: ({ store, pages }, req) => {
      const { columns, ...filters } = pick(req.query, [...PAGE_FILTERS, 'sort', 'columns']);
      const defaults = [
        ...PAGE_COLUMNS,
        ...PAGE_LAB_COLUMNS,
        ...store.extractors.list(req.siteId).map((r) => `extract:${r.name}`),
      ];
      const chosen = pickColumns(columns, defaults, [...defaults, ...GSC_COLUMNS, JS_CHANGED_COLUMN]);
      const query = {
        ...filters,
        ...extractFilters(req.query),
        site_id: req.siteId,
        sort: filters.sort ?? 'id',
      };
      // Read once before the first byte, so an unknown rule in a filter or sort is a 400, not a broken file.
      pages.list({ ...query, limit: 1 });
      return {
        ...siteFile(store, req),
        body: tableBody(req.format, req.name, chosen, pageListRows(store, pages, query)),
      };
    },
  }),
  links: siteExport({
    formats: ['csv'],
    description: 'Every link: source, target, kind, anchor text, nofollow, count.',
    open: table(linksTable),
  }),
  'other-urls': siteExport({
    formats: ['csv'],
    description: 'URLs that are not indexable pages, with the reason.',
    open: table(otherUrlsTable),
  }),
  'similarity-pairs': siteExport({
    formats: ['csv', 'xlsx', 'json'],
    description: 'Duplicate, merge and related page pairs of the current analysis.',
    open: table(similarityPairsTable),
  }),
  clusters: siteExport({
    formats: ['csv', 'json'],
    description: 'Clusters of pages that could be one page: one row per cluster member.',
    open: table(clustersTable),
  }),
  gsc: siteExport({
    formats: ['csv'],
    description:
      'Search Console rows: page × query × date from the API, and per-page, per-query and per-day totals from an imported export (see grain).',
    open: table(gscTable),
  }),
  'link-graph': siteExport({
    formats: ['gexf', 'graphml', 'json'],
    description: 'The internal link graph for Gephi or Cytoscape (GEXF, GraphML) or as JSON.',
    open: ({ store }, req) => ({ ...siteFile(store, req), body: graphFile(store, req.siteId, req.format) }),
  }),
  issues: siteExport({
    formats: ['csv'],
    description: 'The site audit: one row per check with its priority, severity, URL count, share and mute.',
    open: ({ store, audit }, req) => ({
      ...siteFile(store, req),
      body: tableBody(req.format, req.name, ISSUE_COLUMNS, audit.issues(req.siteId)),
    }),
  }),
  'issue-urls': siteExport({
    formats: ['csv', 'xlsx'],
    description:
      'Every finding of the site audit with its evidence (CSV: one row per finding; XLSX: one sheet per check). With `check`, that check’s URLs as its issue view lists them (`in_template` as `GET /sites/{id}/issues/{check}/urls`, `columns`): title, fix and a column per evidence field.',
    takes: ['check', 'in_template', 'columns'],
    open: ({ store, audit }, req) => {
      const { check, in_template, columns } = req.query;
      if (check === undefined) {
        if (in_template !== undefined || columns !== undefined)
          throw needsCheck(in_template !== undefined ? 'in_template' : 'columns');
        return {
          ...siteFile(store, req),
          body:
            req.format === 'xlsx'
              ? xlsxSheets(audit.sheets(req.siteId))
              : tableBody(req.format, req.name, FINDING_COLUMNS, audit.findingRows(req.siteId)),
        };
      }
      const table = audit.checkTable(req.siteId, check, in_template);
      const chosen = pickColumns(columns, table.columns, table.columns);
      return {
        ...siteFile(store, req, `issue-${check.replace(/_/g, '-')}`),
        body: tableBody(req.format, check, chosen, table.chunks),
      };
    },
  }),
  changes: siteExport({
    formats: ['csv', 'xlsx'],
    description:
      'What changed between two crawls (`from` and `to`, finished crawls of the site; default the last two; `change` as `GET /sites/{id}/changes`): one row per change with its before and after.',
    takes: ['from', 'to', 'change'],
    // The crawls are checked before the first byte: fewer than two, or a crawl that is not a finished crawl of
    // this site, is a problem.
    open: ({ store, history }, req) => {
      const { from, to } = history.pair(req.siteId, req.query.from, req.query.to);
      const [a, b] = [history.crawlNumber(from.crawl_id), history.crawlNumber(to.crawl_id)];
      const rows = changeRows(history, req.siteId, {
        from: from.crawl_id,
        to: to.crawl_id,
        change: req.query.change,
      });
      return {
        ...siteFile(store, req, `${req.name}-crawl-${a ?? from.crawl_id}-to-${b ?? to.crawl_id}`),
        body: tableBody(req.format, req.name, CHANGE_COLUMNS, rows),
      };
    },
  }),
  'campaign-targets': campaignExport({
    formats: ['csv', 'xlsx'],
    description:
      'A campaign’s targets with score, rationale, pages and notes (query `campaign_id`, optional repeatable `status`).',
    open: ({ store }, req) => {
      const campaign = store.campaigns.get(req.campaignId);
      if (!campaign) throw new NotFoundError(`No campaign with id ${req.campaignId}.`);
      const dataset = campaignTargetsDataset({ campaignId: req.campaignId, statuses: req.statuses });
      return {
        filename: exportFileName(
          requireSite(store, campaign.site_id),
          `campaign-${fileStem(campaign.name) || req.campaignId}-targets`,
          req.format,
        ),
        contentType: EXPORT_CONTENT_TYPES[req.format],
        body: tableBody(
          req.format,
          'targets',
          dataset.columns,
          keysetChunks(store, dataset, campaign.site_id),
        ),
      };
    },
  }),
  // A document rather than a dataset: listed with them and rendered whole.
  report: siteExport({
    formats: ['html', 'pdf'],
    description:
      'A self-contained site report for clients: summary, charts, top issues, duplicate clusters, orphans, other URLs and Search Console top pages (HTML, or PDF printed by Chromium).',
    open: async ({ store, report }, req) => {
      const file = siteFile(store, req);
      return {
        ...file,
        body: [req.format === 'pdf' ? await report.pdf(req.siteId) : report.html(req.siteId)],
      };
    },
  }),
} as const satisfies Record<string, ExportEntry>;

export type ExportName = keyof typeof EXPORTS;

const BY_NAME = new Map<string, ExportEntry>(Object.entries(EXPORTS));

/** The export of that name with that format, with the format as the registry spells it; null when unknown. */
export function exportOf(name: string, format: string): { entry: ExportEntry; format: ExportFormat } | null {
  const entry = BY_NAME.get(name);
  const known = entry?.formats.find((f) => f === format);
  return entry && known ? { entry, format: known } : null;
}
