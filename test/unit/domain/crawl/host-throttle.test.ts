import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { HostThrottle } from '../../../../server/domain/crawl/host-throttle.js';

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
  it('spaces requests to one host by the interval, and other hosts not at all', async () => {
    const throttle = new HostThrottle(60);
    await throttle.wait(HOST);
    const started = Date.now();
    await throttle.wait(HOST);
    assert.ok(Date.now() - started >= 50, `waited ${Date.now() - started} ms`);
    assert.equal(await within(throttle.wait('other.example'), 20), 'resolved');
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
