/**
 * The store handed to the domain: one database, a repository per table and a read model per query across tables.
 *
 * - `repos/<table>-repo.ts` owns a table (or a table with its satellites, as `pages` has `page_content`): its
 *   writes, and reads of its own rows. `crawl-depth-repo.ts` is a repository too: it writes the derived depth
 *   columns of `urls` and `pages` through its own temporary table.
 * - `views/<name>-view.ts` is a read model: it joins or aggregates tables other repositories own, writes nothing
 *   and owns no table.
 *
 * Both parse at the edge: rows come back typed, JSON columns already parsed, so the domain never parses a column.
 * The store keeps one flat object, views beside repositories, so callers read `store.pagesQuery` like
 * `store.pages`.
 */
import type { Db } from './db.js';
import { auditRepo } from './repos/audit-repo.js';
import { campaignsRepo } from './repos/campaigns-repo.js';
import { crawlDepthRepo } from './repos/crawl-depth-repo.js';
import { embeddingsRepo } from './repos/embeddings-repo.js';
import { extractorsRepo } from './repos/extractors-repo.js';
import { gscRowsRepo } from './repos/gsc-rows-repo.js';
import { historyRepo } from './repos/history-repo.js';
import { jobsRepo } from './repos/jobs-repo.js';
import { linkIndexesRepo } from './repos/link-indexes-repo.js';
import { linksRepo } from './repos/links-repo.js';
import { pageA11yRepo } from './repos/page-a11y-repo.js';
import { pageExtractsRepo } from './repos/page-extracts-repo.js';
import { pagesRepo } from './repos/pages-repo.js';
import { pageSkeletonsRepo } from './repos/page-skeletons-repo.js';
import { pageLabRepo } from './repos/page-lab-repo.js';
import { pageRendersRepo } from './repos/page-renders-repo.js';
import { resourcesRepo } from './repos/resources-repo.js';
import { robotsFilesRepo } from './repos/robots-files-repo.js';
import { settingsRepo } from './repos/settings-repo.js';
import { similarityRepo } from './repos/similarity-repo.js';
import { sitemapEntriesRepo } from './repos/sitemap-entries-repo.js';
import { siteCredentialsRepo } from './repos/site-credentials-repo.js';
import { sitesRepo } from './repos/sites-repo.js';
import { targetsRepo } from './repos/targets-repo.js';
import { templatesRepo } from './repos/templates-repo.js';
import { urlsRepo } from './repos/urls-repo.js';
import { anchorTextInputsView } from './views/anchor-text-inputs-view.js';
import { auditInputsView } from './views/audit-inputs-view.js';
import { soft404InputsView } from './views/soft-404-inputs-view.js';
import { campaignSignalsView } from './views/campaign-signals-view.js';
import { crawlSchedulesView } from './views/crawl-schedules-view.js';
import { graphView } from './views/graph-view.js';
import { gscFiguresView } from './views/gsc-figures-view.js';
import { linkIndexView } from './views/link-index-view.js';
import { otherUrlsView } from './views/other-urls-view.js';
import { pagesView } from './views/pages-view.js';
import { pageTypeInputsView } from './views/page-type-inputs-view.js';
import { passageSectionsView } from './views/passage-sections-view.js';
import { reportView } from './views/report-view.js';
import { siteStatsView } from './views/site-stats-view.js';
import { templateInputsView } from './views/template-inputs-view.js';

export function createStore(db: Db, file: string) {
  return {
    db,
    file,
    // Repositories: one per table.
    sites: sitesRepo(db),
    siteCredentials: siteCredentialsRepo(db),
    jobs: jobsRepo(db),
    settings: settingsRepo(db),
    urls: urlsRepo(db),
    pages: pagesRepo(db),
    links: linksRepo(db),
    linkIndexes: linkIndexesRepo(db),
    crawlDepth: crawlDepthRepo(db),
    embeddings: embeddingsRepo(db),
    similarity: similarityRepo(db),
    gscRows: gscRowsRepo(db),
    campaigns: campaignsRepo(db),
    targets: targetsRepo(db),
    audit: auditRepo(db),
    robotsFiles: robotsFilesRepo(db),
    resources: resourcesRepo(db),
    sitemapEntries: sitemapEntriesRepo(db),
    history: historyRepo(db),
    extractors: extractorsRepo(db),
    pageExtracts: pageExtractsRepo(db),
    pageSkeletons: pageSkeletonsRepo(db),
    pageA11y: pageA11yRepo(db),
    pageLab: pageLabRepo(db),
    pageRenders: pageRendersRepo(db),
    templates: templatesRepo(db),
    // Read models: queries across tables.
    siteStats: siteStatsView(db),
    pagesQuery: pagesView(db),
    pageTypeInputs: pageTypeInputsView(db),
    graph: graphView(db),
    linkIndex: linkIndexView(db),
    otherUrls: otherUrlsView(db),
    report: reportView(db),
    gscFigures: gscFiguresView(db),
    campaignSignals: campaignSignalsView(db),
    auditInputs: auditInputsView(db),
    anchorTextInputs: anchorTextInputsView(db),
    soft404Inputs: soft404InputsView(db),
    crawlSchedules: crawlSchedulesView(db),
    templateInputs: templateInputsView(db),
    passageSections: passageSectionsView(db),
    /** Synchronous transaction helper; never hold one across an await. */
    tx<T>(fn: () => T): T {
      return db.transaction(fn)();
    },
  };
}
export type Store = ReturnType<typeof createStore>;
export { openDatabase, schemaVersion, type Db } from './db.js';
export { DatabaseOpenError } from './errors.js';
