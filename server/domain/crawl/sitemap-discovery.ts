/**
 * Finds a site's sitemaps (robots.txt `Sitemap:` lines and `/sitemap.xml`), follows sitemap indexes, and yields
 * the page URLs they list, each with the sitemap file that lists it. Bounded: at most 1,000 sitemap files and `maxUrls` URLs, 50 MiB per file (the
 * protocol's own limit), so a hostile sitemap cannot exhaust memory.
 */
import type { HttpFetcher } from '../../adapters/http-fetcher.js';
import type { HostThrottle } from './host-throttle.js';
import { parseSitemap } from './sitemap-parser.js';

const MAX_SITEMAP_FILES = 1000;
const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;

export interface SitemapOptions {
  userAgent: string;
  timeoutMs: number;
  maxUrls: number;
  signal?: AbortSignal;
  /** Only sitemaps on these origins are read (a sitemap may not vouch for another site). */
  isInternal(url: string): boolean;
}

/** A page URL and the sitemap file (not the index that led to it) that lists it. */
export interface SitemapListing {
  loc: string;
  sitemap: string;
}

export async function* discoverSitemapUrls(
  fetcher: HttpFetcher,
  throttle: HostThrottle,
  roots: string[],
  opts: SitemapOptions,
): AsyncGenerator<SitemapListing> {
  const queue = [...new Set(roots)].filter((u) => opts.isInternal(u));
  const seen = new Set(queue);
  let files = 0;
  let urls = 0;
  while (queue.length && files < MAX_SITEMAP_FILES && urls < opts.maxUrls) {
    const sitemapUrl = queue.shift()!;
    files++;
    await throttle.wait(new URL(sitemapUrl).host, opts.signal);
    const outcome = await fetcher.fetch(sitemapUrl, {
      userAgent: opts.userAgent,
      timeoutMs: opts.timeoutMs,
      maxBytes: MAX_SITEMAP_BYTES,
      accept: 'application/xml,text/xml,text/plain,*/*;q=0.5',
      signal: opts.signal,
    });
    if (!outcome.ok || outcome.result.status !== 200 || !outcome.result.body) continue;
    for await (const entry of parseSitemap([outcome.result.body], { maxUrls: opts.maxUrls - urls })) {
      let loc: string;
      try {
        loc = new URL(entry.loc, sitemapUrl).href;
      } catch {
        continue;
      }
      if (entry.kind === 'sitemap') {
        if (!seen.has(loc) && opts.isInternal(loc)) {
          seen.add(loc);
          queue.push(loc);
        }
      } else {
        urls++;
        yield { loc, sitemap: sitemapUrl };
      }
    }
  }
}
