/** `crawl` router: start, cancel and resume crawls. */
import type { Services } from '../../domain/services.js';
import { defineRoutes } from '../define-route.js';
import { crawlOperations } from '../../contract/crawl.js';

export function crawlRoutes(s: Services) {
  return defineRoutes(crawlOperations, {
    'crawl.start': ({ body }) => s.crawl.start(body),
    'crawl.cancel': ({ params }) => s.crawl.cancel(params.job_id),
    'crawl.resume': ({ params }) => s.crawl.resume(params.job_id),
  });
}
