/** The domain services, built once per app from the store and the event bus. */
import type { Logger } from '../logger.js';
import type { Store } from '../store/index.js';
import { OtherUrlsService } from './analytics/other-urls-service.js';
import { CrawlService } from './crawl/crawl-service.js';
import { EmbeddingService } from './embeddings/embedding-service.js';
import { ExportService } from './export/export-service.js';
import { GraphService } from './graph/graph-service.js';
import { PagesService } from './pages/pages-service.js';
import { SimilarityQueries } from './similarity/similarity-queries.js';
import { SimilarityService } from './similarity/similarity-service.js';
import type { EventBus } from './events.js';
import { JobsService } from './jobs/jobs-service.js';
import { SettingsService } from './settings/settings-service.js';
import { SitesService } from './sites/sites-service.js';
import { HealthService } from './system/health-service.js';

export function createServices(
  store: Store,
  bus: EventBus,
  opts: { version: string; resourcesDir: string; logger: Logger },
) {
  const settings = new SettingsService(store);
  const sites = new SitesService(store, bus);
  const jobs = new JobsService(store, bus);
  const pages = new PagesService(store);
  return {
    bus,
    settings,
    sites,
    jobs,
    crawl: new CrawlService(store, bus, sites, jobs, settings, opts.logger),
    pages,
    embeddings: new EmbeddingService(store, bus, settings, pages, jobs, opts),
    similarity: new SimilarityService(store, bus, settings, jobs),
    similarityQueries: new SimilarityQueries(store, pages),
    otherUrls: new OtherUrlsService(store),
    exports: new ExportService(store),
    graph: new GraphService(store),
    health: new HealthService(store, settings, opts),
  };
}
export type Services = ReturnType<typeof createServices>;
