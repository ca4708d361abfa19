/**
 * The CLI's job lines: a watcher that starts following a job after its first progress (the demo's audit, queued by
 * a follow-up and already running) prints neither "0 checks" nor the runner's "Finished": the step's own summary
 * line says what the job found.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { after, describe, it } from 'node:test';
import { JobWatcher } from '../../../server/cli/job-watcher.js';
import { EventBus } from '../../../server/domain/events.js';
import { createServices } from '../../../server/domain/services.js';
import { JobRunner } from '../../../server/jobs/job-runner.js';
import type { JobKind } from '../../../server/jobs/job-kind.js';
import { createLogger } from '../../../server/logger.js';
import { createStore, openDatabase } from '../../../server/store/index.js';
import { makeTempDir, waitFor } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));

describe('JobWatcher', () => {
  it('prints no "0 checks" and no "Finished" line for a job it joins late', async () => {
    const file = join(dir, 'watcher.db');
    const db = openDatabase(file);
    const bus = new EventBus();
    const services = createServices(createStore(db, file), bus, {
      version: 'test',
      resourcesDir: dir,
      logger: createLogger('silent'),
    });
    let release = () => {};
    const audit: JobKind<'audit'> = {
      kind: 'audit',
      onRestart: 'rerun',
      async run(ctx) {
        ctx.progress({ phase: 'auditing', done: 0, total: null, message: 'Running the checks' });
        await new Promise<void>((resolve) => (release = resolve));
        return { run_id: 1, crawl_job_id: null, checks: 30, findings: 221, seconds: 0.1 };
      },
    };
    const runner = new JobRunner(services.jobs, bus, createLogger('silent'), 1).register(audit);
    runner.start();
    try {
      const job = services.jobs.create({ kind: 'audit', params: {} });
      await waitFor(() => (services.jobs.get(job.id).progress.phase === 'auditing' ? true : undefined));

      let printed = '';
      const out = new Writable({
        write(chunk: Buffer, _enc, done) {
          printed += chunk.toString();
          done();
        },
      });
      const followed = new JobWatcher(bus, services.jobs, out).run(services.jobs.get(job.id), 'checks');
      release();
      const done = await followed;
      assert.equal(done.status, 'succeeded');
      assert.equal(printed, '', 'nothing but the caller’s summary is left to say');
    } finally {
      await runner.stop();
      db.close();
    }
  });
});
