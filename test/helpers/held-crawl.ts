/**
 * Crawls that stay running: a local server that takes every request and never answers, so a crawl of it waits on
 * its first fetch until cancelled. For routes that only succeed on a running (or cancelled) crawl.
 */
import assert from 'node:assert/strict';
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
  const site = await t.post('/sites', {
    start_url: `${held.origin}/held-${Date.now()}-${Math.random().toString(36).slice(2)}/`,
    settings: { respect_robots: false, use_sitemaps: false, timeout_ms: 300_000 },
  });
  assert.equal(site.status, 201, JSON.stringify(site.body));
  const crawl = await t.post('/crawl/start', { site_id: site.body.id });
  assert.equal(crawl.status, 202, JSON.stringify(crawl.body));
  const id = crawl.body.id as number;
  await waitFor(
    async () => ((await t.get(`/jobs/${id}`)).body.status === 'running' ? true : undefined),
    10_000,
    'the held crawl to run',
  );
  return id;
}

/** A crawl of the held server, cancelled and stopped: one that can be resumed. */
export async function cancelledCrawl(t: TestApp, held: HeldServer): Promise<number> {
  const id = await heldCrawl(t, held);
  assert.equal((await t.post(`/jobs/${id}/cancel`)).status, 200);
  await waitFor(
    async () => ((await t.get(`/jobs/${id}`)).body.status === 'cancelled' ? true : undefined),
    10_000,
    'the held crawl to stop',
  );
  return id;
}
