/** `jobs` operations: job list and detail, cancellation, and the `/events` stream. */
import { EventsQuery } from '../schemas/events.js';
import { Job, JobList, JobListQuery, JobParams } from '../schemas/jobs.js';

import { defineOperations } from './operation.js';

export const jobsOperations = defineOperations({
  'jobs.list': {
    method: 'get',
    path: '/jobs',
    summary: 'List jobs, newest first',
    stability: 'stable',
    query: JobListQuery,
    responses: { 200: { description: 'A page of jobs.', schema: JobList } },
  },
  'jobs.get': {
    method: 'get',
    path: '/jobs/{job_id}',
    summary: 'Get a job with its progress',
    stability: 'stable',
    params: JobParams,
    responses: { 200: { description: 'The job.', schema: Job }, 404: { description: 'No such job.' } },
  },
  'jobs.cancel': {
    method: 'post',
    path: '/jobs/{job_id}/cancel',
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
  },
  'jobs.events': {
    method: 'get',
    path: '/events',
    summary: 'Server-Sent Events: job.progress, job.finished, site.updated, site.changed',
    description:
      'Progress is throttled to at most 4 events a second per job; the latest state is always sent. A heartbeat comment arrives every 15 s.',
    stability: 'stable',
    query: EventsQuery,
    responses: { 200: { description: 'An event stream.', contentType: 'text/event-stream' } },
  },
});
