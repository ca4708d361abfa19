/**
 * An extraction worker is a child process (child-worker.ts), and a parent killed with SIGKILL cannot stop it;
 * one busy in a rule of n⁴ cost would keep a core busy long after the app had gone. It notices its new parent
 * and kills itself, rule or not.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { PROJECT_ROOT } from '../../../server/version.js';
import { spawnChild } from '../../helpers/child-server.js';
import { waitFor } from '../../helpers/test-app.js';

const SPINNING = join(PROJECT_ROOT, 'test', 'fixtures', 'servers', 'spinning-extraction.ts');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('extraction workers of a killed app', () => {
  it('end themselves when the app is killed in the middle of a rule', async () => {
    const parent = spawnChild(['--import', 'tsx', SPINNING]);
    const [, pid] = (await parent.waitFor(/spinning (\d+)/, 60_000)) as [string, string];
    const worker = Number(pid);
    assert.ok(alive(worker), 'the worker runs the rule');
    parent.proc.kill('SIGKILL');
    await parent.exited;
    await waitFor(async () => !alive(worker) || undefined, 10_000, `worker ${worker} to end`);
  });
});
