/** `analytics` router: URLs that are not indexable pages, and Search Console data (analytics-gsc.ts). */
import type { Services } from '../../domain/services.js';
import { analyticsOperations } from '../../contract/analytics.js';
import { defineRoutes } from '../define-route.js';
import { gscRoutes } from './analytics-gsc.js';

export function analyticsRoutes(s: Services) {
  return [
    ...defineRoutes(analyticsOperations, {
      'analytics.otherUrls': ({ query }) => s.otherUrls.list(query),
    }),
    ...gscRoutes(s),
  ];
}
