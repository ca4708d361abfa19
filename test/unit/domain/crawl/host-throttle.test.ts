/**
 * Politeness per host (host-throttle.ts): requests to one host are let go an interval apart in the order they
 * asked, a robots.txt crawl-delay only ever lengthens the interval, and a wait of any length is held, in timers
 * Node can keep, until its time or an abort.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  HostThrottle,
  MAX_TIMER_MS,
  type ThrottleClock,
} from '../../../../server/domain/crawl/host-throttle.js';

const HOST = 'example.com';

/** 'waiting' when `p` has not settled within `ms`, else how it settled. */
async function within(p: Promise<unknown>, ms: number): Promise<'waiting' | 'resolved' | Error> {
  return Promise.race([
    p.then(
      () => 'resolved' as const,
      (err: Error) => err,
    ),
    sleep(ms).then(() => 'waiting' as const),
  ]);
}

/** Lets the waits a sleep released run, and ask for their next sleep, before the clock moves on. */
const turn = () => new Promise((r) => setImmediate(r));

/** A clock that moves only when the test moves it, so spacing is checked to the millisecond without waiting. */
class HandClock implements ThrottleClock {
  private t = 0;
  private readonly sleepers: { at: number; wake: () => void }[] = [];
  /** Every sleep asked for, in ms. */
  readonly sleeps: number[] = [];

  now(): number {
    return this.t;
  }

  sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    return new Promise((wake) => this.sleepers.push({ at: this.t + ms, wake }));
  }

  /** Moves to `to`, waking each sleeper due on the way at its own time. */
  async advanceTo(to: number): Promise<void> {
    for (;;) {
      await turn();
      const due = this.sleepers.reduce<(typeof this.sleepers)[number] | undefined>(
        (first, s) => (s.at <= to && (!first || s.at < first.at) ? s : first),
        undefined,
      );
      if (!due) break;
      this.sleepers.splice(this.sleepers.indexOf(due), 1);
      this.t = due.at;
      due.wake();
    }
    this.t = to;
  }
}

/** When each wait was let go, on `clock`, in the order they were asked. */
function letGoAt(clock: HandClock, waits: Promise<void>[]): number[] {
  const at: number[] = [];
  waits.forEach((w, i) => void w.then(() => (at[i] = clock.now())));
  return at;
}

/** The process warnings emitted while `fn` runs (Node reports a timer overflow as one). */
async function warningsDuring(fn: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (w: Error) => seen.push(`${w.name}: ${w.message}`);
  process.on('warning', listener);
  try {
    await fn();
    await sleep(10); // warnings are emitted on a later tick
  } finally {
    process.off('warning', listener);
  }
  return seen;
}

describe('HostThrottle', () => {
  it('spaces requests to one host by the interval, in the order they asked, and other hosts not at all', async () => {
    const clock = new HandClock();
    const throttle = new HostThrottle(60, clock);
    const one = letGoAt(
      clock,
      [0, 1, 2].map(() => throttle.wait(HOST)),
    );
    const other = letGoAt(clock, [throttle.wait('other.example')]);
    await clock.advanceTo(1_000);
    assert.deepEqual(one, [0, 60, 120]);
    assert.deepEqual(other, [0]);
  });

  it('spaces by a robots.txt crawl-delay longer than the interval, and never by a shorter one', async () => {
    const clock = new HandClock();
    const throttle = new HostThrottle(1_000, clock);
    throttle.setCrawlDelay(HOST, 2.5);
    throttle.setCrawlDelay('other.example', 0.1);
    const slow = letGoAt(clock, [throttle.wait(HOST), throttle.wait(HOST)]);
    const fast = letGoAt(clock, [throttle.wait('other.example'), throttle.wait('other.example')]);
    await clock.advanceTo(10_000);
    assert.deepEqual(slow, [0, 2_500]);
    assert.deepEqual(fast, [0, 1_000]);
  });

  it('waits out a long delay in timers no longer than one may be', async () => {
    const clock = new HandClock();
    const throttle = new HostThrottle(1_000, clock);
    const delayMs = 4.5 * MAX_TIMER_MS;
    throttle.setCrawlDelay(HOST, delayMs / 1000);
    const waits = letGoAt(clock, [throttle.wait(HOST), throttle.wait(HOST)]);
    await clock.advanceTo(10 * MAX_TIMER_MS);
    assert.deepEqual(waits, [0, delayMs]);
    const M = MAX_TIMER_MS;
    assert.deepEqual(clock.sleeps, [M, M, M, M, M / 2]);
  });

  // 1 / max_requests_per_second of 1e-9 is 1e12 ms; Node turns a timer above 2^31−1 ms into 1 ms.
  it('holds a wait longer than one timer can, instead of letting the request go at once', async () => {
    const throttle = new HostThrottle(1000 / 1e-9);
    const warnings = await warningsDuring(async () => {
      const abort = new AbortController();
      await throttle.wait(HOST, abort.signal);
      const second = throttle.wait(HOST, abort.signal);
      assert.equal(await within(second, 100), 'waiting');
      abort.abort();
      await assert.rejects(second, { name: 'AbortError' });
    });
    assert.deepEqual(warnings, []);
  });

  it('holds a robots.txt crawl-delay beyond a timer as well', async () => {
    const throttle = new HostThrottle(1);
    throttle.setCrawlDelay(HOST, 3_000_000);
    const abort = new AbortController();
    await throttle.wait(HOST, abort.signal);
    const second = throttle.wait(HOST, abort.signal);
    assert.equal(await within(second, 100), 'waiting');
    abort.abort();
    assert.equal((await within(second, 50)) instanceof Error, true, 'the abort ends the wait at once');
  });

  it('gives up a long wait at once when the crawl was already cancelled', async () => {
    const throttle = new HostThrottle(10 * 60_000);
    await throttle.wait(HOST);
    await assert.rejects(throttle.wait(HOST, AbortSignal.abort()), { name: 'AbortError' });
  });
});
