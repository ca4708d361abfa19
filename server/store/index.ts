/** The store handed to the domain: one database and one repository per table. */
import type { Db } from './db.js';
import { campaignSignalsRepo } from './repos/campaign-signals-repo.js';
import { campaignsRepo } from './repos/campaigns-repo.js';
import { crawlDepthRepo } from './repos/crawl-depth-repo.js';
import { embeddingsRepo } from './repos/embeddings-repo.js';
import { graphRepo } from './repos/graph-repo.js';
import { gscFiguresRepo } from './repos/gsc-figures-repo.js';
import { gscRowsRepo } from './repos/gsc-rows-repo.js';
import { jobsRepo } from './repos/jobs-repo.js';
import { linksRepo } from './repos/links-repo.js';
import { otherUrlsRepo } from './repos/other-urls-repo.js';
import { pagesQueryRepo } from './repos/pages-query-repo.js';
import { pagesRepo } from './repos/pages-repo.js';
import { reportRepo } from './repos/report-repo.js';
import { urlsRepo } from './repos/urls-repo.js';
import { settingsRepo } from './repos/settings-repo.js';
import { siteStatsRepo } from './repos/site-stats-repo.js';
import { similarityRepo } from './repos/similarity-repo.js';
import { sitesRepo } from './repos/sites-repo.js';
import { targetsRepo } from './repos/targets-repo.js';

export function createStore(db: Db, file: string) {
  return {
    db,
    file,
    sites: sitesRepo(db),
    siteStats: siteStatsRepo(db),
    jobs: jobsRepo(db),
    settings: settingsRepo(db),
    urls: urlsRepo(db),
    pages: pagesRepo(db),
    links: linksRepo(db),
    crawlDepth: crawlDepthRepo(db),
    pagesQuery: pagesQueryRepo(db),
    graph: graphRepo(db),
    embeddings: embeddingsRepo(db),
    similarity: similarityRepo(db),
    otherUrls: otherUrlsRepo(db),
    report: reportRepo(db),
    gscFigures: gscFiguresRepo(db),
    gscRows: gscRowsRepo(db),
    campaigns: campaignsRepo(db),
    targets: targetsRepo(db),
    campaignSignals: campaignSignalsRepo(db),
    /** Synchronous transaction helper; never hold one across an await. */
    tx<T>(fn: () => T): T {
      return db.transaction(fn)();
    },
  };
}
export type Store = ReturnType<typeof createStore>;
export { openDatabase, schemaVersion, type Db } from './db.js';
export { DatabaseOpenError } from './errors.js';
