/**
 * The in-process event bus. The job runner and domain services emit typed events; the SSE layer and the
 * runner itself listen. `site.updated` names what changed so the UI refetches only that.
 */
import { EventEmitter } from 'node:events';
import type { Job } from '../schemas/jobs.js';

export type SiteChange = 'site' | 'pages' | 'links' | 'embeddings' | 'similarity' | 'analytics' | 'campaigns';

export interface AppEventMap {
  'job.queued': [job: Job];
  'job.progress': [job: Job];
  'job.finished': [job: Job];
  'job.cancel-requested': [jobId: number];
  'site.updated': [event: { site_id: number; changes: SiteChange[] }];
}

export class EventBus extends EventEmitter<AppEventMap> {
  constructor() {
    super();
    // Every open SSE connection listens; the default limit of 10 would warn on an ordinary UI session.
    this.setMaxListeners(0);
  }
}
