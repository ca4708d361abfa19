/** The domain services, built once per app from the store and the event bus. */
import { dirname } from 'node:path';
import type { Logger } from '../logger.js';
import type { Store } from '../store/index.js';
import { GscCredentials } from './analytics/gsc-credentials.js';
import { GscImport } from './analytics/gsc-import.js';
import { GscQueries } from './analytics/gsc-queries.js';
import { GscReport } from './analytics/gsc-report.js';
import { GscSync } from './analytics/gsc-sync.js';
import { GscWriter } from './analytics/gsc-writer.js';
import { OtherUrlsService } from './analytics/other-urls-service.js';
import { A11yCheckService } from './audit/a11y-check-service.js';
import { AuditService } from './audit/audit-service.js';
import { CampaignActions } from './campaigns/campaign-actions.js';
import { CampaignsService } from './campaigns/campaigns-service.js';
import { TargetAssessor } from './campaigns/target-assessor.js';
import { TargetsService } from './campaigns/targets-service.js';
import { CrawlService } from './crawl/crawl-service.js';
import { EmbeddingService } from './embeddings/embedding-service.js';
import { AuditExports } from './export/audit-exports.js';
import { ExportService } from './export/export-service.js';
import { ReportService } from './export/report/report-service.js';
import { GraphService } from './graph/graph-service.js';
import { PagesService } from './pages/pages-service.js';
import { SimilarityQueries } from './similarity/similarity-queries.js';
import { SimilarityService } from './similarity/similarity-service.js';
import type { EventBus } from './events.js';
import { JobsService } from './jobs/jobs-service.js';
import { SettingsService } from './settings/settings-service.js';
import { SitePasswords } from './sites/site-passwords.js';
import { SitesService } from './sites/sites-service.js';
import { HealthService } from './system/health-service.js';
import { ScheduleService } from './schedule/schedule-service.js';
import { TargetPolicy } from './crawl/target-policy.js';
import { HistoryService } from './history/history-service.js';
import { ExtractionService } from './extraction/extraction-service.js';
import { ExtractTester } from './extraction/extract-tester.js';
import { classifyUnclassifiedSites } from './pages/page-types-service.js';

export function createServices(
  store: Store,
  bus: EventBus,
  opts: {
    version: string;
    resourcesDir: string;
    logger: Logger;
    /** Where secrets and uploads live; defaults to the database's folder, which is the data dir. */
    dataDir?: string;
    /** The clock crawl schedules are read with (`next_crawl_at`); tests of the scheduler move it. */
    now?: () => Date;
  },
) {
  // Pages of a database from before page types get one from what is stored (#33).
  classifyUnclassifiedSites(store);
  const settings = new SettingsService(store);
  const crawlTargets = new TargetPolicy(() => settings.get().crawl_allow_restricted_addresses);
  const passwords = new SitePasswords(store.file);
  // Passwords of sites deleted (or cleared) when a crash came between the database and the secret store.
  passwords.keepOnly(store.siteCredentials.withPassword());
  const sites = new SitesService(store, bus, crawlTargets, passwords, opts.now);
  const history = new HistoryService(store, bus, settings);
  const jobs = new JobsService(store, bus);
  const pages = new PagesService(store);
  const dataDir = opts.dataDir ?? dirname(store.file);
  const gscCredentials = new GscCredentials(dataDir);
  const gscWriter = new GscWriter(store, sites);
  const gscQueries = new GscQueries(store);
  const embeddings = new EmbeddingService(store, bus, settings, pages, jobs, {
    ...opts,
    contentMoved: (siteId) => history.contentMoved(siteId),
  });
  const campaigns = new CampaignsService(store, bus, jobs, () => embeddings.available(), embeddings.passages);
  const assessor = new TargetAssessor(store, gscQueries, embeddings, settings);
  const audit = new AuditService(store, bus, jobs, settings, () =>
    embeddings.available() ? (pages) => embeddings.embedPages(pages) : undefined,
  );
  const crawl = new CrawlService(store, bus, sites, jobs, settings, crawlTargets, history, opts.logger);
  const extraction = new ExtractionService(store, bus, sites, jobs, crawl.extractor);
  return {
    bus,
    settings,
    crawlTargets,
    sites,
    schedules: new ScheduleService(store),
    jobs,
    crawl,
    extraction,
    extractTester: new ExtractTester(sites, extraction, crawl, crawlTargets),
    history,
    pages,
    embeddings,
    similarity: new SimilarityService(store, bus, settings, jobs, embeddings.passages),
    similarityQueries: new SimilarityQueries(store, pages),
    otherUrls: new OtherUrlsService(store),
    gscQueries,
    gscReport: new GscReport(store),
    gscCredentials,
    gscSync: new GscSync(jobs, sites, settings, gscCredentials, gscWriter),
    gscImport: new GscImport(store, jobs, sites, gscWriter, dataDir, bus),
    exports: new ExportService(
      store,
      new ReportService(store, settings, { version: opts.version, gsc: gscQueries }),
      new AuditExports(audit),
      history,
      pages,
    ),
    graph: new GraphService(store, bus),
    health: new HealthService(store, settings, opts),
    campaigns,
    targets: new TargetsService(store, bus, campaigns, assessor),
    campaignActions: new CampaignActions(store, bus, campaigns, assessor),
    audit,
    a11y: new A11yCheckService(store, bus, sites, jobs, crawl, opts.logger),
  };
}
export type Services = ReturnType<typeof createServices>;
