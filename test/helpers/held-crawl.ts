/**
 * Crawls that stay running: a local server that takes every request and never answers, so a crawl of it waits on
 * its first fetch until cancelled. For routes that only succeed on a running (or cancelled) crawl.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor, type TestApp } from './test-app.js';

export interface HeldServer {
  origin: string;
  close(): Promise<void>;
}

export async function startHeldServer(): Promise<HeldServer> {
  const server = http.createServer(() => undefined);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** A new site on the held server with its crawl running; returns the crawl's job id. */
export async function heldCrawl(t: TestApp, held: HeldServer): Promise<number> {
  const site = await t.call('sites.create', {
    start_url: `${held.origin}/held-${Date.now()}-${Math.random().toString(36).slice(2)}/`,
    settings: { respect_robots: false, use_sitemaps: false, timeout_ms: 300_000 },
  });
  const { id } = await t.call('crawl.start', { site_id: site.id });
  await waitFor(
    async () => ((await t.call('jobs.get', { job_id: id })).status === 'running' ? true : undefined),
    10_000,
    'the held crawl to run',
  );
  return id;
}

/** A crawl of the held server, cancelled and stopped: one that can be resumed. */
export async function cancelledCrawl(t: TestApp, held: HeldServer): Promise<number> {
  const id = await heldCrawl(t, held);
  await t.call('jobs.cancel', { job_id: id });
  await waitFor(
    async () => ((await t.call('jobs.get', { job_id: id })).status === 'cancelled' ? true : undefined),
    10_000,
    'the held crawl to stop',
  );
  return id;
}
