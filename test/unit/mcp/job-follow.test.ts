/**
 * Following a job for MCP progress: notifications grow monotonically across the job's phases, the wait ends with
 * the finished job, and a cancelled call stops waiting without touching the job.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { followJob, type JobLike, type ProgressUpdate } from '../../../server/mcp/job-follow.js';
import type { ApiCall, Dispatch } from '../../../server/mcp/tool-call.js';

const states = (list: JobLike[]) => {
  const calls: ApiCall[] = [];
  let i = 0;
  const dispatch: Dispatch = async (call) => {
    calls.push(call);
    const job = list[Math.min(i++, list.length - 1)]!;
    return { status: 200, contentType: 'application/json', body: Buffer.from(JSON.stringify(job)) };
  };
  return { dispatch, calls };
};
const job = (status: string, phase: string, done: number, total: number | null): JobLike => ({
  id: 9,
  kind: 'crawl',
  status,
  progress: { phase, done, total, message: `${phase} ${done}` },
});

describe('followJob', () => {
  it('reports progress that never goes down across phases and returns the finished job', async () => {
    const { dispatch, calls } = states([
      job('running', 'fetch', 5, 10),
      job('running', 'fetch', 10, 10),
      job('running', 'finalize', 0, 4),
      job('succeeded', 'finalize', 4, 4),
    ]);
    const updates: ProgressUpdate[] = [];
    const last = await followJob(
      dispatch,
      job('queued', 'queued', 0, null),
      async (u) => void updates.push(u),
      new AbortController().signal,
      1,
    );
    assert.equal(last.status, 'succeeded');
    assert.ok(calls.every((c) => c.method === 'GET' && c.path === '/jobs/9'));
    const values = updates.map((u) => u.progress);
    assert.deepEqual(
      values,
      [...values].sort((a, b) => a - b),
      'monotonic',
    );
    assert.ok(values.at(-1)! > values[0]!);
    assert.match(updates.at(-1)!.message, /crawl 9 succeeded: finalize 4 \(4\/4\)/);
  });

  it('stops waiting when the call is cancelled, and leaves the job alone', async () => {
    const { dispatch, calls } = states([job('running', 'fetch', 1, null)]);
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 30);
    const last = await followJob(dispatch, job('running', 'fetch', 0, null), async () => {}, abort.signal, 5);
    assert.equal(last.status, 'running');
    assert.ok(
      calls.every((c) => c.method === 'GET'),
      'no cancel call',
    );
  });
});
