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
import { countingJob } from '../../fixtures/jobs/counting-job.js';
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
    const s = setup([countingJob()]);
    const progress: Job[] = [];
    s.bus.on('job.progress', (j) => progress.push(j));
    s.runner.start();
    const job = s.services.jobs.create({ kind: 'test.count', params: { to: 20, step_ms: 20 } });
    const done = await finished(s, job.id);
    assert.equal(done.status, 'succeeded');
    assert.deepEqual(done.result, { count: 20, starts: [0], resumed: false });
    assert.equal(done.progress.phase, 'done');
    assert.ok(done.started_at && done.finished_at);
    // 20 steps over ~400 ms: stored progress is throttled to one write per 250 ms (plus the final one).
    const counting = progress.filter((p) => p.progress.phase === 'counting');
    assert.ok(counting.length >= 1 && counting.length <= 5, `progress writes: ${counting.length}`);
    await s.runner.stop();
    s.db.close();
  });

  it('cancels a running job through its signal', async () => {
    const s = setup([countingJob()]);
    s.runner.start();
    const job = s.services.jobs.create({ kind: 'test.count', params: { to: 10_000, step_ms: 5 } });
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
    const job = s.services.jobs.create({ kind: 'test.count' }); // runner not started: stays queued
    assert.equal(s.services.jobs.cancel(job.id).status, 'cancelled');
    assert.throws(() => s.services.jobs.cancel(job.id), /already been cancelled/);
    s.db.close();
  });

  it('retries a retryable failure within maxAttempts', async () => {
    const s = setup([countingJob({ failTimes: 2 })]);
    s.runner.start();
    const job = s.services.jobs.create({ kind: 'test.count', params: { to: 3, step_ms: 1 } });
    const done = await finished(s, job.id);
    assert.equal(done.status, 'succeeded');
    assert.equal(s.services.jobs.attempts(job.id), 3);
    await s.runner.stop();
    s.db.close();
  });

  it('fails with the error type and retryable flag when attempts run out', async () => {
    const s = setup([countingJob({ failTimes: 5 })]);
    s.runner.start();
    const job = s.services.jobs.create({ kind: 'test.count', params: { to: 3 } });
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

  it('fails a job of an unknown kind with a clear reason', async () => {
    const s = setup([]);
    s.runner.start();
    const job = s.services.jobs.create({ kind: 'no.such.kind' });
    const done = await finished(s, job.id);
    assert.equal(done.status, 'failed');
    assert.match(done.error!.detail, /cannot run jobs of kind "no\.such\.kind"/);
    await s.runner.stop();
    s.db.close();
  });

  it('refuses a second exclusive job for the same site', () => {
    const s = setup([countingJob()]);
    const site = s.services.sites.create({ start_url: 'https://example.test/' });
    s.services.jobs.create({ kind: 'test.count', site_id: site.id });
    assert.throws(
      () => s.services.jobs.create({ kind: 'test.count', site_id: site.id }),
      /already has a test\.count job/,
    );
    s.db.close();
  });

  it('pauses running jobs on stop and resumes them from their checkpoint on the next start', async () => {
    const file = join(dir, 'restart.db');
    const first = setup([countingJob()], file);
    first.runner.start();
    const job = first.services.jobs.create({ kind: 'test.count', params: { to: 30, step_ms: 10 } });
    await waitFor(() => (first.services.jobs.get(job.id).progress.done >= 5 ? true : undefined));
    await first.runner.stop();
    const paused = first.services.jobs.get(job.id);
    assert.equal(paused.status, 'queued');
    assert.match(paused.progress.message, /Paused/);
    first.db.close();

    const second = setup([countingJob()], file);
    second.runner.start();
    const done = await finished(second, job.id);
    assert.equal(done.status, 'succeeded');
    const result = done.result as { count: number; starts: number[]; resumed: boolean };
    assert.equal(result.count, 30);
    assert.equal(result.starts.length, 2);
    assert.ok(result.starts[1]! >= 5, `resumed from ${result.starts[1]}`);
    assert.equal(result.resumed, true);
    await second.runner.stop();
    second.db.close();
  });

  it('applies each kind’s restart policy to jobs a crash left running', async () => {
    const file = join(dir, 'crash.db');
    const kinds = () => [
      countingJob({ kind: 'k.resume', onRestart: 'resume' }),
      countingJob({ kind: 'k.rerun', onRestart: 'rerun' }),
      countingJob({ kind: 'k.fail', onRestart: 'fail' }),
    ];
    const crashed = setup(kinds(), file);
    const ids = ['k.resume', 'k.rerun', 'k.fail'].map((kind) => {
      const j = crashed.services.jobs.create({ kind, params: { to: 4, step_ms: 1 } });
      crashed.services.jobs.markRunning(j.id);
      crashed.services.jobs.saveCheckpoint(j.id, { n: 2, starts: [0] });
      return j.id;
    });
    crashed.db.close(); // as if the process died: rows still say running

    const s = setup(kinds(), file);
    s.runner.start();
    const [resumed, rerun, failed] = await Promise.all(ids.map((id) => finished(s, id)));
    assert.deepEqual((resumed!.result as { starts: number[] }).starts, [0, 2]);
    assert.deepEqual((rerun!.result as { starts: number[] }).starts, [0]);
    assert.equal(failed!.status, 'failed');
    assert.equal(failed!.error!.type, 'urn:siteloupe:problem:interrupted');
    await s.runner.stop();
    s.db.close();
  });
});
