/**
 * Crawls as the API and the job runner see them: starting (one crawl per site at a time, Chromium checked up
 * front when rendering is asked for), cancelling and resuming crawl jobs, and running one inside a job.
 */
import { HttpFetcher } from '../../adapters/http-fetcher.js';
import { BrowserPool } from '../../adapters/browser-pool.js';
import { ConsoleProbe } from '../../adapters/render-probe-console.js';
import { AxeProbe } from '../../adapters/render-probe-axe.js';
import type { RenderProbeFactory } from '../../adapters/render-probe.js';
import { locateChromium } from '../../adapters/chromium-locator.js';
import { LAB_BLOCKED_TYPES, labProbes } from '../../adapters/render-probe-lab.js';
import type { Store } from '../../store/index.js';
import type { CrawlStart } from '../../schemas/crawl.js';
import type { JobKind, JobOf, JobParamsOf } from '../../schemas/jobs.js';
import { CrawlSettings } from '../../schemas/sites.js';
import type { Logger } from '../../logger.js';
import { ConflictError, NotFoundError, UnavailableError, ValidationError } from '../errors.js';
import type { EventBus } from '../events.js';
import type { JobsService } from '../jobs/jobs-service.js';
import type { SettingsService } from '../settings/settings-service.js';
import type { SitesService } from '../sites/sites-service.js';
import { capital, siteLabel } from '../sites/site-label.js';
import { CrawlCheckpoint, Crawler, type CrawlProgress, type CrawlReport } from './crawler.js';
import { ExtractorPool } from './extract-pool.js';
import type { TargetPolicy } from './target-policy.js';
import type { HistoryService } from '../history/history-service.js';
import { splitUrlCredentials, type UrlCredentials } from '../../store/url-credentials.js';
import { extractRules } from '../extraction/extract-rule.js';
import { extractLimits } from '../extraction/extract-limits.js';

/** RFC 7617 Basic credentials, UTF-8 encoded. */
const basicAuthorization = (c: UrlCredentials) =>
  `Basic ${Buffer.from(`${c.username}:${c.password}`, 'utf8').toString('base64')}`;

/** Work that reads or rewrites a site's pages must not overlap a crawl of it. */
export const CRAWL_EXCLUSIVE_WITH = ['crawl'] as const satisfies readonly JobKind[];

export interface CrawlJobContext {
  job: JobOf<'crawl'>;
  params: JobParamsOf<'crawl'>;
  signal: AbortSignal;
  progress(p: CrawlProgress): void;
  /** What the job saved; anything else (a corrupt row) starts the start-up steps over. */
  loadCheckpoint(): unknown;
  saveCheckpoint(c: CrawlCheckpoint): void;
}

