/** `extraction` router: a site's custom extraction and search rules, trying them on a URL, re-applying them. */
import type { Services } from '../../domain/services.js';
import { defineRoutes, reply } from '../define-route.js';
import { extractionOperations } from '../../contract/extraction.js';

export function extractionRoutes(s: Services) {
  return defineRoutes(extractionOperations, {
    'extraction.list': ({ params }) => s.extraction.list(params.site_id),
    'extraction.create': ({ params, body, path }) => {
      const created = s.extraction.create(params.site_id, body);
      return reply(201, created, { Location: `${path}/${created.id}` });
    },
    'extraction.test': ({ params, body }) => s.extractTester.test(params.site_id, body),
    'extraction.apply': ({ params }) => s.extraction.startApply(params.site_id),
    'extraction.get': ({ params }) => s.extraction.get(params.site_id, params.extractor_id),
    'extraction.update': ({ params, body }) => s.extraction.update(params.site_id, params.extractor_id, body),
    'extraction.delete': ({ params }) => {
      s.extraction.delete(params.site_id, params.extractor_id);
      return reply(204);
    },
  });
}
