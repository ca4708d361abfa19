/**
 * The crawl's view of the `urls` table: what becomes of a URL when it is discovered (queued, or skipped with a
 * reason), and claiming work for the workers. The rules are docs/crawler.md's "Scope" and "Discovery": decided
 * here once, so the frontier, the other-URLs analysis and the tests agree.
 */
import type { Store } from '../../store/index.js';
import { UNLINKED_PRIORITY, type UrlRow } from '../../store/repos/urls-repo.js';
import { sourceBit, type SkipReason, type UrlSource } from '../../schemas/crawl.js';
import type { createScope } from './scope.js';

export interface Discovery {
  url: string;
  source: UrlSource;
  /** Depth the URL would have through this discovery; null for sitemap-only URLs. */
  depth: number | null;
  /** Reached through something the crawler follows (not a nofollow link, not list-mode links). */
  followable: boolean;
}

type Scope = ReturnType<typeof createScope>;

export class CrawlFrontier {
  /** URLs queued by this process since start, for progress figures without counting queries. */
  queuedDelta = 0;

  constructor(
    private readonly store: Store,
    private readonly siteId: number,
    private readonly scope: Scope,
    private readonly maxDepth: number | null,
  ) {}

  private decide(d: Discovery, internal: boolean): { state: UrlRow['state']; reason: SkipReason | null } {
    if (!internal) return { state: 'skipped', reason: 'outside_scope' };
    if (this.scope.ruleFor(d.url, { seed: d.depth === 0 }) === 'excluded_by_rule')
      return { state: 'skipped', reason: 'excluded_by_rule' };
    if (!d.followable) return { state: 'skipped', reason: 'not_crawled' };
    if (this.maxDepth !== null && d.depth !== null && d.depth > this.maxDepth)
      return { state: 'skipped', reason: 'not_crawled' };
    return { state: 'queued', reason: null };
  }

  /** Records a discovery (inside the caller's transaction) and returns the URL's id. */
  discover(d: Discovery): number {
    const urls = this.store.urls;
    const existing = urls.byUrl(this.siteId, d.url);
    const bit = sourceBit(d.source);
    const priority = d.depth ?? UNLINKED_PRIORITY;
    if (!existing) {
      const internal = this.scope.isInternal(d.url);
      const { state, reason } = this.decide(d, internal);
      if (state === 'queued') this.queuedDelta++;
      return urls.insert({
        site_id: this.siteId,
        url: d.url,
        internal: internal ? 1 : 0,
        state,
        reason,
        depth: d.depth,
        priority,
        sources: bit,
        followable: d.followable ? 1 : 0,
      });
    }
    const row = { ...existing, sources: existing.sources | bit };
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
    const reconsider = row.state === 'stale' || (row.state === 'skipped' && row.reason === 'not_crawled');
    if (reconsider) {
      const next = this.decide(
        { ...d, depth: row.depth, followable: row.followable === 1 },
        row.internal === 1,
      );
      if (next.state === 'queued') this.queuedDelta++;
      row.state = next.state;
      row.reason = next.reason;
    }
    if (
      row.sources !== existing.sources ||
      row.depth !== existing.depth ||
      row.state !== existing.state ||
      row.followable !== existing.followable
    ) {
      urls.update(row);
    }
    return row.id;
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
