/**
 * The in-process event bus. The job runner and domain services emit typed events; the SSE layer and the
 * runner itself listen. `site.updated` names what changed so the UI refetches only that.
 */
import { EventEmitter } from 'node:events';
import type { SiteUpdatedEvent, StreamEvents } from '../schemas/events.js';
import type { Job } from '../schemas/jobs.js';

/** The stream's events, plus the ones only the runner listens to. */
export interface AppEventMap {
  'job.queued': [job: Job];
  'job.progress': [job: StreamEvents['job.progress']];
  'job.finished': [job: StreamEvents['job.finished']];
  'job.cancel-requested': [jobId: number];
  'site.updated': [event: SiteUpdatedEvent];
  'site.changed': [event: StreamEvents['site.changed']];
  /** Not streamed: the scheduler forgets the site's schedule. */
  'site.deleted': [siteId: number];
}

export class EventBus extends EventEmitter<AppEventMap> {
  constructor() {
    super();
    // Every open SSE connection listens; the default limit of 10 would warn on an ordinary UI session.
    this.setMaxListeners(0);
  }
}
