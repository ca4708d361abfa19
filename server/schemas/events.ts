/**
 * What `GET /events` sends: each event's name and payload. The renderer imports these types, so a change the
 * server does not announce (or a misspelt one) does not compile.
 */
import { z } from 'zod';
import { Id } from './common.js';
import type { Job } from './jobs.js';

/** What a `site.updated` event says changed, so a client refetches only that. */
export const SITE_CHANGES = [
  'site',
  'pages',
  'links',
  'embeddings',
  'similarity',
  'analytics',
  'campaigns',
  'audit',
] as const;
export const SiteChange = z.enum(SITE_CHANGES);
export type SiteChange = z.infer<typeof SiteChange>;

export const SiteUpdatedEvent = z
  .object({ site_id: z.number().int(), changes: z.array(SiteChange).min(1) })
  .meta({ id: 'SiteUpdatedEvent' });
export type SiteUpdatedEvent = z.infer<typeof SiteUpdatedEvent>;

/** The stream's events by name, with their `data`. */
export interface StreamEvents {
  'job.progress': Job;
  'job.finished': Job;
  'site.updated': SiteUpdatedEvent;
}
export type StreamEventName = keyof StreamEvents;

export const EventsQuery = z.strictObject({ site_id: Id.optional(), job_id: Id.optional() });
