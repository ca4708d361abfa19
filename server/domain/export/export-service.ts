/**
 * Exports as streams: rows are read a page at a time and written as CSV (csv-stringify, with formula
 * injection neutralised), a JSON array or NDJSON, so memory stays flat whatever the site's size.
 */
import { stringify } from 'csv-stringify/sync';
import type { Store } from '../../store/index.js';
import { EXPORT_CONTENT_TYPES } from '../../schemas/export.js';
import type { TargetStatus } from '../../schemas/targets.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { CAMPAIGN_TARGETS, campaignTargetsDataset } from './campaign-targets-dataset.js';
import { safeCsvCell } from './csv-safety.js';
import { DATASETS, datasetNamed, type ExportFormat, type Row } from './datasets.js';
import { xlsxSheets, xlsxStream } from './xlsx-writer.js';
import { AUDIT_EXPORTS, FINDING_COLUMNS, ISSUE_COLUMNS, type AuditExports } from './audit-exports.js';
import type { ReportService } from './report/report-service.js';
import type { HistoryService } from '../history/history-service.js';
import { CHANGE_COLUMNS, CHANGES_EXPORT, changeRows } from './changes-export.js';

const CHUNK = 1000;

/** The report is a document rather than a dataset: it is listed with them and rendered whole. */
const REPORT = {
  name: 'report',
  formats: ['html', 'pdf'] as ExportFormat[],
  description:
    'A self-contained site report for clients: summary, charts, top issues, duplicate clusters, orphans, other URLs and Search Console top pages (HTML, or PDF printed by Chromium).',
};

export interface ExportStream {
  filename: string;
  contentType: string;
  body: AsyncIterable<string | Buffer> | Iterable<string | Buffer>;
}

export class ExportService {
  constructor(
    private readonly store: Store,
    private readonly report: ReportService,
    private readonly audit: AuditExports,
    private readonly history: HistoryService,
  ) {}

  list() {
    return {
      items: [...DATASETS, ...AUDIT_EXPORTS, CHANGES_EXPORT, CAMPAIGN_TARGETS, REPORT].map((d) => ({
        name: d.name,
        formats: d.formats,
        description: d.description,
      })),
    };
  }

  /**
   * Opens an export from the download's query: campaign exports are scoped by `campaign_id` (and filtered by
   * `status`), every other export by `site_id`. A missing scope is a 400 naming the parameter.
   */
  async openFor(
    name: string,
    format: string,
    q: {
      site_id?: number | undefined;
      campaign_id?: number | undefined;
      status?: readonly TargetStatus[] | undefined;
      from?: number | undefined;
      to?: number | undefined;
    },
  ): Promise<ExportStream> {
    const need = (param: 'site_id' | 'campaign_id') =>
      new ValidationError(`Invalid query: query.${param} is required for ${name}.${format}.`, [
        { path: `query.${param}`, message: `is required for ${name}.${format}` },
      ]);
    if (name === CAMPAIGN_TARGETS.name && CAMPAIGN_TARGETS.formats.includes(format as ExportFormat)) {
      if (q.campaign_id === undefined) throw need('campaign_id');
      return this.openCampaignTargets(format as ExportFormat, q.campaign_id, q.status);
    }
    if (name === CHANGES_EXPORT.name && CHANGES_EXPORT.formats.includes(format as ExportFormat)) {
      if (q.site_id === undefined) throw need('site_id');
      return this.openChanges(format as ExportFormat, q.site_id, q);
    }
    if (q.site_id !== undefined) return this.open(name, format, q.site_id);
    // An unknown name or format is a 404 whatever the query says.
    const known = (
      name === REPORT.name ? REPORT : (AUDIT_EXPORTS.find((e) => e.name === name) ?? datasetNamed(name))
    )?.formats.includes(format as ExportFormat);
    if (!known)
      throw new NotFoundError(
        `No export ${name}.${format}. GET /export lists the exports and their formats.`,
      );
    throw need('site_id');
  }

  private openCampaignTargets(
    format: ExportFormat,
    campaignId: number,
    statuses?: readonly TargetStatus[],
  ): ExportStream {
    const campaign = this.store.campaigns.get(campaignId);
    if (!campaign) throw new NotFoundError(`No campaign with id ${campaignId}.`);
    const dataset = campaignTargetsDataset({ campaignId, statuses });
    return {
      filename: `${this.filePrefix(campaign.site_id)}-campaign-${campaignId}-targets.${format}`,
      contentType: EXPORT_CONTENT_TYPES[format],
      body:
        format === 'xlsx'
          ? xlsxStream('targets', dataset.columns, this.chunks(dataset, campaign.site_id))
          : this.rows(this.chunks(dataset, campaign.site_id), dataset.columns, format),
    };
  }

