/** Job resource: long work (crawl, embed, analysis, sync, campaign actions) stored in SQLite. */
import { z } from 'zod';
import { Id, PaginationQuery, Timestamp, pageOf, repeatable } from './common.js';

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export const JobStatus = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatus>;

export const FINISHED_STATUSES: readonly JobStatus[] = ['succeeded', 'failed', 'cancelled'];

export const JobProgress = z.object({
  phase: z.string(),
  done: z.number(),
  total: z.number().nullable(),
  message: z.string(),
});
export type JobProgress = z.infer<typeof JobProgress>;

export const JobError = z.object({
  type: z.string(),
  detail: z.string(),
  retryable: z.boolean(),
});
export type JobError = z.infer<typeof JobError>;

const JsonObject = z.record(z.string(), z.unknown());

export const Job = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    site_id: z.number().int().nullable(),
    campaign_id: z.number().int().nullable(),
    status: JobStatus,
    progress: JobProgress,
    params: JsonObject,
    result: JsonObject.nullable(),
    error: JobError.nullable(),
    created_at: Timestamp,
    started_at: Timestamp.nullable(),
    finished_at: Timestamp.nullable(),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof Job>;

export const JobListQuery = PaginationQuery.extend({
  site_id: Id.optional(),
  campaign_id: Id.optional(),
  kind: repeatable(z.string().min(1).max(64)).optional(),
  status: repeatable(JobStatus).optional(),
});
export type JobListQuery = z.infer<typeof JobListQuery>;

export const JobList = pageOf(Job);
export const JobParams = z.strictObject({ job_id: Id });

/** Events sent on `GET /events`; the UI refetches what `site.updated` names. */
export const EventsQuery = z.strictObject({ site_id: Id.optional(), job_id: Id.optional() });
