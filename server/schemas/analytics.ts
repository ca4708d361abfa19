/** Analytics: the URLs of a site that are not indexable pages (`analytics` router). */
import { z } from 'zod';
import { Id, PaginationQuery, Timestamp, pageOf, repeatable } from './common.js';
import { URL_SOURCES } from './crawl.js';

export const OTHER_URL_REASONS = [
  'not_crawled',
  'blocked_by_robots',
  'excluded_by_rule',
  'outside_scope',
  'non_html',
  'redirect',
  'error',
  'non_indexable',
  'gsc_only',
  'sitemap_only',
] as const;
export const OtherUrlReason = z.enum(OTHER_URL_REASONS);
export type OtherUrlReason = z.infer<typeof OtherUrlReason>;

export const OtherUrl = z
  .object({
    id: z.number().int(),
    url: z.string(),
    reason: OtherUrlReason,
    sources: z.array(z.enum(URL_SOURCES)),
    status_code: z.number().int().nullable(),
    content_type: z.string().nullable(),
    inlinks: z.number().int(),
    gsc_clicks: z.number().nullable(),
    gsc_impressions: z.number().nullable(),
    first_seen_at: Timestamp,
  })
  .meta({ id: 'OtherUrl' });
export type OtherUrl = z.infer<typeof OtherUrl>;

export const OtherUrlsQuery = PaginationQuery.extend({
  site_id: Id,
  reason: repeatable(OtherUrlReason).optional(),
  source: repeatable(z.enum(URL_SOURCES)).optional(),
});
export type OtherUrlsQuery = z.infer<typeof OtherUrlsQuery>;
export const OtherUrlList = pageOf(OtherUrl);
