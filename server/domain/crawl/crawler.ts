/**
 * One crawl of one site: seeds and sitemaps into the frontier, `concurrency` workers that claim URLs, respect
 * robots.txt and per-host pacing, fetch, extract (rendering when asked) and hand results to a batched writer.
 * Everything the crawl knows lives in SQLite, so memory stays flat and a killed crawl resumes where its last
 * committed batch ended. Finishing touches (depths, redirect chains, link counts) are in crawl-finalize.ts.
 */
import { setMaxListeners } from 'node:events';
import { z } from 'zod';
import type { HttpFetcher } from '../../adapters/http-fetcher.js';
import type { Store } from '../../store/index.js';
import type { UrlRow } from '../../store/repos/urls-repo.js';
import { nowIso } from '../../store/clock.js';
import type { CrawlSettings } from '../../schemas/sites.js';
import { sourceBit } from '../../schemas/crawl.js';
import type { Logger } from '../../logger.js';
import type { ExtractRule } from '../extraction/extract-rule.js';
import { CrawlFrontier } from './crawl-frontier.js';
import { finalizeCrawl, type FinalizeReport } from './crawl-finalize.js';
import { CrawlWriter } from './crawl-writer.js';
import { failedPage, type PageContext } from './page-builder.js';
import { inlineExtractor, type PageExtractor } from './extract-pool.js';
import { fetchPage, type PageRenderer } from './page-fetch.js';
import { HostThrottle } from './host-throttle.js';
import { RobotsCache } from './robots-cache.js';
import { renderJudge, type RenderJudge } from './render-compare.js';
import { ResourceChecker } from './resource-checker.js';
import { createScope } from './scope.js';
import { discoverSitemapUrls } from './sitemap-discovery.js';
import { normalizeUrl } from './url-normalizer.js';

/** Which start-up steps a crawl has done; the frontier itself lives in `urls`. */
export const CrawlCheckpoint = z.object({ seeded: z.boolean(), sitemaps_done: z.boolean() });
export type CrawlCheckpoint = z.infer<typeof CrawlCheckpoint>;

const RESOURCE_PHASE = 'checking resources';

export interface CrawlProgress {
  phase: string;
  done: number;
  total: number | null;
  message: string;
}

export interface CrawlRun {
  siteId: number;
  startUrl: string;
  settings: CrawlSettings;
  mode: 'spider' | 'list';
  listUrls: string[];
  signal: AbortSignal;
  checkpoint: CrawlCheckpoint | null;
  saveCheckpoint(c: CrawlCheckpoint): void;
  /** The site's custom extraction rules (#21), run on every HTML page. */
  rules?: ExtractRule[];
  progress(p: CrawlProgress): void;
}

export interface CrawlReport extends FinalizeReport {
  fetched: number;
  errors: number;
  /** URLs the spider-trap rules kept from the queue (docs/crawler.md "Traps"). */
  trap_urls: number;
  seconds: number;
  pages_per_second: number;
  /** What the analyst should know about how the crawl ran, e.g. a robots.txt Crawl-delay Siteloupe capped. */
  notes: string[];
  /** Resources and external link targets checked after the pages (resource-checker.ts). */
  resources_checked: number;
  /** No external host answered: their URLs were not checked. */
  external_unreachable: boolean;
}

export class Crawler {
  private readonly frontier: CrawlFrontier;
  private readonly writer: CrawlWriter;
  private readonly throttle: HostThrottle;
  private readonly robots: RobotsCache;
  private readonly externalRobots: RobotsCache;
  /** What a rendered page's raw HTML is compared with the rendered DOM by (render-compare.ts). */
  private readonly judge: RenderJudge;
  private readonly scope: ReturnType<typeof createScope>;
  private fetched = 0;
  private errors = 0;
  private inFlight = 0;
  private claimed: UrlRow[] = [];
  private readonly notes: string[] = [];
  private phase = 'starting';
  private wake: (() => void) | null = null;
  /** Set once the resource phase reports its own counts, which a note then repeats. */
  private resourceCounts: { done: number; total: number } | null = null;

  constructor(
    private readonly store: Store,
    private readonly fetcher: HttpFetcher,
    private readonly renderer: PageRenderer | null,
    private readonly run: CrawlRun,
    private readonly logger: Logger,
    private readonly extractor: PageExtractor = inlineExtractor,
  ) {
    const s = run.settings;
    // Every fetch, robots read and throttle wait listens on the crawl's signal: many listeners by design.
    setMaxListeners(0, run.signal);
    this.scope = createScope({
      origin: new URL(run.startUrl).origin,
      followSubdomains: s.follow_subdomains,
      include: s.include_patterns,
      exclude: s.exclude_patterns,
    });
    this.frontier = new CrawlFrontier(store, run.siteId, this.scope, {
      maxDepth: s.max_depth,
      maxRedirects: s.max_redirects,
    });
    this.writer = new CrawlWriter(
      store,
      run.siteId,
      this.frontier,
      () => this.notify(),
      (run.rules ?? []).map((r) => r.id),
    );
    this.throttle = new HostThrottle(1000 / s.max_requests_per_second);
    this.robots = new RobotsCache(fetcher, this.throttle, {
      userAgent: s.user_agent,
      timeoutMs: s.timeout_ms,
      respect: s.respect_robots,
      signal: run.signal,
      onRead: (file) => store.robotsFiles.put(run.siteId, file),
      onNote: (note) => this.note(note),
    });
    // Other hosts' robots.txt is obeyed for what pages load, but not kept: the audit quotes the site's own.
    this.externalRobots = new RobotsCache(fetcher, this.throttle, {
      userAgent: s.user_agent,
      timeoutMs: s.timeout_ms,
      respect: s.respect_robots,
      signal: run.signal,
    });
    this.judge = renderJudge((u) => this.scope.isInternal(u), {
      internal: this.robots,
      external: this.externalRobots,
    });
  }

