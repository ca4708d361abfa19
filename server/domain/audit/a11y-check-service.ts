/**
 * The accessibility job (#36 §2): axe-core's checks on a site whose crawl did not render. Siteloupe keeps no page
 * HTML, so the job fetches each crawled HTML page that answered 200 again, as the crawl would (the site's user
 * agent, robots.txt, rate and credentials, through the crawl's own fetcher and throttle), renders it with axe alone
 * in a browser pool and stores what axe found, where a rendered crawl stores it (`page_a11y`); the audit then
 * reads it the same way. Pages go in id order, a few at a time; after each group the job saves the last page id
 * done, so a job interrupted by a restart goes on after it, and one that is cancelled keeps what it checked.
 */
import { AxeProbe } from '../../adapters/render-probe-axe.js';
import { BrowserUnavailableError, type BrowserPool } from '../../adapters/browser-pool.js';
import type { HttpFetcher } from '../../adapters/http-fetcher.js';
import type { Logger } from '../../logger.js';
import type { Store } from '../../store/index.js';
import type { A11yScan } from '../../schemas/a11y-scan.js';
import type { JobKind, JobOf, JobParamsOf, JobProgress, JobResultOf } from '../../schemas/jobs.js';
import { CrawlSettings } from '../../schemas/sites.js';
import { z } from 'zod';
import { decodeHtml } from '../crawl/charset.js';
import type { CrawlService } from '../crawl/crawl-service.js';
import { HostThrottle } from '../crawl/host-throttle.js';
import { isHtmlContentType } from '../crawl/indexability.js';
import { mimeOf } from '../crawl/page-builder.js';
import { RobotsCache } from '../crawl/robots-cache.js';
import { a11yScan } from '../crawl/a11y-record.js';
import { UnavailableError } from '../errors.js';
import type { EventBus } from '../events.js';
import type { JobsService } from '../jobs/jobs-service.js';
import type { SitesService } from '../sites/sites-service.js';

/** It rewrites what a crawl writes, and one check of a site at a time is enough. */
export const A11Y_EXCLUSIVE_WITH = ['crawl', 'accessibility'] as const satisfies readonly JobKind[];
/** Pages read from the store at once; the checkpoint's `after_id` moves after each group. */
const GROUP = 16;

const Checkpoint = z.object({
  /** Every page up to this id is done. */
  after_id: z.number().int(),
  /** Pages of the next group done already (they are written as they finish). */
  done_ids: z.array(z.number().int()),
  checked: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});
type Checkpoint = z.infer<typeof Checkpoint>;

export interface A11yJobContext {
  job: JobOf<'accessibility'>;
  params: JobParamsOf<'accessibility'>;
  signal: AbortSignal;
  progress(p: Partial<JobProgress>): void;
  loadCheckpoint(): unknown;
  saveCheckpoint(c: Checkpoint): void;
}

/** What happened to one page: checked (the scan is stored), skipped (robots, or it no longer answers HTML), failed. */
type Outcome = 'checked' | 'skipped' | 'failed';

