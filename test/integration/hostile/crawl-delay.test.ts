/**
 * A robots.txt asking for `Crawl-delay: 3000000` (35 days a request): more than a timer holds, which once let every
 * request go at once. The crawl must wait the capped 60 s instead, say so in its progress, and still cancel at once.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { FINISHED_STATUSES } from '../../../server/schemas/jobs.js';
import { jobResult } from '../../helpers/crawl-site.js';
import { createTestApp, waitFor, type TestApp } from '../../helpers/test-app.js';

const PAGES: Record<string, [string, string]> = {
  '/robots.txt': ['text/plain', 'User-agent: *\nCrawl-delay: 3000000\n'],
  '/': ['text/html', '<!doctype html><title>Home</title><a href="/next">next</a>'],
  '/next': ['text/html', '<!doctype html><title>Next</title>'],
};

let t: TestApp;
let server: Server;
const requests = new Map<string, number>();
before(async () => {
  t = await createTestApp();
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.set(path, (requests.get(path) ?? 0) + 1);
    const [type, body] = PAGES[path] ?? ['text/plain', 'not found'];
    res.writeHead(PAGES[path] ? 200 : 404, { 'Content-Type': `${type}; charset=utf-8` }).end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
});
after(async () => {
  await t.close();
  server.closeAllConnections();
  server.close();
});

const hostOf = (s: Server) => `127.0.0.1:${(s.address() as AddressInfo).port}`;
const noteFor = (host: string) =>
  `robots.txt asks for a Crawl-delay of 3000000 s on host ${host}; Siteloupe waits 60 s at most.`;

describe('a robots.txt Crawl-delay longer than a timer holds', () => {
  // robots.txt and the start page go out before the delay is known, so a one-page crawl ends at once.
  it('is named in the notes of the crawl result', async () => {
    const created = await t.call('sites.create', {
      start_url: `http://${hostOf(server)}/next`,
      settings: { use_sitemaps: false },
    });
    const result = await jobResult(t, await t.call('crawl.start', { site_id: created.id }), 5000);
    assert.deepEqual(result.notes, [noteFor(hostOf(server))]);
  });

  it('paces the host at the 60 s cap, notes the cap and still cancels at once', async () => {
    const host = hostOf(server);
    requests.clear();
    const created = await t.call('sites.create', {
      start_url: `http://${host}/`,
      settings: { max_requests_per_second: 1000, concurrency: 2, use_sitemaps: false },
    });
    const started = await t.call('crawl.start', { site_id: created.id });
    const readJob = () => t.call('jobs.get', { job_id: started.id });

    const note = noteFor(host);
    const job = await waitFor(
      async () => {
        const j = await readJob();
        return j.progress.message.includes(note) || FINISHED_STATUSES.includes(j.status) ? j : undefined;
      },
      5000,
      'the Crawl-delay note',
    );
    assert.equal(job.status, 'running', JSON.stringify(job));

    // robots.txt and / went out before the delay was known; /next waits its minute.
    await waitFor(() => requests.get('/'), 5000, 'the start page');
    await sleep(300);
    assert.equal(requests.get('/next'), undefined, '/next was not fetched before its slot');

    await t.call('crawl.cancel', { job_id: started.id });
    const ended = await waitFor(
      async () => {
        const j = await readJob();
        return FINISHED_STATUSES.includes(j.status) ? j : undefined;
      },
      2000,
      'the cancelled crawl to stop',
    );
    assert.equal(ended.status, 'cancelled');
  });
});