export class CrawlService {
  /**
   * Shared by every crawl, the extractor tester and `extract_apply`, under the app's extraction limits; its
   * workers stop on their own when nothing has used them for a while.
   */
  readonly extractor = new ExtractorPool({ limits: () => extractLimits(this.settings.get()) });

  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly sites: SitesService,
    private readonly jobs: JobsService,
    private readonly settings: SettingsService,
    private readonly targets: TargetPolicy,
    private readonly history: HistoryService,
    private readonly logger: Logger,
  ) {}

  /** Refuses up front (503) work that renders when no Chromium is found. */
  requireChromium(): void {
    this.chromiumPath();
  }

  private chromiumPath(): string {
    const path = locateChromium(this.settings.get().chromium_path);
    if (!path) {
      throw new UnavailableError(
        'chromium-unavailable',
        'JavaScript rendering needs Chromium, and none was found. Install it (Debian/Ubuntu: `apt-get install chromium`), or set `chromium_path` in /settings or the CHROME_PATH environment variable, or crawl with render_js: off.',
      );
    }
    return path;
  }

  /**
   * Refuses at once a crawl whose start URL it may not reach (the setting may have changed since the site was
   * added, or its name resolves elsewhere now); every connection is checked again while it runs. `origin` marks
   * a crawl the site's schedule started, so history and the scheduler can tell it from one a person started.
   */
  async start(
    input: CrawlStart,
    origin: Pick<JobParamsOf<'crawl'>, 'trigger' | 'scheduled_for'> = {},
  ): Promise<JobOf<'crawl'>> {
    const site = this.sites.get(input.site_id);
    const settings = CrawlSettings.parse({ ...site.settings, ...input.settings });
    if (settings.render_js !== 'off') this.chromiumPath();
    const refused = input.mode === 'spider' ? await this.targets.check(new URL(site.start_url)) : null;
    if (refused)
      throw new ValidationError(`${capital(siteLabel(this.store, site))} cannot be crawled: ${refused}`, []);
    // Job parameters are listed by the API: a list URL's `user:pass@` is not kept there.
    const urls = input.urls?.map((u) => splitUrlCredentials(u).href);
    // Checked again after the await: a site deleted meanwhile is a 404, not a job for nothing.
    this.sites.require(input.site_id);
    return this.jobs.create({
      kind: 'crawl',
      site_id: input.site_id,
      params: {
        mode: input.mode,
        ...(urls ? { urls } : {}),
        ...(input.settings ? { settings: input.settings } : {}),
        ...origin,
      },
      exclusive_with: CRAWL_EXCLUSIVE_WITH,
    });
  }

  private crawlJob(jobId: number): JobOf<'crawl'> {
    const job = this.jobs.get(jobId);
    if (job.kind !== 'crawl') throw new NotFoundError(`Job ${jobId} is a ${job.kind} job, not a crawl.`);
    return job;
  }

  cancel(jobId: number): JobOf<'crawl'> {
    this.crawlJob(jobId);
    this.jobs.cancel(jobId);
    return this.crawlJob(jobId);
  }

  /** A cancelled or failed crawl continues from its frontier. */
  resume(jobId: number): JobOf<'crawl'> {
    const job = this.crawlJob(jobId);
    if (job.status !== 'cancelled' && job.status !== 'failed') {
      throw new ConflictError(
        `Crawl ${jobId} is ${job.status}; only a cancelled or failed crawl can be resumed.`,
      );
    }
    this.jobs.resume(jobId, CRAWL_EXCLUSIVE_WITH);
    return this.crawlJob(jobId);
  }

  /**
   * The fetcher and (when the settings render) the browser a crawl of the site uses: its credentials for its own
   * origin, every connection checked against the target policy. The caller closes both.
   */
  clients(
    siteId: number,
    settings: CrawlSettings,
    /** The render probes to run instead of the ones the settings ask for (the accessibility job's axe alone). */
    only?: RenderProbeFactory,
  ): { fetcher: HttpFetcher; renderer: BrowserPool | null } {
    const auth = this.sites.credentials(siteId);
    const fetcher = new HttpFetcher({
      connectionsPerOrigin: settings.concurrency,
      timeoutMs: settings.timeout_ms,
      refuse: this.targets.refuse,
      credentials: auth && { origin: auth.origin, authorization: basicAuthorization(auth.credentials) },
    });
    // One per crawl: its tabs share what the site's resources weigh (render-probe-lab.ts).
    const lab = settings.lab_metrics && !only ? labProbes(settings.lab_profile) : () => [];
    // Last: axe's own work in the page must not count as the page's (the lab's blocking time, its console).
    const a11y: RenderProbeFactory = settings.accessibility_checks
      ? () => [new AxeProbe(settings.accessibility_best_practices)]
      : () => [];
    const renderer =
      settings.render_js === 'off'
        ? null
        : new BrowserPool({
            executablePath: this.chromiumPath(),
            maxPages: Math.min(settings.concurrency, 4),
            refuse: this.targets.refuse,
            credentials: auth && {
              origin: auth.origin,
              authorization: basicAuthorization(auth.credentials),
            },
            // What rendering reveals besides the DOM (#36): console errors and the scripts the page asked for.
            // The lab's first: another probe's work in the page (axe) would count as the page's blocking time.
            probes: only ?? (() => [...lab(), new ConsoleProbe(), ...a11y()]),
            // LCP is often an image and weight is mostly images and fonts: with lab metrics they load.
            ...(settings.lab_metrics && !only ? { blockResourceTypes: [...LAB_BLOCKED_TYPES] } : {}),
          });
    return { fetcher, renderer };
  }

  /** Runs a crawl job (called by the job runner). */
  async run(ctx: CrawlJobContext): Promise<CrawlReport> {
    const siteId = ctx.job.site_id;
    if (siteId === null) throw new NotFoundError('A crawl job needs a site.');
    const site = this.sites.get(siteId);
    const params = ctx.params;
    const settings = CrawlSettings.parse({ ...site.settings, ...params.settings });
    const { fetcher, renderer } = this.clients(siteId, settings);
    const ruleRows = this.store.extractors.list(siteId);
    const rules = extractRules(ruleRows);
    try {
      const crawler = new Crawler(
        this.store,
        fetcher,
        renderer,
        {
          siteId,
          startUrl: site.start_url,
          settings,
          mode: params.mode,
          listUrls: params.urls ?? [],
          signal: ctx.signal,
          checkpoint: CrawlCheckpoint.nullable().catch(null).parse(ctx.loadCheckpoint()),
          saveCheckpoint: (c) => ctx.saveCheckpoint(c),
          progress: (p) => ctx.progress(p),
          rules,
        },
        this.logger,
        this.extractor,
      );
      const report = await crawler.crawl();
      // A spider crawl is the site as it stands: the snapshot later crawls are compared with. A list crawl
      // fetched only the URLs it was given, so it is no picture of the site.
      if (params.mode === 'spider') {
        // Every page the crawl reached now carries these rules' values (a rule changed meanwhile stays stale).
        this.store.extractors.markFresh(ruleRows);
        this.history.snapshotCrawl(siteId, ctx.job.id);
      }
      return report;
    } finally {
      await Promise.allSettled([fetcher.close(), renderer?.close()]);
      this.bus.emit('site.updated', { site_id: siteId, changes: ['site', 'pages', 'links'] });
    }
  }
}
