/**
 * What `GET /events` sends: each event's name and payload. The renderer imports these types, so a change the
 * server does not announce (or a misspelt one) does not compile.
 */
import { z } from 'zod';
import { Id } from './common.js';
import { ChangeSummary } from './history.js';
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

/**
 * After a scheduled crawl and its audit: what changed since the crawl before, and a one-line notice of the
 * changes that matter (the `change_notices` setting says which), for the UI's notice and the desktop
 * notification. Sent only when there is something to tell.
 */
export const SiteChangedEvent = z
  .object({
    site_id: z.number().int(),
    from: z.number().int().meta({ description: 'The earlier crawl.' }),
    to: z.number().int().meta({ description: 'The scheduled crawl.' }),
    summary: ChangeSummary,
    notable: z.number().int().meta({ description: 'How many changes the notice is about.' }),
    message: z.string().meta({ example: 'example.com: 3 new high-priority issues, 2 pages removed' }),
  })
  .meta({ id: 'SiteChangedEvent' });
export type SiteChangedEvent = z.infer<typeof SiteChangedEvent>;

/** The stream's events by name, with their `data`. */
export interface StreamEvents {
  'job.progress': Job;
  'job.finished': Job;
  'site.updated': SiteUpdatedEvent;
  'site.changed': SiteChangedEvent;
}
export type StreamEventName = keyof StreamEvents;

export const EventsQuery = z.strictObject({ site_id: Id.optional(), job_id: Id.optional() });
