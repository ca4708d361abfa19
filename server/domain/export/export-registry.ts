/**
 * The exports, one registry: each export's name with its formats, its scope (a site, or a campaign), the
 * description `GET /export` lists and how it opens. A download is looked up here by name and format, so an
 * export is added in one place and its opener only ever sees a format it declared.
 */
import type { Store } from '../../store/index.js';
import { EXPORT_CONTENT_TYPES, type ExportFormat } from '../../schemas/export.js';
import type { TargetStatus } from '../../schemas/targets.js';
import type { AuditExports } from './audit-exports.js';
import type { HistoryService } from '../history/history-service.js';
import type { ReportService } from './report/report-service.js';
import { NotFoundError } from '../errors.js';
import { requireSite } from '../sites/site-required.js';
import { FINDING_COLUMNS, ISSUE_COLUMNS } from './audit-exports.js';
import { campaignTargetsDataset } from './campaign-targets-dataset.js';
import { CHANGE_COLUMNS, changeRows } from './changes-export.js';
import {
  clustersTable,
  gscTable,
  linksTable,
  otherUrlsTable,
  pagesTable,
  similarityPairsTable,
  type TableDataset,
} from './datasets.js';
import { graphFile } from './graph-export.js';
import { keysetChunks, tableBody, type TableFormat } from './table-body.js';
import { xlsxSheets } from './xlsx-writer.js';

/** What an export reads: the store, and the services whose answers some exports are. */
export interface ExportDeps {
  store: Store;
  report: ReportService;
  audit: AuditExports;
  history: HistoryService;
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
  /** The crawls a comparison is between (`changes` only). */
  from?: number | undefined;
  to?: number | undefined;
}

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
  /** Resolves once the file can be sent: a missing site (or Chromium) fails here, before any byte is written. */
  open(deps: ExportDeps, req: SiteRequest<F>): ExportStream | Promise<ExportStream>;
}

interface CampaignExport<F extends ExportFormat> {
  scope: 'campaign';
  formats: readonly F[];
  description: string;
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

/** The site's host as a file name prefix; a 404 when the site is gone. */
const hostStem = (store: Store, siteId: number) =>
  new URL(requireSite(store, siteId).start_url).hostname.replace(/[^a-z0-9.-]/gi, '_');

/** `<host>-<stem>.<format>` with the format's media type. */
const siteFile = (store: Store, req: SiteRequest<ExportFormat>, stem = req.name) => ({
  filename: `${hostStem(store, req.siteId)}-${stem}.${req.format}`,
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

export const EXPORTS = {
  pages: siteExport({
    formats: ['csv', 'xlsx', 'json', 'ndjson'],
    description: 'Every fetched URL with its crawl fields.',
    open: table(pagesTable),
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
      'Every finding of the site audit with its evidence (CSV: one row per finding; XLSX: one sheet per check).',
    open: ({ store, audit }, req) => ({
      ...siteFile(store, req),
      body:
        req.format === 'xlsx'
          ? xlsxSheets(audit.sheets(req.siteId))
          : tableBody(req.format, req.name, FINDING_COLUMNS, audit.findingRows(req.siteId)),
    }),
  }),
  changes: siteExport({
    formats: ['csv', 'xlsx'],
    description:
      'What changed between two crawls (query `from` and `to`; default the last two): one row per change with its before and after.',
    // The crawls are checked before the first byte: fewer than two, or a wrong crawl id, is a problem.
    open: ({ store, history }, req) => {
      const { from, to } = history.pair(req.siteId, req.from, req.to);
      const rows = changeRows(history, req.siteId, { from: from.crawl_id, to: to.crawl_id });
      return {
        ...siteFile(store, req, `${req.name}-${from.crawl_id}-${to.crawl_id}`),
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
        filename: `${hostStem(store, campaign.site_id)}-campaign-${req.campaignId}-targets.${req.format}`,
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
