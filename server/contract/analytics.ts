/** `analytics` operations: URLs that are not indexable pages, and Search Console data (`analytics-gsc.ts`). */
import { OtherUrlList, OtherUrlsQuery } from '../schemas/analytics.js';
import { defineOperations } from './operation.js';

export const analyticsOperations = defineOperations({
  'analytics.otherUrls': {
    method: 'get',
    path: '/analytics/other-urls',
    summary: 'Every URL known for a site that is not an indexable crawled HTML page, with why',
    description:
      'One row per URL with one `reason` and all its `sources`. Reasons: not_crawled, blocked_by_robots, excluded_by_rule, outside_scope, non_html, redirect, error, non_indexable, gsc_only, sitemap_only.',
    stability: 'stable',
    query: OtherUrlsQuery,
    responses: {
      200: { description: 'A page of URLs.', schema: OtherUrlList },
      404: { description: 'No such site.' },
    },
  },
});