  async crawl(): Promise<CrawlReport> {
    const started = Date.now();
    const checkpoint = this.run.checkpoint ?? { seeded: false, sitemaps_done: false };
    if (!checkpoint.seeded) {
      this.seed();
      checkpoint.seeded = true;
      this.run.saveCheckpoint(checkpoint);
    } else {
      this.store.urls.resetFetching(this.run.siteId);
    }
    this.fetched = this.store.urls.counts(this.run.siteId).done ?? 0;
    this.report('starting');

    if (!checkpoint.sitemaps_done && this.run.mode === 'spider' && this.run.settings.use_sitemaps) {
      await this.ingestSitemaps();
      checkpoint.sitemaps_done = true;
      this.run.saveCheckpoint(checkpoint);
    }

    const workers = Array.from({ length: this.run.settings.concurrency }, () => this.worker());
    const ticker = setInterval(() => this.report('crawling'), 500);
    try {
      await Promise.all(workers);
    } finally {
      clearInterval(ticker);
      this.writer.flush();
    }
    this.run.signal.throwIfAborted();

    this.run.progress({
      phase: 'finalizing',
      done: this.fetched,
      total: this.fetched,
      message: 'Computing depths and link counts',
    });
    this.frontier.settleUnreached();
    const report = finalizeCrawl(this.store, this.run.siteId, {
      spider: this.run.mode === 'spider',
      maxRedirects: this.run.settings.max_redirects,
    });
    // After the pages, and after the pages an earlier crawl had and this one did not reach are gone (with what
    // they used): what pages load never holds up finding pages.
    const resources = await this.checkResources();
    const seconds = (Date.now() - started) / 1000;
    return {
      ...report,
      fetched: this.fetched,
      // From the stored rows, not the running tally: redirect loops are only known once finalized, and a resumed
      // crawl's tally starts again at 0 (the site stats and the report count the same rows).
      errors: this.store.siteStats.crawlErrors(this.run.siteId),
      trap_urls: Object.values(this.frontier.trapped).reduce((a, b) => a + b, 0),
      seconds: Math.round(seconds * 10) / 10,
      pages_per_second: seconds > 0 ? Math.round((this.fetched / seconds) * 10) / 10 : 0,
      notes: [...this.notes],
      resources_checked: resources.checked,
      external_unreachable: resources.offline,
    };
  }

  /** Images, stylesheets, scripts, fonts and external links, each checked once (docs/crawler.md). */
  private checkResources(): Promise<{ checked: number; offline: boolean }> {
    const s = this.run.settings;
    // The checker reports the phase's own counts from its start (the pages' counts would read as its progress).
    this.phase = RESOURCE_PHASE;
    return new ResourceChecker(this.store, this.fetcher, this.throttle, {
      siteId: this.run.siteId,
      settings: s,
      signal: this.run.signal,
      isInternal: (u) => this.scope.isInternal(u),
      robots: {
        internal: this.robots,
        external: this.externalRobots,
      },
      note: (n) => this.note(n),
      progress: (done, total) => this.reportResources(done, total),
    }).run();
  }

  private reportResources(done: number, total: number): void {
    this.resourceCounts = { done, total };
    this.run.progress({
      phase: RESOURCE_PHASE,
      done,
      total,
      message: `${done} of ${total} resources and external links checked${this.notes.length ? `. ${this.notes.join(' ')}` : ''}`,
    });
  }

  /** Kept for the job result, and shown in every progress message meanwhile: a capped wait explains a slow crawl. */
  private note(note: string): void {
    this.notes.push(note);
    this.logger.warn(`crawl: ${note}`);
    if (this.resourceCounts) this.reportResources(this.resourceCounts.done, this.resourceCounts.total);
    else this.report(this.phase);
  }

  /**
   * A fresh crawl: every known URL becomes stale (ids kept) and what the sitemaps listed is forgotten (this crawl
   * may read none), then the seeds are queued.
   */
  private seed(): void {
    const keep = sourceBit('gsc');
    const q = this.run.settings.query_params;
    this.store.tx(() => {
      this.store.urls.beginFresh(this.run.siteId, keep);
      this.store.robotsFiles.clear(this.run.siteId);
      this.store.sitemapEntries.clearSite(this.run.siteId);
      this.store.resources.beginFresh(this.run.siteId);
      const seeds = this.run.mode === 'spider' ? [this.run.startUrl] : this.run.listUrls;
      for (const raw of seeds) {
        const url = normalizeUrl(raw, raw, q);
        if (url)
          this.frontier.discover({
            url,
            source: this.run.mode === 'list' ? 'list' : 'link',
            depth: 0,
            followable: true,
          });
      }
    });
  }

