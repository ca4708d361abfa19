import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { EventBus } from '../../../server/domain/events.js';
import { createServices } from '../../../server/domain/services.js';
import { JobRunner } from '../../../server/jobs/job-runner.js';
import type { JobKind } from '../../../server/jobs/job-kind.js';
import { createLogger } from '../../../server/logger.js';
import type { Job } from '../../../server/schemas/jobs.js';
import { createStore, openDatabase } from '../../../server/store/index.js';
import { COUNTING_PARAMS, CountingCheckpoint, countingJob } from '../../fixtures/jobs/counting-job.js';
import { makeTempDir, waitFor } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

function setup(kinds: JobKind[], file = join(dir, `runner-${++n}.db`)) {
  const db = openDatabase(file);
  const store = createStore(db, file);
  const bus = new EventBus();
  const services = createServices(store, bus, {
    version: 'test',
    resourcesDir: dir,
    logger: createLogger('silent'),
  });
  const runner = new JobRunner(services.jobs, bus, createLogger('silent'), 2);
  for (const k of kinds) runner.register(k);
  return { db, store, bus, services, runner, file };
}

const finished = (s: ReturnType<typeof setup>, id: number) =>
  waitFor(
    () => {
      const j = s.services.jobs.get(id);
      return ['succeeded', 'failed', 'cancelled'].includes(j.status) ? j : undefined;
    },
    10_000,
    `job ${id} to finish`,
  );

