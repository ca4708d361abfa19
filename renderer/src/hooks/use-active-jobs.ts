/**
 * The queued and running jobs of a site (or a campaign), kept live from `/events`: loaded once, then each
 * `job.progress` replaces its job and `job.finished` moves it to `finished` so the view can say how it ended.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../api/call.js';
import { useEvent } from '../api/events.js';
import type { Job } from '../api/types.js';

export interface JobScope {
  siteId?: number;
  campaignId?: number;
}

function inScope(job: Job, scope: JobScope): boolean {
  if (scope.siteId !== undefined && job.site_id !== scope.siteId) return false;
  if (scope.campaignId !== undefined && job.campaign_id !== scope.campaignId) return false;
  return true;
}

export function useActiveJobs(scope: JobScope): {
  active: Job[];
  finished: Job[];
  track: (job: Job) => void;
} {
  const [active, setActive] = useState<Job[]>([]);
  const [finished, setFinished] = useState<Job[]>([]);
  const { siteId, campaignId } = scope;
  // A quick job can finish before the request that started (or listed) it returns; that answer, arriving
  // afterwards, must not bring it back as queued.
  const ended = useRef(new Set<number>());

  useEffect(() => {
    const controller = new AbortController();
    setActive([]);
    setFinished([]);
    call(
      'jobs.list',
      { site_id: siteId, campaign_id: campaignId, status: ['queued', 'running'], limit: 50 },
      { signal: controller.signal },
    )
      .then((page) =>
        setActive((now) =>
          merge(
            now,
            page.items.filter((j) => !ended.current.has(j.id)),
          ),
        ),
      )
      .catch(() => {
        // the list is a convenience; events still arrive
      });
    return () => controller.abort();
  }, [siteId, campaignId]);

  const upsert = useCallback((job: Job) => {
    if (ended.current.has(job.id)) return;
    setActive((now) => merge(now, [job]));
  }, []);

  useEvent('job.progress', (job) => {
    if (inScope(job, { siteId, campaignId })) upsert(job);
  });
  useEvent('job.finished', (job) => {
    if (!inScope(job, { siteId, campaignId })) return;
    ended.current.add(job.id);
    setActive((now) => now.filter((j) => j.id !== job.id));
    setFinished((now) => [job, ...now.filter((j) => j.id !== job.id)].slice(0, 10));
  });

  return { active, finished, track: upsert };
}

function merge(current: Job[], incoming: Job[]): Job[] {
  const byId = new Map(current.map((j) => [j.id, j]));
  for (const job of incoming) {
    // The answer that started a job (queued) often arrives after its first progress event (running): an older
    // view of the job must not take it back to "waiting to start".
    if (job.status === 'queued' && byId.get(job.id)?.status === 'running') continue;
    if (job.status === 'queued' || job.status === 'running') byId.set(job.id, job);
    else byId.delete(job.id);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
