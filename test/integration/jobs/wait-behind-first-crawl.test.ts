/**
 * A reader of passages asked for during a site's first crawl waits for the crawl, then for the embedding its
 * follow-ups queue, and then runs — never in the gap between the crawl's end and its embed job being queued
 * (the crawl's follow-ups queue the audit and the embed job in one go, and the runner looks at its queue only
 * after). The crawl is held on its first fetch by a gate in front of a real fixture site, so the check is queued
 * while it runs.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';
import { FAST_CRAWL, finishedJob, jobResult } from '../../helpers/crawl-site.js';
import { createTestApp, waitFor, type TestApp } from '../../helpers/test-app.js';

let t: TestApp;
let site: FixtureSite;
let gate: http.Server;
let open: () => void;
const opened = new Promise<void>((resolve) => (open = resolve));

before(async () => {
  t = await createTestApp({ followUps: true });
  site = await startFixtureSite({ seed: 5, articles: 8 });
  // Forwards every request to the fixture site once opened.
  gate = http.createServer((req, res) => {
    void opened.then(() => {
      const upstream = http.request(
        `${site.origin}${req.url}`,
        { method: req.method, headers: { ...req.headers, host: new URL(site.origin).host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
  });
  gate.listen(0, '127.0.0.1');
  await once(gate, 'listening');
});
after(async () => {
  open();
  await t.close();
  gate.closeAllConnections();
  gate.close();
  await site.close();
});

describe('a reader asked for during the first crawl', { timeout: 600_000 }, () => {
  it('waits for the crawl and its embedding, then answers as the check does', async () => {
    const origin = `http://127.0.0.1:${(gate.address() as AddressInfo).port}`;
    const start = new URL(site.startUrl);
    const { id: siteId } = await t.call('sites.create', {
      start_url: `${origin}${start.pathname}`,
      settings: FAST_CRAWL,
    });
    const crawl = await t.call('crawl.start', { site_id: siteId });
    await waitFor(
      async () => ((await t.call('jobs.get', { job_id: crawl.id })).status === 'running' ? true : undefined),
      10_000,
      'the crawl to run',
    );
    const check = await t.call('ideas.startCheck', {
      site_id: siteId,
      idea: 'growing tomatoes on a balcony',
    });
    assert.equal(check.status, 'queued');
    assert.equal(check.progress.phase, 'waiting');
    assert.match(check.progress.message, new RegExp(`^Queued behind crawl job ${crawl.id}: `));

    open();
    assert.equal((await finishedJob(t, crawl, 300_000)).status, 'succeeded');
    const answer = await jobResult(t, check);
    const embed = (await t.call('jobs.list', { site_id: siteId, kind: ['embed'], limit: 5 })).items;
    assert.equal(embed.length, 1, 'the crawl’s follow-up embedded the site');
    assert.equal(embed[0]!.status, 'succeeded');
    const done = await t.call('jobs.get', { job_id: check.id });
    assert.ok(done.started_at! >= embed[0]!.finished_at!, 'the check ran after the embedding');
    assert.deepEqual(
      answer,
      await t.call('ideas.check', { site_id: siteId, idea: 'growing tomatoes on a balcony' }),
    );
  });
});
