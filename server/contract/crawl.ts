/** `crawl` operations: start, cancel and resume crawls. */
import { CrawlJobParams, CrawlStart } from '../schemas/crawl.js';
import { JOB_SCHEMAS } from '../schemas/jobs.js';

import { defineOperations } from './operation.js';

export const crawlOperations = defineOperations({
  'crawl.start': {
    method: 'post',
    path: '/crawl/start',
    summary: 'Start a crawl of a site',
    description:
      'Spider mode starts at the site’s start_url and follows links; list mode fetches exactly `urls` and records their links. `settings` override the site’s crawl settings for this crawl only.',
    stability: 'internal',
    job: true,
    body: CrawlStart,
    responses: {
      202: {
        description: 'The queued crawl job.',
        schema: JOB_SCHEMAS.crawl,
      },
      404: { description: 'No such site.' },
      409: { description: 'A crawl of this site is already queued or running.' },
      503: { description: 'render_js needs Chromium and none was found.' },
    },
  },
  'crawl.cancel': {
    method: 'post',
    path: '/crawl/jobs/{job_id}/cancel',
    summary: 'Cancel a crawl',
    description: 'What was crawled stays; the crawl can be resumed later.',
    stability: 'internal',
    params: CrawlJobParams,
    responses: {
      200: { description: 'The crawl job after the request.', schema: JOB_SCHEMAS.crawl },
      404: { description: 'No such crawl job.' },
      409: { description: 'The crawl has already finished.' },
    },
  },
  'crawl.resume': {
    method: 'post',
    path: '/crawl/jobs/{job_id}/resume',
    summary: 'Resume a cancelled or failed crawl from its frontier',
    stability: 'internal',
    job: true,
    params: CrawlJobParams,
    responses: {
      202: {
        description: 'The crawl job, queued again.',
        schema: JOB_SCHEMAS.crawl,
      },
      404: { description: 'No such crawl job.' },
      409: { description: 'The crawl is not cancelled or failed, or another crawl of the site runs.' },
    },
  },
});
