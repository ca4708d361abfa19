/**
 * What a crawl settles once every URL is fetched: URLs left over (max_pages) become `not_crawled`, URLs not seen
 * again are swept, depths become exact shortest paths, redirect chains and loops are resolved from the stored
 * hops (the same answer whatever order the workers fetched them in), and inlinks/outlinks are counted.
 */
import type { Store } from '../../store/index.js';
import { classifySitePages } from '../pages/page-types-service.js';
import { assignTemplates } from '../templates/site-templates.js';

export interface FinalizeReport {
  not_crawled: number;
  /** URL rows removed: not reached again and known to nothing outside crawling (docs/crawler.md "Result"). */
  urls_removed: number;
  /** Page rows removed: of URLs not reached again, or reached but not fetched under the current settings. */
  pages_removed: number;
  /** The same as `urls_removed`; its first name, kept for clients that read it. */
  swept: number;
  max_depth: number;
  redirect_loops: number;
}

interface Hop {
  id: number;
  url: string;
  status_code: number | null;
  redirect_target: string | null;
}

export function finalizeCrawl(
  store: Store,
  siteId: number,
  opts: { spider: boolean; maxRedirects: number },
): FinalizeReport {
  const notCrawled = store.urls.queuedToNotCrawled(siteId);
  const removed = store.urls.sweepStale(siteId);
  const maxDepth = opts.spider ? store.crawlDepth.recompute(siteId) : 0;
  const loops = resolveRedirects(store, siteId, opts.maxRedirects);
  store.pages.recountLinks(siteId);
  // Every HTML page's type, once its links and depths are final (docs/crawler.md, "Page types").
  classifySitePages(store, siteId);
  assignTemplates(store, siteId);
  return {
    not_crawled: notCrawled,
    urls_removed: removed.urls,
    pages_removed: removed.pages,
    swept: removed.urls,
    max_depth: maxDepth,
    redirect_loops: loops,
  };
}

/** Sets every redirecting page's chain (that hop to the end) and marks loops and over-long chains. */
function resolveRedirects(store: Store, siteId: number, maxRedirects: number): number {
  const hops = new Map<string, Hop>(store.pages.redirectsOf(siteId).map((h) => [h.url, h]));
  let loops = 0;
  store.tx(() => {
    for (const start of hops.values()) {
      const chain: { url: string; status: number | null }[] = [];
      const seen = new Set<string>();
      let hop: Hop | undefined = start;
      let error: 'redirect_loop' | 'too_many_redirects' | null = null;
      let next: string | null = null;
      while (hop) {
        seen.add(hop.url);
        chain.push({ url: hop.url, status: hop.status_code });
        next = hop.redirect_target;
        if (!next) break;
        if (seen.has(next)) {
          error = 'redirect_loop';
          chain.push({ url: next, status: hops.get(next)?.status_code ?? null });
          break;
        }
        hop = hops.get(next);
        if (!hop) {
          chain.push({ url: next, status: store.pages.statusOf(siteId, next) ?? null });
          break;
        }
      }
      if (!error && chain.length - 1 > maxRedirects) error = 'too_many_redirects';
      if (error === 'redirect_loop') loops++;
      store.pages.setRedirectResult(start.id, chain, error);
    }
  });
  return loops;
}
