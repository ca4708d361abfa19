/** A server process killed with SIGKILL mid-job: after a restart the job resumes from its checkpoint. */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { PROJECT_ROOT } from '../../../server/version.js';
import { createStore, openDatabase } from '../../../server/store/index.js';
import { CountingCheckpoint } from '../../fixtures/jobs/counting-job.js';
import { spawnChild } from '../../helpers/child-server.js';
import { makeTempDir, waitFor } from '../../helpers/test-app.js';

const SERVER = join(PROJECT_ROOT, 'test', 'fixtures', 'servers', 'job-server.ts');
const dataDir = makeTempDir();
after(() => rmSync(dataDir, { recursive: true, force: true }));

interface JobBody {
  status: string;
  progress: { done: number; message: string };
  result: { pages: number } | null;
}

/** Where each run of the counting job started, from its checkpoint in the (closed) database. */
function countingCheckpoint(id: string) {
  const file = join(dataDir, 'siteloupe.db');
  const db = openDatabase(file);
  try {
    return CountingCheckpoint.parse(createStore(db, file).jobs.checkpoint(Number(id)));
  } finally {
    db.close();
  }
}

async function getJob(url: string, id: string): Promise<JobBody> {
  const res = await fetch(`${url}jobs/${id}`);
  assert.equal(res.status, 200);
  return (await res.json()) as JobBody;
}

describe('crash during a job', () => {
  it('resumes the job after SIGKILL and a restart, without starting over', async () => {
    const first = spawnChild(['--import', 'tsx', SERVER, dataDir]);
    const [, url1, id] = (await first.waitFor(/READY (\S+) (\d+)/)) as [string, string, string];
    const seen = await waitFor(
      async () => {
        const job = await getJob(url1, id);
        return job.progress.done >= 8 ? job.progress.done : undefined;
      },
      20_000,
      'progress before the kill',
    );
    first.proc.kill('SIGKILL');
    const exit = await first.exited;
    assert.equal(exit.signal, 'SIGKILL');

    const second = spawnChild(['--import', 'tsx', SERVER, dataDir]);
    let done: JobBody;
    try {
      const [, url2, id2] = (await second.waitFor(/READY (\S+) (\d+)/)) as [string, string, string];
      assert.equal(id2, id, 'the restarted server found the same job');
      done = await waitFor(
        async () => {
          const job = await getJob(url2, id);
          return job.status === 'succeeded' || job.status === 'failed' ? job : undefined;
        },
        30_000,
        'the resumed job to finish',
      );
      assert.equal(done.status, 'succeeded');
    } finally {
      second.proc.kill('SIGTERM');
      await second.exited;
    }
    assert.equal(done.result!.pages, 40, 'counted to the end');
    const cp = countingCheckpoint(id);
    assert.equal(cp.resumed, true);
    assert.equal(cp.starts.length, 2, 'ran twice: before and after the crash');
    assert.equal(cp.starts[0], 0);
    assert.ok(cp.starts[1]! >= seen, `resumed at ${cp.starts[1]}, had reached ${seen}`);
  });
});