describe('JobRunner', () => {
  it('runs a queued job to success with progress and a result', async () => {
    const s = setup([countingJob({ to: 20, stepMs: 20 })]);
    const progress: Job[] = [];
    s.bus.on('job.progress', (j) => progress.push(j));
    s.runner.start();
    const job = s.services.jobs.create({ kind: 'embed', params: {} });
    const done = await finished(s, job.id);
    assert.equal(done.status, 'succeeded');
    assert.deepEqual(done.result, { pages: 20, passages: 0, dropped: 0, model: 'counting', seconds: 0 });
    assert.deepEqual(s.services.jobs.checkpoint(job.id), { n: 20, starts: [0], resumed: false });
    assert.equal(done.progress.phase, 'done');
    assert.ok(done.started_at && done.finished_at);
    // 20 steps over ~400 ms: stored progress is throttled to one write per 250 ms (plus the final one).
    const counting = progress.filter((p) => p.progress.phase === 'counting');
    assert.ok(counting.length >= 1 && counting.length <= 5, `progress writes: ${counting.length}`);
    await s.runner.stop();
    s.db.close();
  });

  it('cancels a running job through its signal', async () => {
    const s = setup([countingJob({ to: 10_000, stepMs: 5 })]);
    s.runner.start();
    const job = s.services.jobs.create({ kind: 'embed', params: {} });
    await waitFor(() => (s.services.jobs.get(job.id).progress.done > 2 ? true : undefined));
    s.services.jobs.cancel(job.id);
    const done = await finished(s, job.id);
    assert.equal(done.status, 'cancelled');
    assert.ok(done.progress.done < 10_000);
    await s.runner.stop();
    s.db.close();
  });

  it('cancels a queued job at once and refuses to cancel a finished one', async () => {
    const s = setup([countingJob()]);
    const job = s.services.jobs.create({ kind: 'embed', params: {} }); // runner not started: stays queued
    assert.equal(s.services.jobs.cancel(job.id).status, 'cancelled');
    assert.throws(() => s.services.jobs.cancel(job.id), /already been cancelled/);
    s.db.close();
  });

  it('retries a retryable failure within maxAttempts', async () => {
    const s = setup([countingJob({ to: 3, stepMs: 1, failTimes: 2 })]);
    s.runner.start();
    const job = s.services.jobs.create({ kind: 'embed', params: {} });
    const done = await finished(s, job.id);
    assert.equal(done.status, 'succeeded');
    assert.equal(s.services.jobs.attempts(job.id), 3);
    await s.runner.stop();
    s.db.close();
  });

  it('fails with the error type and retryable flag when attempts run out', async () => {
    const s = setup([countingJob({ to: 3, failTimes: 5 })]);
    s.runner.start();
    const job = s.services.jobs.create({ kind: 'embed', params: {} });
    const done = await finished(s, job.id);
    assert.equal(done.status, 'failed');
    assert.deepEqual(done.error, {
      type: 'urn:siteloupe:problem:transient',
      detail: 'simulated transient failure',
      retryable: true,
    });
    await s.runner.stop();
    s.db.close();
  });

  it('fails a job of a kind this runner does not run with a clear reason', async () => {
    const s = setup([]);
    s.runner.start();
    const job = s.services.jobs.create({ kind: 'embed', params: {} });
    const done = await finished(s, job.id);
    assert.equal(done.status, 'failed');
    assert.equal(done.error!.type, 'urn:siteloupe:problem:unknown-job-kind');
    assert.match(done.error!.detail, /cannot run jobs of kind "embed"/);
    await s.runner.stop();
    s.db.close();
  });

  it('fails a job whose stored params do not fit its kind, naming the field', async () => {
    const s = setup([countingJob({ kind: 'campaign_refresh' })]);
    const job = s.services.jobs.create({ kind: 'campaign_refresh', params: { action: 'refresh' } });
    s.db.prepare(`UPDATE jobs SET params = '{"action":"expand"}' WHERE id = ?`).run(job.id);
    s.runner.start();
    const done = await finished(s, job.id);
    assert.equal(done.status, 'failed');
    assert.equal(done.error!.type, 'urn:siteloupe:problem:validation');
    assert.match(done.error!.detail, /campaign_refresh job's stored params are not valid \(action /);
    await s.runner.stop();
    s.db.close();
  });

  it('refuses a second exclusive job for the same site', async () => {
    const s = setup([countingJob()]);
    const site = await s.services.sites.create({ start_url: 'https://example.test/' });
    s.services.jobs.create({ kind: 'embed', site_id: site.id, params: {} });
    assert.throws(
      () => s.services.jobs.create({ kind: 'embed', site_id: site.id, params: {} }),
      /already has an embedding of its pages \(job \d+/,
    );
    s.db.close();
  });

  it('pauses running jobs on stop and resumes them from their checkpoint on the next start', async () => {
    const file = join(dir, 'restart.db');
    const counting = () => countingJob({ to: 30, stepMs: 10 });
    const first = setup([counting()], file);
    first.runner.start();
    const job = first.services.jobs.create({ kind: 'embed', params: {} });
    await waitFor(() => (first.services.jobs.get(job.id).progress.done >= 5 ? true : undefined));
    await first.runner.stop();
    const paused = first.services.jobs.get(job.id);
    assert.equal(paused.status, 'queued');
    assert.match(paused.progress.message, /Paused/);
    first.db.close();

    const second = setup([counting()], file);
    second.runner.start();
    const done = await finished(second, job.id);
    assert.equal(done.status, 'succeeded');
    assert.deepEqual(done.result, { pages: 30, passages: 0, dropped: 0, model: 'counting', seconds: 0 });
    const cp = CountingCheckpoint.parse(second.services.jobs.checkpoint(job.id));
    assert.equal(cp.starts.length, 2);
    assert.ok(cp.starts[1]! >= 5, `resumed from ${cp.starts[1]}`);
    assert.equal(cp.resumed, true);
    await second.runner.stop();
    second.db.close();
  });

  it('applies each kind’s restart policy to jobs a crash left running', async () => {
    const file = join(dir, 'crash.db');
    // Three real kinds, each given one restart policy.
    const kinds = () => [
      countingJob({ kind: 'embed', to: 4, stepMs: 1, onRestart: 'resume' }),
      countingJob({ kind: 'similarity', to: 4, stepMs: 1, onRestart: 'rerun' }),
      countingJob({ kind: 'campaign_refresh', to: 4, stepMs: 1, onRestart: 'fail' }),
    ];
    const crashed = setup(kinds(), file);
    const ids = (['embed', 'similarity', 'campaign_refresh'] as const).map((kind) => {
      const j = crashed.services.jobs.create({ kind, params: COUNTING_PARAMS[kind] });
      crashed.services.jobs.markRunning(j.id);
      crashed.services.jobs.saveCheckpoint(j.id, { n: 2, starts: [0] });
      return j.id;
    });
    crashed.db.close(); // as if the process died: rows still say running

    const s = setup(kinds(), file);
    s.runner.start();
    const [resumed, rerun, failed] = await Promise.all(ids.map((id) => finished(s, id)));
    const starts = (id: number) => CountingCheckpoint.parse(s.services.jobs.checkpoint(id)).starts;
    assert.equal(resumed!.status, 'succeeded');
    assert.deepEqual(starts(resumed!.id), [0, 2]);
    assert.equal(rerun!.status, 'succeeded');
    assert.deepEqual(starts(rerun!.id), [0]);
    assert.equal(failed!.status, 'failed');
    assert.equal(failed!.error!.type, 'urn:siteloupe:problem:interrupted');
    await s.runner.stop();
    s.db.close();
  });
});
