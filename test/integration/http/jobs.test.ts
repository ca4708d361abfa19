import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { countingJob } from '../../fixtures/jobs/counting-job.js';
import { TEST_TOKEN, assertProblem, createTestApp, waitFor, type TestApp } from '../../helpers/test-app.js';

let t: TestApp;
before(async () => {
  // Real job kinds whose work counts: quick ones of two kinds, a long one to cancel, one that streams progress.
  t = await createTestApp({
    jobKinds: [
      countingJob({ kind: 'embed', to: 3, stepMs: 1 }),
      countingJob({ kind: 'campaign_refresh', to: 2, stepMs: 1 }),
      countingJob({ kind: 'similarity', to: 100_000, stepMs: 5 }),
      countingJob({ kind: 'campaign_expand', to: 150, stepMs: 10 }),
    ],
  });
});
after(() => t.close());

interface SseEvent {
  event: string;
  data: { id: number; status: string; progress: { done: number }; site_id?: number; changes?: string[] };
  at: number;
}

/** Opens `/events` with a real HTTP client and collects parsed events until `stop()`. */
function listen(query = '') {
  const events: SseEvent[] = [];
  let buffer = '';
  const req = request(`${t.baseUrl}/events${query}`, { headers: { Authorization: `Bearer ${TEST_TOKEN}` } });
  const ready = new Promise<{ status: number; type: string }>((resolve) => {
    req.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data)
            events.push({ event, data: JSON.parse(data) as SseEvent['data'], at: Date.now() });
        }
      });
      resolve({ status: res.statusCode!, type: String(res.headers['content-type']) });
    });
  });
  req.on('error', () => {});
  req.end();
  return { events, ready, stop: () => req.destroy() };
}

describe('jobs API', () => {
  it('lists jobs newest first with filters and cursors', async () => {
    const site = await t.call('sites.create', { start_url: 'https://jobs.test/' });
    const a = t.services.jobs.create({ kind: 'embed', site_id: site.id, params: {} });
    const b = t.services.jobs.create({ kind: 'campaign_refresh', params: { action: 'refresh' } });
    await waitFor(() =>
      t.services.jobs.get(b.id).status === 'succeeded' && t.services.jobs.get(a.id).status === 'succeeded'
        ? true
        : undefined,
    );

    const all = await t.call('jobs.list');
    assert.deepEqual(
      all.items.slice(0, 2).map((j) => j.id),
      [b.id, a.id],
    );
    const bySite = await t.call('jobs.list', { site_id: site.id });
    assert.deepEqual(
      bySite.items.map((j) => j.id),
      [a.id],
    );
    // Comma-separated values as a person types them in a URL (a typed call repeats the parameter instead).
    const byKind = t.answer('jobs.list', await t.get('/jobs?kind=campaign_refresh&status=succeeded,failed'));
    assert.ok(byKind.items.length > 0);
    assert.ok(byKind.items.every((j) => j.kind === 'campaign_refresh'));
    // Kinds and statuses outside the registry are the point: sent raw.
    const unknownKind = assertProblem(await t.get('/jobs?kind=campaign-refresh'), 400, 'validation');
    assert.match(unknownKind.detail, /query\.kind\.0 /);
    const first = await t.call('jobs.list', { limit: 1 });
    assert.equal(first.items.length, 1);
    const second = await t.call('jobs.list', { limit: 1, cursor: first.next_cursor ?? undefined });
    assert.notEqual(second.items[0]!.id, first.items[0]!.id);
    assertProblem(await t.get('/jobs?status=paused'), 400, 'validation');
  });

  it('shows one job with its progress, params and result, and 404 for none', async () => {
    const job = t.services.jobs.create({ kind: 'campaign_refresh', params: { action: 'refresh' } });
    await waitFor(() => (t.services.jobs.get(job.id).status === 'succeeded' ? true : undefined));
    const read = await t.call('jobs.get', { job_id: job.id });
    assert.equal(read.kind, 'campaign_refresh');
    assert.deepEqual(read.params, { action: 'refresh' });
    assert.deepEqual(read.result, { rescored: 2, stale: 0 });
    assert.deepEqual(t.services.jobs.checkpoint(job.id), { n: 2, starts: [0], resumed: false });
    assert.equal(read.progress.done, 2);
    assert.equal(read.error, null);
    assertProblem(await t.send('jobs.get', { job_id: 424242 }), 404, 'not-found');
  });

  it('cancels a running job and refuses to cancel it twice', async () => {
    const job = t.services.jobs.create({ kind: 'similarity', params: {} });
    await waitFor(() => (t.services.jobs.get(job.id).status === 'running' ? true : undefined));
    await t.call('jobs.cancel', { job_id: job.id });
    await waitFor(() => (t.services.jobs.get(job.id).status === 'cancelled' ? true : undefined));
    assertProblem(await t.send('jobs.cancel', { job_id: job.id }), 409, 'conflict');
  });

  it('streams throttled progress and the finish over /events', async () => {
    const stream = listen();
    const head = await stream.ready;
    assert.equal(head.status, 200);
    assert.match(head.type, /^text\/event-stream/);
    const job = t.services.jobs.create({ kind: 'campaign_expand', params: { action: 'expand' } });
    await waitFor(
      () => stream.events.find((e) => e.event === 'job.finished' && e.data.id === job.id),
      15_000,
      'job.finished',
    );
    stream.stop();
    const progress = stream.events.filter((e) => e.event === 'job.progress' && e.data.id === job.id);
    assert.ok(progress.length >= 3, `got ${progress.length} progress events`);
    // ≤ 4 a second per job: consecutive events at least ~250 ms apart (timer slack allowed).
    for (let i = 1; i < progress.length; i++) {
      assert.ok(progress[i]!.at - progress[i - 1]!.at >= 200, `events ${i - 1} and ${i} too close`);
    }
    const done = progress.map((e) => e.data.progress.done);
    assert.deepEqual(
      done,
      [...done].sort((x, y) => x - y),
      'progress never goes backwards',
    );
    const finished = stream.events.find((e) => e.event === 'job.finished' && e.data.id === job.id)!;
    assert.equal(finished.data.status, 'succeeded');
  });

  it('filters /events by job and by site', async () => {
    const site = await t.call('sites.create', { start_url: 'https://events.test/' });
    const byJob = listen(`?job_id=999999`);
    const bySite = listen(`?site_id=${site.id}`);
    await Promise.all([byJob.ready, bySite.ready]);
    const other = t.services.jobs.create({ kind: 'campaign_refresh', params: { action: 'refresh' } });
    const mine = t.services.jobs.create({ kind: 'embed', site_id: site.id, params: {} });
    await t.call('sites.update', { site_id: site.id, name: 'renamed' });
    await waitFor(() => bySite.events.find((e) => e.event === 'job.finished'), 10_000, 'site job finished');
    await waitFor(() => (t.services.jobs.get(other.id).status === 'succeeded' ? true : undefined));
    byJob.stop();
    bySite.stop();
    assert.equal(byJob.events.length, 0);
    assert.ok(bySite.events.every((e) => e.data.id === mine.id || e.event === 'site.updated'));
    const updated = bySite.events.find((e) => e.event === 'site.updated');
    assert.deepEqual(updated?.data, { site_id: site.id, changes: ['site'] });
  });

  it('refuses /events without the token', async () => {
    assertProblem(await t.http.get('/events'), 401, 'unauthorized');
  });
});
