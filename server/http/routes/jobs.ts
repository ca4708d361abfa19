/** `jobs` router: job list and detail, cancellation, and the `/events` stream. */
import type { Services } from '../../domain/services.js';
import { EventsQuery } from '../../schemas/events.js';
import { Job, JobList, JobListQuery, JobParams } from '../../schemas/jobs.js';
import { defineRoute } from '../define-route.js';
import { openEventStream } from '../event-stream.js';

export function jobsRoutes(s: Services) {
  return [
    defineRoute({
      method: 'get',
      path: '/jobs',
      tag: 'jobs',
      operationId: 'jobs.list',
      summary: 'List jobs, newest first',
      stability: 'stable',
      query: JobListQuery,
      responses: { 200: { description: 'A page of jobs.', schema: JobList } },
      handler: ({ query }) => s.jobs.list(query),
    }),
    defineRoute({
      method: 'get',
      path: '/jobs/{job_id}',
      tag: 'jobs',
      operationId: 'jobs.get',
      summary: 'Get a job with its progress',
      stability: 'stable',
      params: JobParams,
      responses: { 200: { description: 'The job.', schema: Job }, 404: { description: 'No such job.' } },
      handler: ({ params }) => s.jobs.get(params.job_id),
    }),
    defineRoute({
      method: 'post',
      path: '/jobs/{job_id}/cancel',
      tag: 'jobs',
      operationId: 'jobs.cancel',
      summary: 'Cancel a queued or running job',
      description:
        'A queued job is cancelled at once; a running job stops at its next checkpoint (watch its status).',
      stability: 'internal',
      params: JobParams,
      responses: {
        200: { description: 'The job after the request.', schema: Job },
        404: { description: 'No such job.' },
        409: { description: 'The job has already finished.' },
      },
      handler: ({ params }) => s.jobs.cancel(params.job_id),
    }),
    defineRoute({
      method: 'get',
      path: '/events',
      tag: 'jobs',
      operationId: 'jobs.events',
      summary: 'Server-Sent Events: job.progress, job.finished, site.updated, site.changed',
      description:
        'Progress is throttled to at most 4 events a second per job; the latest state is always sent. A heartbeat comment arrives every 15 s.',
      stability: 'stable',
      query: EventsQuery,
      responses: { 200: { description: 'An event stream.', contentType: 'text/event-stream' } },
      stream: ({ query }, req, res) => openEventStream(s.bus, query, req, res),
    }),
  ];
}
