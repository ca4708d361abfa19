/** Crawl vocabulary shared by every layer: URL sources, edge kinds, skip reasons, and the crawl-start request. */
import { z } from 'zod';
import { Id } from './common.js';
import { CrawlSettingsOverride, StartUrl } from './sites.js';

/** Where a URL became known; stored as a bit set in `urls.sources` (bit = index). */
export const URL_SOURCES = ['link', 'sitemap', 'gsc', 'canonical', 'hreflang', 'redirect', 'list'] as const;
export type UrlSource = (typeof URL_SOURCES)[number];
export const sourceBit = (s: UrlSource): number => 1 << URL_SOURCES.indexOf(s);
export const sourcesFromBits = (bits: number): UrlSource[] =>
  URL_SOURCES.filter((s) => (bits & sourceBit(s)) !== 0);

export const ANCHOR_EDGE_KINDS = [
  'content',
  'navigation',
  'header',
  'footer',
  'aside',
  'pagination',
] as const;
export type AnchorEdgeKind = (typeof ANCHOR_EDGE_KINDS)[number];
export const EDGE_KINDS = [...ANCHOR_EDGE_KINDS, 'canonical', 'redirect', 'hreflang'] as const;

export type EdgeKind = (typeof EDGE_KINDS)[number];
export const EdgeKind = z.enum(EDGE_KINDS);

/** Why a known URL was not fetched. */
export const SKIP_REASONS = [
  'blocked_by_robots',
  'excluded_by_rule',
  'outside_scope',
  'not_crawled',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const FETCH_ERRORS = [
  'timeout',
  'connection_reset',
  'connection_refused',
  'address_refused',
  'dns',
  'tls',
  'body_too_slow',
  'protocol',
  'redirect_loop',
  'too_many_redirects',
  'render_failed',
  // The page's parse went over the extraction time budget or heap cap (issue #34): recorded, the crawl goes on.
  'extraction_timeout',
  'extraction_out_of_memory',
] as const;
export type FetchErrorCode = (typeof FETCH_ERRORS)[number];

export const CrawlStart = z
  .strictObject({
    site_id: Id,
    mode: z.enum(['spider', 'list']).default('spider'),
    urls: z.array(StartUrl).min(1).max(100_000).optional(),
    settings: CrawlSettingsOverride.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'list' && !v.urls)
      ctx.addIssue({ code: 'custom', path: ['urls'], message: 'is required in list mode' });
    if (v.mode === 'spider' && v.urls) {
      ctx.addIssue({
        code: 'custom',
        path: ['urls'],
        message: 'is only for list mode; spider mode starts at the site’s start_url',
      });
    }
  })
  .meta({ id: 'CrawlStart' });
export type CrawlStart = z.infer<typeof CrawlStart>;

export const CrawlJobParams = z.strictObject({ job_id: Id });
