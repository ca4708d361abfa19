/**
 * The crawl's view of the `urls` table: what becomes of a URL when it is discovered (queued, or skipped with a
 * reason), and claiming work for the workers. The rules are docs/crawler.md's "Scope" and "Discovery": decided
 * here once, so the frontier, the other-URLs analysis and the tests agree.
 */
import type { Store } from '../../store/index.js';
import { UNLINKED_PRIORITY, type UrlRow } from '../../store/repos/urls-repo.js';
import { sourceBit, type SkipReason, type UrlSource } from '../../schemas/crawl.js';
import type { createScope } from './scope.js';
import { TrapGuard, type TrapRule } from './trap-guard.js';

export interface Discovery {
  url: string;
  source: UrlSource;
  /** Depth the URL would have through this discovery; null for sitemap-only URLs. */
  depth: number | null;
  /** Reached through something the crawler follows (not a nofollow link, not list-mode links). */
  followable: boolean;
  /** For a redirect target: its hop number in the chain (the first redirect's target is hop 1). */
  redirectHop?: number;
}

type Scope = ReturnType<typeof createScope>;

/** URL rows kept in memory to answer rediscoveries without a query (menus and footers link every page). */
const MAX_CACHED_ROWS = 10_000;

export interface FrontierLimits {
  maxDepth: number | null;
  maxRedirects: number;
}

export class CrawlFrontier {
  /** URLs queued by this process since start, for progress figures without counting queries. */
  queuedDelta = 0;
  private readonly traps = new TrapGuard();
  /** New URLs the trap rules kept from the queue, by rule, for the crawl report. */
  readonly trapped: Record<TrapRule, number> = { url_too_long: 0, repeated_segment: 0, number_run: 0 };
  /** Queued redirect targets and their hop numbers, until a worker takes them (few: redirects are fetched first). */
  private readonly redirectHops = new Map<number, number>();
  private readonly maxDepth: number | null;
  /** Rows by URL as this frontier last read or wrote them; only settled ones are trusted (see `settled`). */
  private readonly rows = new Map<string, UrlRow>();

  constructor(
    private readonly store: Store,
    private readonly siteId: number,
    private readonly scope: Scope,
    private readonly limits: FrontierLimits,
  ) {
    this.maxDepth = limits.maxDepth;
  }

  private decide(
    d: Discovery,
    internal: boolean,
  ): { state: UrlRow['state']; reason: SkipReason | null; trap?: TrapRule } {
    if (!internal) return { state: 'skipped', reason: 'outside_scope' };
    if (this.scope.ruleFor(d.url, { seed: d.depth === 0 }) === 'excluded_by_rule')
      return { state: 'skipped', reason: 'excluded_by_rule' };
    if (!d.followable) return { state: 'skipped', reason: 'not_crawled' };
    if (this.maxDepth !== null && d.depth !== null && d.depth > this.maxDepth)
      return { state: 'skipped', reason: 'not_crawled' };
    const trap = this.traps.check(d.url, d.depth);
    if (trap) return { state: 'skipped', reason: 'not_crawled', trap };
    return { state: 'queued', reason: null };
  }

  /** The hop number of a redirect target a worker is about to fetch (0 for anything else); forgets it. */
  takeRedirectHop(id: number): number {
    const hop = this.redirectHops.get(id) ?? 0;
    this.redirectHops.delete(id);
    return hop;
  }

