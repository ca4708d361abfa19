/**
 * robots.txt per origin, fetched once and shared by every worker (concurrent callers await the same fetch).
 * With `respect_robots` off every URL is allowed, but robots.txt is still read for its Sitemap lines. Each read is
 * handed to `onRead` (the crawler keeps it, so the audit can quote the rule that blocked a URL); what the analyst
 * should know about how a host's robots.txt is obeyed (a capped Crawl-delay) goes to `onNote`.
 */
import type { HttpFetcher } from '../../adapters/http-fetcher.js';
import type { HostThrottle } from './host-throttle.js';
import { crawlDelayNote, robotsFromResponse, type RobotsRules } from './robots-rules.js';

const ROBOTS_MAX_BYTES = 512 * 1024;

/** How one robots.txt request went: `status` null when no HTTP answer came. */
export interface RobotsFile {
  url: string;
  status: number | null;
  body: string;
}

export class RobotsCache {
  private readonly byOrigin = new Map<string, Promise<RobotsRules>>();

  constructor(
    private readonly fetcher: HttpFetcher,
    private readonly throttle: HostThrottle,
    private readonly opts: {
      userAgent: string;
      timeoutMs: number;
      respect: boolean;
      signal?: AbortSignal;
      onRead?: (file: RobotsFile) => void;
      onNote?: (note: string) => void;
    },
  ) {}

  rulesFor(url: string): Promise<RobotsRules> {
    const origin = new URL(url).origin;
    let rules = this.byOrigin.get(origin);
    if (!rules) {
      rules = this.load(origin);
      this.byOrigin.set(origin, rules);
    }
    return rules;
  }

  async isAllowed(url: string): Promise<boolean> {
    if (!this.opts.respect) return true;
    return (await this.rulesFor(url)).isAllowed(url);
  }

  private async load(origin: string): Promise<RobotsRules> {
    const robotsUrl = `${origin}/robots.txt`;
    const host = new URL(origin).host;
    await this.throttle.wait(host, this.opts.signal);
    const outcome = await this.fetcher.fetch(robotsUrl, {
      userAgent: this.opts.userAgent,
      timeoutMs: this.opts.timeoutMs,
      maxBytes: ROBOTS_MAX_BYTES,
      accept: 'text/plain,*/*;q=0.5',
      signal: this.opts.signal,
    });
    // Redirected robots.txt: treated like a 4xx (allow all) rather than followed across hosts.
    const res = outcome.ok
      ? { status: outcome.result.status, body: outcome.result.body?.toString('utf8') ?? '' }
      : { status: null, body: '' };
    this.opts.onRead?.({ url: robotsUrl, ...res });
    const rules = robotsFromResponse(robotsUrl, res, this.opts.userAgent);
    if (this.opts.respect) {
      this.throttle.setCrawlDelay(host, rules.crawlDelaySeconds);
      const note = crawlDelayNote(host, rules);
      if (note) this.opts.onNote?.(note);
    }
    return rules;
  }
}
