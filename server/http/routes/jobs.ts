/** `jobs` router: job list and detail, cancellation, and the `/events` stream. */
import type { Services } from '../../domain/services.js';
import { defineRoutes } from '../define-route.js';
import { openEventStream } from '../event-stream.js';
import { jobsOperations } from '../../contract/jobs.js';

export function jobsRoutes(s: Services) {
  return defineRoutes(jobsOperations, {
    'jobs.list': ({ query }) => s.jobs.list(query),
    'jobs.get': ({ params }) => s.jobs.get(params.job_id),
    'jobs.cancel': ({ params }) => s.jobs.cancel(params.job_id),
    'jobs.events': { stream: ({ query }, req, res) => openEventStream(s.bus, query, req, res) },
  });
}
