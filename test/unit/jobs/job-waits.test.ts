/**
 * Jobs that wait for another job's work (job-waits.ts): the runner starts none while its kind's `waitsFor` names
 * a job, a waiting job takes no slot (the work it waits for may need it), its progress follows that job's, and it
 * starts when that job ends however it ends.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { EventBus } from '../../../server/domain/events.js';
import { WAITING_PHASE, type JobsService } from '../../../server/domain/jobs/jobs-service.js';
import { createServices } from '../../../server/domain/services.js';
import type { JobKind } from '../../../server/jobs/job-kind.js';
import { JobRunner } from '../../../server/jobs/job-runner.js';
import { createLogger } from '../../../server/logger.js';
import type { Job } from '../../../server/schemas/jobs.js';
import { createStore, openDatabase } from '../../../server/store/index.js';
import { countingJob } from '../../fixtures/jobs/counting-job.js';
import { makeTempDir, waitFor } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

/** The embed job still to finish, as a passage reader's wait names it. */
const activeEmbed = (jobs: JobsService): Job | undefined =>
  [...jobs.withStatus('running'), ...jobs.withStatus('queued')].find((j) => j.kind === 'embed');

/** An analysis (a counting stand-in) that waits while an embed job is queued or running. */
function waitingAnalysis(jobs: () => JobsService): JobKind<'similarity'> {
  return {
    ...countingJob({ kind: 'similarity', to: 2, stepMs: 5 }),
    waitsFor: () => {
      const embed = activeEmbed(jobs());
      if (!embed) return null;
      const { done, total } = embed.progress;
      return {
        job_id: embed.id,
        progress: { phase: WAITING_PHASE, done, total, message: `Queued behind embed job ${embed.id}` },
      };
    },
  };
}

function setup(embedSteps: number) {
  const file = join(dir, `waits-${++n}.db`);
  const db = openDatabase(file);
  const store = createStore(db, file);
  const bus = new EventBus();
  const services = createServices(store, bus, {
    version: 'test',
    resourcesDir: dir,
    logger: createLogger('silent'),
  });
  const runner = new JobRunner(services.jobs, bus, createLogger('silent'), 2);
  runner.register(countingJob({ to: embedSteps, stepMs: 20 }));
  runner.register(waitingAnalysis(() => services.jobs));
  const close = async () => {
    await runner.stop();
    db.close();
  };
  return { services, runner, close };
}

const finished = (jobs: JobsService, id: number) =>
  waitFor(
    () => {
      const j = jobs.get(id);
      return ['succeeded', 'failed', 'cancelled'].includes(j.status) ? j : undefined;
    },
    10_000,
    `job ${id} to finish`,
  );

describe('jobs waiting for another job', () => {
  it('start only when the awaited job has ended, and take no slot meanwhile', async () => {
    const s = setup(30);
    // Queued before the embed job, on a runner of two slots: a runner that started them would leave none for it.
    const first = s.services.jobs.create({ kind: 'similarity', params: {} });
    const second = s.services.jobs.create({ kind: 'similarity', params: {} });
    const embed = s.services.jobs.create({ kind: 'embed', params: {} });
    s.runner.start();
    await waitFor(() => (s.services.jobs.get(embed.id).progress.done > 5 ? true : undefined));
    for (const id of [first.id, second.id]) {
      const job = s.services.jobs.get(id);
      assert.equal(job.status, 'queued');
      assert.equal(job.progress.phase, WAITING_PHASE);
      assert.equal(job.progress.message, `Queued behind embed job ${embed.id}`);
    }
    const embedded = await finished(s.services.jobs, embed.id);
    assert.equal(embedded.status, 'succeeded');
    for (const id of [first.id, second.id]) {
      const job = await finished(s.services.jobs, id);
      assert.equal(job.status, 'succeeded');
      assert.ok(job.started_at! >= embedded.finished_at!, 'started after the embed job finished');
    }
    await s.close();
  });

  it('show the awaited job’s progress while they wait', async () => {
    const s = setup(400);
    const embed = s.services.jobs.create({ kind: 'embed', params: {} });
    const waiting = s.services.jobs.create({ kind: 'similarity', params: {} });
    s.runner.start();
    // Refreshed from the embed job's progress events, at most every 2 s.
    const moved = await waitFor(
      () => {
        const job = s.services.jobs.get(waiting.id);
        return job.progress.done >= 50 ? job : undefined;
      },
      8_000,
      'the waiting job’s progress to follow the embed job',
    );
    assert.equal(moved.status, 'queued');
    s.services.jobs.cancel(embed.id);
    await s.close();
  });

  it('start when the awaited job is cancelled, without the message of their wait', async () => {
    const s = setup(10_000);
    const embed = s.services.jobs.create({ kind: 'embed', params: {} });
    const waiting = s.services.jobs.create({ kind: 'similarity', params: {} });
    const phases: string[] = [];
    s.services.bus.on('job.progress', (j) => {
      if (j.id === waiting.id) phases.push(j.progress.phase);
    });
    s.runner.start();
    await waitFor(() => (s.services.jobs.get(embed.id).progress.done > 2 ? true : undefined));
    assert.equal(s.services.jobs.get(waiting.id).status, 'queued');
    s.services.jobs.cancel(embed.id);
    assert.equal((await finished(s.services.jobs, embed.id)).status, 'cancelled');
    // This stand-in needs nothing of the embed job: it runs. A real reader checks again and fails with the reason.
    assert.equal((await finished(s.services.jobs, waiting.id)).status, 'succeeded');
    assert.deepEqual([phases[0], phases.find((p) => p !== WAITING_PHASE)], [WAITING_PHASE, 'starting']);
    await s.close();
  });
});