  /** Resolves once the file can be sent: a missing site or Chromium fails here, before any byte is written. */
  async open(name: string, format: string, siteId: number): Promise<ExportStream> {
    // Only a format this export has: an unknown one is a 404 below, like any unknown export.
    if (name === CAMPAIGN_TARGETS.name && CAMPAIGN_TARGETS.formats.includes(format as ExportFormat)) {
      throw new ValidationError(`${name} is exported per campaign, not per site: give campaign_id instead.`, [
        { path: 'query.campaign_id', message: `is required for ${name}.${format}` },
      ]);
    }
    if (name === REPORT.name && REPORT.formats.includes(format as ExportFormat)) {
      const body = format === 'pdf' ? await this.report.pdf(siteId) : this.report.html(siteId);
      return {
        filename: `${this.filePrefix(siteId)}-report.${format}`,
        contentType: EXPORT_CONTENT_TYPES[format as ExportFormat],
        body: [body],
      };
    }
    const audit = AUDIT_EXPORTS.find((e) => e.name === name && e.formats.includes(format as ExportFormat));
    if (audit) return this.openAudit(name, format as ExportFormat, siteId);
    const dataset = datasetNamed(name);
    if (!dataset || !dataset.formats.includes(format as ExportFormat)) {
      throw new NotFoundError(
        `No export ${name}.${format}. GET /export lists the exports and their formats.`,
      );
    }
    const columns = dataset.columnsFor?.(this.store, siteId) ?? dataset.columns;
    return {
      filename: `${this.filePrefix(siteId)}-${name}.${format}`,
      contentType: EXPORT_CONTENT_TYPES[format as ExportFormat],
      body: dataset.stream
        ? dataset.stream(this.store, siteId, format as ExportFormat)
        : format === 'xlsx'
          ? xlsxStream(name, columns, this.chunks(dataset, siteId))
          : this.rows(this.chunks(dataset, siteId), columns, format as ExportFormat),
    };
  }

  /** Checked before the first byte: a site with fewer than two crawls, or a wrong crawl id, is a problem. */
  private openChanges(
    format: ExportFormat,
    siteId: number,
    q: { from?: number | undefined; to?: number | undefined },
  ): ExportStream {
    const { from, to } = this.history.pair(siteId, q.from, q.to);
    const rows = changeRows(this.history, siteId, { from: from.crawl_id, to: to.crawl_id });
    return {
      filename: `${this.filePrefix(siteId)}-changes-${from.crawl_id}-${to.crawl_id}.${format}`,
      contentType: EXPORT_CONTENT_TYPES[format],
      body:
        format === 'xlsx'
          ? xlsxStream('changes', CHANGE_COLUMNS, rows)
          : this.rows(rows, CHANGE_COLUMNS, 'csv'),
    };
  }

  private openAudit(name: string, format: ExportFormat, siteId: number): ExportStream {
    const filename = `${this.filePrefix(siteId)}-${name}.${format}`;
    const contentType = EXPORT_CONTENT_TYPES[format];
    if (name === 'issues')
      return { filename, contentType, body: this.rows(this.audit.issues(siteId), ISSUE_COLUMNS, 'csv') };
    if (format === 'xlsx') return { filename, contentType, body: xlsxSheets(this.audit.sheets(siteId)) };
    return { filename, contentType, body: this.rows(this.audit.findingRows(siteId), FINDING_COLUMNS, 'csv') };
  }

  private filePrefix(siteId: number): string {
    const site = this.store.sites.get(siteId);
    if (!site) throw new NotFoundError(`No site with id ${siteId}.`);
    return new URL(site.start_url).hostname.replace(/[^a-z0-9.-]/gi, '_');
  }

  /** The dataset's rows a chunk at a time, yielding to other requests between chunks. */
  private async *chunks(dataset: (typeof DATASETS)[number], siteId: number): AsyncGenerator<Row[]> {
    let after = 0;
    for (;;) {
      const { rows, last } = dataset.read!(this.store, siteId, after, CHUNK);
      if (rows.length) yield rows;
      if (last === null) return;
      after = last;
      await new Promise((r) => setImmediate(r));
    }
  }

  private async *rows(
    chunks: AsyncIterable<Row[]>,
    columns: string[],
    format: ExportFormat,
  ): AsyncGenerator<string> {
    let first = true;
    if (format === 'json') yield '[';
    for await (const rows of chunks) {
      yield encode(rows, format, columns, first);
      first = false;
    }
    // An empty CSV still has its header row.
    if (format === 'csv' && first) yield encode([], format, columns, true);
    if (format === 'json') yield ']\n';
  }
}

function encode(rows: Row[], format: ExportFormat, columns: string[], first: boolean): string {
  switch (format) {
    case 'csv':
      return stringify(rows, {
        header: first,
        columns,
        cast: {
          string: (v) => safeCsvCell(v),
          boolean: (v) => (v ? 'true' : 'false'),
        },
      });
    case 'ndjson':
      return rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
    case 'json':
      return (first ? '' : ',') + rows.map((r) => JSON.stringify(r)).join(',');
    default:
      throw new Error(`no table encoding for ${format}`);
  }
}
