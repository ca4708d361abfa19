/**
 * Server-Sent Events for one client: job progress (at most 4 a second per job, the latest state always
 * delivered last), job completion and site changes, filtered by site or job, with a heartbeat comment so
 * proxies and the browser keep the connection open.
 */
import type { Request, Response } from 'express';
import type { EventBus, AppEventMap } from '../domain/events.js';
import type { Job } from '../schemas/jobs.js';

export const PROGRESS_INTERVAL_MS = 250;
export const HEARTBEAT_MS = 15_000;

export interface StreamFilter {
  site_id?: number | undefined;
  job_id?: number | undefined;
}

export function openEventStream(bus: EventBus, filter: StreamFilter, req: Request, res: Response): void {
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  res.write(': connected\n\n');

  let seq = 0;
  const send = (event: string, data: unknown) => {
    res.write(`id: ${++seq}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const wantsJob = (job: Job) =>
    (filter.job_id === undefined || job.id === filter.job_id) &&
    (filter.site_id === undefined || job.site_id === filter.site_id);

  const lastSent = new Map<number, number>();
  const pending = new Map<number, { job: Job; timer: NodeJS.Timeout }>();

  const onProgress = (job: Job) => {
    if (!wantsJob(job)) return;
    const waiting = pending.get(job.id);
    if (waiting) {
      waiting.job = job; // the timer will send the newest state
      return;
    }
    const wait = (lastSent.get(job.id) ?? 0) + PROGRESS_INTERVAL_MS - Date.now();
    if (wait <= 0) {
      lastSent.set(job.id, Date.now());
      send('job.progress', job);
      return;
    }
    const entry = {
      job,
      timer: setTimeout(() => {
        pending.delete(job.id);
        lastSent.set(job.id, Date.now());
        send('job.progress', entry.job);
      }, wait),
    };
    pending.set(job.id, entry);
  };
  const onFinished = (job: Job) => {
    if (!wantsJob(job)) return;
    const waiting = pending.get(job.id);
    if (waiting) clearTimeout(waiting.timer);
    pending.delete(job.id);
    lastSent.delete(job.id);
    send('job.finished', job);
  };
  const onSite = (event: AppEventMap['site.updated'][0]) => {
    if (filter.job_id !== undefined) return;
    if (filter.site_id === undefined || event.site_id === filter.site_id) send('site.updated', event);
  };

  const onChanged = (event: AppEventMap['site.changed'][0]) => {
    if (filter.job_id !== undefined) return;
    if (filter.site_id === undefined || event.site_id === filter.site_id) send('site.changed', event);
  };

  bus.on('job.progress', onProgress);
  bus.on('job.finished', onFinished);
  bus.on('site.updated', onSite);
  bus.on('site.changed', onChanged);
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);

  const close = () => {
    clearInterval(heartbeat);
    for (const p of pending.values()) clearTimeout(p.timer);
    bus.off('job.progress', onProgress);
    bus.off('job.finished', onFinished);
    bus.off('site.updated', onSite);
    bus.off('site.changed', onChanged);
  };
  req.on('close', close);
  res.on('error', close);
}
