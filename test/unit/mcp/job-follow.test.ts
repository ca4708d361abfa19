/**
 * Following a job for MCP progress. The rules: progress never goes down although each phase's `done` starts again
 * at 0; the wait reads the job once per poll until it finishes and answers with the finished job; and a cancelled
 * call ends the wait with nothing sent but reads of the job, so the job itself runs on.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { followJob, type ProgressUpdate } from '../../../server/mcp/job-follow.js';
import type { ApiCall, Dispatch } from '../../../server/mcp/tool-call.js';
import type { Job, JobStatus } from '../../../server/schemas/jobs.js';

const JOB_ID = 9;
const READ_OF_THE_JOB: ApiCall = { method: 'GET', path: `/jobs/${JOB_ID}` };

const crawlJob = (status: JobStatus, phase: string, done: number, total: number | null): Job => ({
  id: JOB_ID,
  kind: 'crawl',
  crawl_number: 1,
  site_id: 1,
  campaign_id: null,
  status,
  progress: { phase, done, total, message: `${phase} ${done}` },
  error: null,
  params: { mode: 'spider' },
  result: null,
  created_at: '2026-01-31T12:00:00.000Z',
  started_at: null,
  finished_at: null,
});

/** Answers each call with the next state (the last one again once they run out), and records the calls. */
function api(states: Job[], onCall: (n: number) => void = () => {}) {
  const calls: ApiCall[] = [];
  const dispatch: Dispatch = async (call) => {
    calls.push(call);
    onCall(calls.length);
    const job = states[Math.min(calls.length - 1, states.length - 1)]!;
    return { status: 200, contentType: 'application/json', body: Buffer.from(JSON.stringify(job)) };
  };
  return { dispatch, calls };
}

describe('followJob', () => {
  it('never lets progress go down across phases, reads once per poll and answers with the finished job', async () => {
    const polled = [
      crawlJob('running', 'fetch', 5, 10),
      crawlJob('running', 'fetch', 10, 10),
      // A new phase: `done` starts again at 0, which must not take the reported progress back.
      crawlJob('running', 'finalize', 0, 4),
      crawlJob('succeeded', 'finalize', 4, 4),
    ];
    const { dispatch, calls } = api(polled);
    const updates: ProgressUpdate[] = [];
    const last = await followJob(
      dispatch,
      crawlJob('queued', 'queued', 0, null),
      async (u) => void updates.push(u),
      new AbortController().signal,
      1,
    );

    assert.deepEqual(last, polled.at(-1));
    assert.deepEqual(
      calls,
      polled.map(() => READ_OF_THE_JOB),
      'one read of the job per poll, none after it finished',
    );
    // Every state read here is news (a new phase, count or status), so each is one notification.
    assert.equal(updates.length, polled.length + 1);
    const values = updates.map((u) => u.progress);
    values
      .slice(1)
      .forEach((v, i) => assert.ok(v >= values[i]!, `update ${i + 1} went down: ${values.join(', ')}`));
    assert.ok(values.at(-1)! > values[0]!);
    assert.match(updates.at(-1)!.message, /crawl 9 succeeded: finalize 4 \(4\/4\)/);
  });

  // A wait that ignored the cancel would poll for ever: the timeout turns that into a failure.
  it(
    'ends the wait when the call is cancelled, having sent nothing but reads of the job',
    { timeout: 5000 },
    async () => {
      const abort = new AbortController();
      // The client cancels while the third poll is under way.
      const { dispatch, calls } = api(
        [crawlJob('running', 'fetch', 1, null)],
        (n) => n === 3 && abort.abort(),
      );
      const last = await followJob(
        dispatch,
        crawlJob('running', 'fetch', 0, null),
        async () => {},
        abort.signal,
        1,
      );

      assert.equal(last.status, 'running');
      assert.deepEqual(
        calls,
        [READ_OF_THE_JOB, READ_OF_THE_JOB, READ_OF_THE_JOB],
        'no cancel call, no read after',
      );
    },
  );
});
