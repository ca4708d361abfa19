/**
 * One link index per site, kept in memory while it matches the stored crawl, and in SQLite (`link_indexes`) for
 * the next run. A finished crawl (or any `site.updated` naming pages or links) drops both; after a crawl, or when
 * the graph was being looked at, it is rebuilt right away, so the analyst's first question does not pay for the
 * load.
 * Between events a cheap version (the newest link id and the page count, both read from indexes) catches writes
 * made while a crawl runs.
 */
import { sourceBit } from '../../schemas/crawl.js';
import type { Store } from '../../store/index.js';
import type { EventBus } from '../events.js';
import { assembleLinkIndex, buildLinkIndex, type LinkIndex } from './link-index.js';
import { decodeLinkIndex, encodeLinkIndex } from './link-index-codec.js';

/** Sources that make a URL a known page even with no inbound link (as the link graph's orphans). */
export const KNOWN_BITS = sourceBit('sitemap') | sourceBit('gsc') | sourceBit('list');

/** Sites whose index is kept at once: each 100,000-page site holds about 25 MB. */
const MAX_SITES = 4;

export class LinkIndexCache {
  private readonly entries = new Map<number, { version: string; index: LinkIndex }>();
  private readonly warming = new Set<number>();

  constructor(
    private readonly store: Store,
    bus: EventBus,
  ) {
    bus.on('site.updated', (e) => {
      if (!e.changes.some((c) => c === 'pages' || c === 'links')) return;
      // A crawl that rewrote no link still moved depths: the stored index is stale whatever its version says.
      this.store.linkIndexes.delete(e.site_id);
      const wasKept = this.entries.delete(e.site_id);
      // A finished crawl rewrote the links: build at once, so the first look at the graph does not wait for it.
      if (wasKept || e.changes.includes('links')) this.warm(e.site_id);
    });
    bus.on('site.deleted', (siteId) => this.entries.delete(siteId));
  }

  /** The site's index: kept, or read back as stored, or built now when neither matches the stored crawl. */
  get(siteId: number): LinkIndex {
    const version = this.store.linkIndex.version(siteId);
    const kept = this.entries.get(siteId);
    if (kept && kept.version === version) {
      // Most recently used last, so the oldest is dropped first.
      this.entries.delete(siteId);
      this.entries.set(siteId, kept);
      return kept.index;
    }
    const index = this.stored(siteId, version) ?? this.build(siteId, version);
    this.entries.delete(siteId);
    this.entries.set(siteId, { version, index });
    while (this.entries.size > MAX_SITES) this.entries.delete(this.entries.keys().next().value!);
    return index;
  }

  private stored(siteId: number, version: string): LinkIndex | null {
    const row = this.store.linkIndexes.get(siteId);
    if (!row || row.version !== version) return null;
    const parts = decodeLinkIndex(row.urls, row.data);
    return parts && assembleLinkIndex(parts);
  }

  private build(siteId: number, version: string): LinkIndex {
    const index = buildLinkIndex(
      this.store.linkIndex.packedPages(siteId, KNOWN_BITS),
      this.store.linkIndex.packedLinks(siteId),
    );
    this.store.linkIndexes.put(siteId, { version, ...encodeLinkIndex(index) });
    return index;
  }

  /** Rebuilds after the current event's other listeners ran (the crawl's end is announced before it returns). */
  private warm(siteId: number): void {
    if (this.warming.has(siteId)) return;
    this.warming.add(siteId);
    setImmediate(() => {
      this.warming.delete(siteId);
      try {
        if (this.store.sites.get(siteId)) this.get(siteId);
      } catch {
        // A closed database (the app stopping): the next request builds it, or reports the error itself.
      }
    });
  }
}
