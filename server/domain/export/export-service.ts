/**
 * Exports as streams, opened from the registry (export-registry.ts): the list `GET /export` shows, a download
 * scoped by its query, and one site's export for the CLI. Rows are read a page at a time, so memory stays flat
 * whatever the site's size.
 */
import type { Store } from '../../store/index.js';
import type { ExportInfo } from '../../schemas/export.js';
import type { ExportQuery } from '../../schemas/export.js';
import type { PagesService } from '../pages/pages-service.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { HistoryService } from '../history/history-service.js';
import type { AuditExports } from './audit-exports.js';
import { EXPORTS, exportOf, type ExportDeps, type ExportStream } from './export-registry.js';
import type { ReportService } from './report/report-service.js';

export type { ExportStream } from './export-registry.js';

export class ExportService {
  private readonly deps: ExportDeps;

  constructor(
    store: Store,
    report: ReportService,
    audit: AuditExports,
    history: HistoryService,
    pages: PagesService,
  ) {
    this.deps = { store, report, audit, history, pages };
  }

  list(): { items: ExportInfo[] } {
    return {
      items: Object.entries(EXPORTS).map(([name, e]) => ({
        name,
        formats: [...e.formats],
        description: e.description,
      })),
    };
  }

  /**
   * Opens an export from the download's query: campaign exports are scoped by `campaign_id` (and filtered by
   * `status`), every other export by `site_id`. An unknown name or format is a 404 whatever the query says; a
   * missing scope, or a list parameter the export does not take (a page filter on `links.csv`), is a 400 naming
   * the parameter.
   */
  async openFor(name: string, format: string, q: ExportQuery): Promise<ExportStream> {
    const { entry, format: known } = this.find(name, format);
    const need = (param: 'site_id' | 'campaign_id') =>
      new ValidationError(`Invalid query: query.${param} is required for ${name}.${format}.`, [
        { path: `query.${param}`, message: `is required for ${name}.${format}` },
      ]);
    const { site_id, campaign_id, status, ...list } = q;
    const takes = new Set<string>(entry.takes ?? []);
    const foreign = Object.keys(list).filter(
      (k) =>
        list[k as keyof typeof list] !== undefined &&
        !takes.has(k) &&
        !(k.startsWith('extract.') && takes.has('sort')),
    );
    if (foreign.length) {
      const them = foreign.map((k) => `\`${k}\``).join(', ');
      const takesText = entry.takes?.length
        ? `it takes ${entry.takes.map((k) => `\`${k}\``).join(', ')}`
        : 'it takes no list parameter';
      throw new ValidationError(
        `${them} ${foreign.length > 1 ? 'do' : 'does'} not apply to ${name}.${format}: ${takesText}.`,
        foreign.map((k) => ({ path: `query.${k}`, message: `does not apply to ${name}.${format}` })),
      );
    }
    if (entry.scope === 'campaign') {
      if (campaign_id === undefined) throw need('campaign_id');
      return entry.open(this.deps, { name, format: known, campaignId: campaign_id, statuses: status });
    }
    if (site_id === undefined) throw need('site_id');
    return entry.open(this.deps, { name, format: known, siteId: site_id, query: list });
  }

  /** One site's export, as the CLI writes it; a per-campaign export is refused, naming what it needs. */
  async open(name: string, format: string, siteId: number): Promise<ExportStream> {
    const { entry, format: known } = this.find(name, format);
    if (entry.scope === 'campaign') {
      throw new ValidationError(`${name} is exported per campaign, not per site: give campaign_id instead.`, [
        { path: 'query.campaign_id', message: `is required for ${name}.${format}` },
      ]);
    }
    return entry.open(this.deps, { name, format: known, siteId, query: {} });
  }

  private find(name: string, format: string) {
    const found = exportOf(name, format);
    if (!found)
      throw new NotFoundError(
        `No export ${name}.${format}. GET /export lists the exports and their formats.`,
      );
    return found;
  }
}
