/**
 * A running job's rate and time left (job-rate.ts): measured over the last 30 s, not since the start; nothing
 * said before 5 s are measured; a new phase measures afresh; a stall has no time left to announce.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JobRate, RATE_MIN_SPAN_MS, RATE_WINDOW_MS } from '../../../../server/domain/jobs/job-rate.js';

/** Reports every 500 ms, as the crawler does, at `perSecond` from `from` ms for `ms`. */
function feed(
  rate: JobRate,
  phase: string,
  start: { at: number; done: number },
  perSecond: number,
  ms: number,
) {
  let { at, done } = start;
  for (let t = 0; t <= ms; t += 500) rate.add(phase, done + (perSecond * t) / 1000, at + t);
  at += ms;
  done += (perSecond * ms) / 1000;
  return { at, done };
}

describe('job rate', () => {
  it('says nothing until 5 s of the phase are measured', () => {
    const rate = new JobRate();
    feed(rate, 'crawling', { at: 0, done: 0 }, 10, RATE_MIN_SPAN_MS - 500);
    assert.equal(rate.rate(), null);
    assert.equal(rate.secondsLeft(45, 100), null);
    rate.add('crawling', 50, RATE_MIN_SPAN_MS);
    assert.equal(rate.rate(), 10);
  });

  it('follows the last 30 s, so a slow-down shows within the window rather than after minutes', () => {
    const rate = new JobRate();
    // Ten minutes at 20 pages/s, then 30 s at 2 pages/s: the average since the start would still say 19.
    const fast = feed(rate, 'crawling', { at: 0, done: 0 }, 20, 600_000);
    feed(rate, 'crawling', fast, 2, RATE_WINDOW_MS);
    assert.ok(Math.abs(rate.rate()! - 2) < 0.5, `rate ${rate.rate()}`);
  });

  it('gives the time left for total − done at the window’s rate, 0 when nothing is left', () => {
    const rate = new JobRate();
    const at = feed(rate, 'crawling', { at: 0, done: 0 }, 10, 10_000);
    assert.equal(rate.secondsLeft(at.done, at.done + 600), 60);
    assert.equal(rate.secondsLeft(at.done, at.done), 0);
    assert.equal(rate.secondsLeft(at.done, null), null, 'no total, no time left');
  });

  it('measures a new phase afresh (an embed job’s leads, then its passages)', () => {
    const rate = new JobRate();
    feed(rate, 'searchable', { at: 0, done: 0 }, 50, 20_000);
    rate.add('embedding', 0, 20_500);
    assert.equal(rate.rate(), null);
  });

  it('announces no end for a stall', () => {
    const rate = new JobRate();
    feed(rate, 'crawling', { at: 0, done: 10 }, 0, 10_000);
    assert.equal(rate.rate(), 0);
    assert.equal(rate.secondsLeft(10, 100), null);
  });
});