export class A11yCheckService {
  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly sites: SitesService,
    private readonly jobs: JobsService,
    private readonly crawl: CrawlService,
    private readonly logger: Logger,
  ) {}

  /** Queues the job (409 while a crawl or another check of the site runs; 503 without Chromium). */
  start(siteId: number, input: { best_practices?: boolean | undefined }): JobOf<'accessibility'> {
    const site = this.sites.get(siteId);
    const settings = CrawlSettings.parse(site.settings);
    this.crawl.requireChromium();
    return this.jobs.create({
      kind: 'accessibility',
      site_id: siteId,
      params: { best_practices: input.best_practices ?? settings.accessibility_best_practices },
      exclusive_with: A11Y_EXCLUSIVE_WITH,
    });
  }

  async run(ctx: A11yJobContext): Promise<JobResultOf<'accessibility'>> {
    const siteId = ctx.job.site_id;
    if (siteId === null) throw new Error('an accessibility job needs a site');
    const started = Date.now();
    const site = this.sites.get(siteId);
    // Rendered for axe alone, whatever the site's render_js: the page's own console and lab figures are a crawl's.
    const settings = CrawlSettings.parse({ ...site.settings, render_js: 'on' });
    const bestPractices = ctx.params.best_practices;
    const { fetcher, renderer } = this.crawl.clients(siteId, settings, () => [new AxeProbe(bestPractices)]);
    const throttle = new HostThrottle(1000 / settings.max_requests_per_second);
    const robots = new RobotsCache(fetcher, throttle, {
      userAgent: settings.user_agent,
      timeoutMs: settings.timeout_ms,
      respect: settings.respect_robots,
      signal: ctx.signal,
    });
    const at = Checkpoint.nullable().catch(null).parse(ctx.loadCheckpoint()) ?? {
      after_id: 0,
      done_ids: [],
      checked: 0,
      skipped: 0,
      failed: 0,
    };
    const total = this.store.pageA11y.countTargets(siteId);
    const report = () =>
      ctx.progress({
        phase: 'checking',
        done: at.checked + at.skipped + at.failed,
        total,
        message: `Checked ${at.checked.toLocaleString('en')} of ${total.toLocaleString('en')} pages with axe-core`,
      });
    report();
    const page = { fetcher, renderer: renderer!, throttle, robots, settings, signal: ctx.signal };
    try {
      for (;;) {
        const group = this.store.pageA11y.targets(siteId, at.after_id, GROUP);
        if (!group.length) break;
        const done = new Set(at.done_ids);
        // Tabs render at once up to the pool's size; the throttle keeps the site's pace whatever that is. Each page
        // is written as it finishes, so a cancelled job keeps it and a resumed one skips it.
        await Promise.all(
          group
            .filter((p) => !done.has(p.id))
            .map(async (p) => {
              const o = await this.checkPage(p, page);
              ctx.signal.throwIfAborted();
              if (o.outcome === 'checked') this.store.tx(() => this.store.pageA11y.write(p.id, o.scan));
              at[o.outcome] += 1;
              at.done_ids.push(p.id);
              ctx.saveCheckpoint({ ...at, done_ids: [...at.done_ids] });
              report();
            }),
        );
        at.after_id = group[group.length - 1]!.id;
        at.done_ids = [];
        ctx.saveCheckpoint({ ...at, done_ids: [] });
      }
    } finally {
      await Promise.allSettled([fetcher.close(), renderer?.close()]);
      this.bus.emit('site.updated', { site_id: siteId, changes: ['pages'] });
    }
    const coverage = this.store.pageA11y.coverage(siteId);
    return {
      pages: total,
      checked: at.checked,
      skipped: at.skipped,
      failed: at.failed,
      failing_pages: coverage.failing,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  }

  /** Fetches one page politely and renders it with axe; what went wrong is the page's outcome, not the job's. */
  private async checkPage(
    target: { id: number; url: string },
    c: {
      fetcher: HttpFetcher;
      renderer: BrowserPool;
      throttle: HostThrottle;
      robots: RobotsCache;
      settings: CrawlSettings;
      signal: AbortSignal;
    },
  ): Promise<{ outcome: 'checked'; scan: A11yScan } | { outcome: Exclude<Outcome, 'checked'> }> {
    const { settings: s, signal } = c;
    if (!(await c.robots.isAllowed(target.url))) return { outcome: 'skipped' };
    await c.throttle.wait(new URL(target.url).host, signal);
    const fetched = await c.fetcher.fetch(target.url, {
      userAgent: s.user_agent,
      timeoutMs: s.timeout_ms,
      maxBytes: s.max_page_bytes,
      signal,
      wantBody: (status, headers) =>
        status === 200 && isHtmlContentType(mimeOf(headers['content-type']) ?? ''),
    });
    if (!fetched.ok) return { outcome: 'failed' };
    const res = fetched.result;
    // A page that now redirects, fails or is no longer HTML is the next crawl's to record; its old result stays.
    if (res.status !== 200 || !res.body) return { outcome: 'skipped' };
    try {
      const { text } = decodeHtml(res.body, res.headers['content-type'] ?? null);
      const out = await c.renderer.render({
        url: target.url,
        status: res.status,
        headers: res.headers,
        body: text,
        timeoutMs: s.timeout_ms,
        userAgent: s.user_agent,
        signal,
      });
      const scan = a11yScan(out.observed);
      return scan ? { outcome: 'checked', scan } : { outcome: 'failed' };
    } catch (err) {
      signal.throwIfAborted();
      // No Chromium fails the job (503), rather than every page quietly going unchecked.
      if (err instanceof BrowserUnavailableError) {
        throw new UnavailableError('chromium-unavailable', err.message, { cause: err });
      }
      this.logger.warn(`accessibility check of ${target.url} failed: ${(err as Error).message}`);
      return { outcome: 'failed' };
    }
  }
}