  private async ingestSitemaps(): Promise<void> {
    this.report('reading sitemaps');
    const origin = new URL(this.run.startUrl).origin;
    const rules = await this.robots.rulesFor(this.run.startUrl);
    const roots = [...rules.sitemaps, `${origin}/sitemap.xml`];
    // What the sitemaps listed is this reading's alone (a resumed crawl reads them whole again).
    this.store.tx(() => this.store.sitemapEntries.clearSite(this.run.siteId));
    const batch: { url: string; sitemap: string }[] = [];
    const flush = () => {
      this.store.tx(() => {
        for (const { url, sitemap } of batch) {
          const id = this.frontier.discover({ url, source: 'sitemap', depth: null, followable: true });
          this.store.sitemapEntries.add(id, sitemap);
        }
      });
      batch.length = 0;
    };
    const q = this.run.settings.query_params;
    for await (const { loc, sitemap } of discoverSitemapUrls(this.fetcher, this.throttle, roots, {
      userAgent: this.run.settings.user_agent,
      timeoutMs: this.run.settings.timeout_ms,
      maxUrls: Math.max(this.run.settings.max_pages * 2, 1000),
      signal: this.run.signal,
      isInternal: (u) => this.scope.isInternal(u),
    })) {
      const url = normalizeUrl(loc, loc, q);
      if (url && this.scope.isInternal(url)) batch.push({ url, sitemap });
      if (batch.length >= 1000) flush();
    }
    flush();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /** Next URL to fetch, respecting max_pages (claimed URLs count, as every claimed URL will be fetched). */
  private next(): UrlRow | undefined {
    if (!this.claimed.length) {
      const budget = this.run.settings.max_pages - this.fetched - this.inFlight;
      const n = Math.min(budget, this.run.settings.concurrency * 2);
      // URLs no link has reached wait until nothing is running that could still link to them.
      this.claimed = this.frontier.claim(n, true);
      if (!this.claimed.length && this.inFlight === 0 && !this.writer.pending)
        this.claimed = this.frontier.claim(n, false);
    }
    return this.claimed.shift();
  }

  private async worker(): Promise<void> {
    const { signal } = this.run;
    while (!signal.aborted) {
      const url = this.next();
      if (!url) {
        // Nothing claimable: written-but-unflushed results may hold new URLs; otherwise wait for running
        // fetches, and finish (waking the others) when none is left.
        if (this.writer.pending) {
          this.writer.flush();
          continue;
        }
        if (this.inFlight === 0) {
          this.notify();
          return;
        }
        await new Promise<void>((resolve) => {
          const prev = this.wake;
          this.wake = () => {
            prev?.();
            resolve();
          };
        });
        continue;
      }
      this.inFlight++;
      try {
        await this.process(url);
      } catch (err) {
        if (signal.aborted) {
          // The URL stays `fetching` and goes back to the queue on resume.
          return;
        }
        // A bug must not stall the crawl or loop on one URL: record it as failed and go on.
        this.logger.error(`crawl: ${url.url} failed unexpectedly`, err);
        this.errors++;
        this.writer.add(failedPage(this.contextFor(url), 'protocol', null));
      } finally {
        this.inFlight--;
        this.notify();
      }
    }
  }

  private async process(url: UrlRow): Promise<void> {
    if (!(await this.robots.isAllowed(url.url))) {
      this.frontier.takeRedirectHop(url.id);
      this.writer.skip(url.id, 'blocked_by_robots');
      return;
    }
    const s = this.run.settings;
    await this.throttle.wait(new URL(url.url).host, this.run.signal);
    const record = await fetchPage(this.fetcher, this.renderer, this.extractor, {
      ctx: this.contextFor(url),
      settings: s,
      signal: this.run.signal,
      rules: this.run.rules,
      judge: this.judge,
    });
    this.fetched++;
    if (record.page.fetch_error || (record.page.status_code ?? 0) >= 400) this.errors++;
    this.writer.add(record);
  }

  private contextFor(url: UrlRow): PageContext {
    return {
      id: url.id,
      siteId: this.run.siteId,
      url: url.url,
      depth: url.depth,
      redirectHop: this.frontier.takeRedirectHop(url.id),
      followLinks: this.run.mode === 'spider',
      queryParams: this.run.settings.query_params,
      now: nowIso(),
    };
  }

  private report(phase: string): void {
    this.phase = phase;
    const counts = this.store.urls.counts(this.run.siteId);
    const queued = (counts.queued ?? 0) + (counts.fetching ?? 0);
    const total = Math.min(this.fetched + queued, this.run.settings.max_pages);
    const tally = `${this.fetched} fetched, ${queued} queued, ${this.errors} errors`;
    this.run.progress({
      phase,
      done: this.fetched,
      total,
      message: this.notes.length ? `${tally}. ${this.notes.join(' ')}` : tally,
    });
  }
}