  /** Records a discovery (inside the caller's transaction) and returns the URL's id. */
  discover(discovery: Discovery): number {
    // Redirects are followed up to max_redirects hops; the hop after that is recorded, not fetched.
    const d =
      (discovery.redirectHop ?? 0) > this.limits.maxRedirects
        ? { ...discovery, followable: false }
        : discovery;
    const cached = this.rows.get(d.url);
    if (cached && settled(cached, d)) return cached.id;
    const urls = this.store.urls;
    const existing = urls.byUrl(this.siteId, d.url);
    const bit = sourceBit(d.source);
    const priority = d.depth ?? UNLINKED_PRIORITY;
    if (!existing) {
      const internal = this.scope.isInternal(d.url);
      const { state, reason, trap } = this.decide(d, internal);
      if (state === 'queued') this.queuedDelta++;
      if (trap) this.trapped[trap]++;
      const row = {
        site_id: this.siteId,
        url: d.url,
        internal: internal ? 1 : 0,
        state,
        reason,
        depth: d.depth,
        priority,
        sources: bit,
        followable: d.followable ? 1 : 0,
      };
      const id = urls.insert(row);
      if (state === 'queued' && d.redirectHop) this.redirectHops.set(id, d.redirectHop);
      this.remember({ ...row, id, first_seen_at: '' });
      return id;
    }
    // The scope is this crawl's: follow_subdomains or the start URL's host may have changed since the row was
    // written, and a URL the site no longer owns must not be fetched (nor one it now owns be left out). A URL this
    // crawl is fetching or has fetched keeps its flag: its page is this crawl's.
    const fetched = existing.state === 'done' || existing.state === 'fetching';
    const internal = fetched ? existing.internal : this.scope.isInternal(d.url) ? 1 : 0;
    const row = { ...existing, internal, sources: existing.sources | bit };
    const shallower = d.depth !== null && (row.depth === null || d.depth < row.depth);
    if (shallower && (d.followable || !row.followable)) {
      row.depth = d.depth;
      row.priority = priority;
    }
    if (d.followable) row.followable = 1;
    // Links decide depth: a queued URL (from a sitemap, say) that links reach only beyond max_depth is not fetched.
    if (row.state === 'queued' && this.maxDepth !== null && row.depth !== null && row.depth > this.maxDepth) {
      row.state = 'skipped';
      row.reason = 'not_crawled';
    }
    // A URL whose flag changed is decided again whatever its state (a resumed crawl may run under settings
    // changed since it began); after a new crawl's start every URL met is `stale` anyway.
    const reconsider =
      row.state === 'stale' ||
      (row.state === 'skipped' && row.reason === 'not_crawled') ||
      internal !== existing.internal;
    if (reconsider) {
      const next = this.decide({ ...d, depth: row.depth, followable: row.followable === 1 }, internal === 1);
      if (next.state === 'queued') {
        this.queuedDelta++;
        if (d.redirectHop) this.redirectHops.set(row.id, d.redirectHop);
      }
      // A URL of an earlier crawl is new to this one.
      if (next.trap && existing.state === 'stale') this.trapped[next.trap]++;
      row.state = next.state;
      row.reason = next.reason;
    }
    if (
      row.internal !== existing.internal ||
      row.sources !== existing.sources ||
      row.depth !== existing.depth ||
      row.state !== existing.state ||
      row.followable !== existing.followable
    ) {
      urls.update(row);
    }
    this.remember(row);
    return row.id;
  }

  /**
   * URLs this crawl never met that Search Console still knows (the one source a new crawl keeps) are not swept,
   * and nothing applied this crawl's scope to them: it is applied here as the crawl ends, the way a Search
   * Console import records a URL new to the site, so a subdomain the settings left behind stops counting as the
   * site's own (the link graph's orphans, the report). Once per crawl, over those URLs only.
   */
  settleUnreached(): void {
    const urls = this.store.urls;
    const rows = urls.staleKept(this.siteId);
    this.store.tx(() => {
      for (const r of rows) {
        const internal = this.scope.isInternal(r.url);
        const reason: SkipReason = !internal
          ? 'outside_scope'
          : this.scope.ruleFor(r.url) === 'excluded_by_rule'
            ? 'excluded_by_rule'
            : 'not_crawled';
        urls.settle(r.id, internal, reason);
      }
    });
  }

  private remember(row: UrlRow): void {
    // Starting over when full is cheaper than evicting one entry at a time (a Map's oldest key is slow to find
    // after many deletions), and the rows that matter, menus and footers, come straight back.
    if (this.rows.size >= MAX_CACHED_ROWS && !this.rows.has(row.url)) this.rows.clear();
    this.rows.set(row.url, row);
  }

  /**
   * `linkedOnly` holds back URLs no link has reached yet (sitemap-only): while fetches are running, a link may
   * still reach them, and that link decides their depth (and whether max_depth allows them at all).
   */
  claim(n: number, linkedOnly: boolean): UrlRow[] {
    return n > 0
      ? this.store.urls.claim(this.siteId, n, linkedOnly ? UNLINKED_PRIORITY - 1 : UNLINKED_PRIORITY)
      : [];
  }
}

/**
 * Whether discovering `d` would leave this row as it is, judged without reading the database. Only rows in a
 * state nothing changes during a crawl qualify: `done`, or skipped for a reason other than `not_crawled` (claims
 * move `queued` rows, and `not_crawled` ones are reconsidered). Then only sources, depth and followable could
 * change, and they change only through `discover` itself, which keeps the cached row current. (A Search Console
 * import may add its own source bit meanwhile; a cached row that lacks it only ever leads to a fresh read.)
 */
function settled(row: UrlRow, d: Discovery): boolean {
  if (row.state !== 'done' && !(row.state === 'skipped' && row.reason !== 'not_crawled')) return false;
  if ((row.sources | sourceBit(d.source)) !== row.sources) return false;
  if (d.followable && row.followable !== 1) return false;
  const shallower = d.depth !== null && (row.depth === null || d.depth < row.depth);
  return !(shallower && (d.followable || row.followable !== 1));
}
