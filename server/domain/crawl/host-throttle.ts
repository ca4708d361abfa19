/**
 * Politeness per host: requests to one host are spaced by at least 1 / max_requests_per_second, or by the
 * robots.txt crawl-delay when that is longer. Slots are handed out in order, so concurrent workers queue up
 * instead of all firing when the interval ends.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The longest single timer a wait sets. Node turns a delay above 2^31−1 ms (about 24.8 days) into 1 ms, so one
 * timer for a long wait would let the request go at once; a minute per timer stays far below that whatever the
 * settings and robots.txt say, and costs nothing.
 */
export const MAX_TIMER_MS = 60_000;

/** Where the throttle reads the time and how it waits: a test passes a clock it moves by hand. */
export interface ThrottleClock {
  now(): number;
  /** Resolves after `ms`, or rejects with an AbortError as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

const wallClock: ThrottleClock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleep(ms, undefined, signal ? { signal } : {}),
};

export class HostThrottle {
  private readonly next = new Map<string, number>();
  private readonly intervalMs = new Map<string, number>();

  constructor(
    private readonly defaultIntervalMs: number,
    private readonly clock: ThrottleClock = wallClock,
  ) {}

  /** A longer interval for one host (robots crawl-delay); never shortens the default. */
  setCrawlDelay(host: string, seconds: number | null): void {
    if (seconds !== null && seconds > 0)
      this.intervalMs.set(host, Math.max(this.defaultIntervalMs, seconds * 1000));
  }

  async wait(host: string, signal?: AbortSignal): Promise<void> {
    const slot = Math.max(this.clock.now(), this.next.get(host) ?? 0);
    this.next.set(host, slot + (this.intervalMs.get(host) ?? this.defaultIntervalMs));
    await this.sleepUntil(slot, signal);
  }

  /**
   * Sleeps until the clock reaches `deadline`, in timers of at most MAX_TIMER_MS. Each timer listens on
   * `signal`, so an abort ends the wait at once, not at the end of a chunk.
   */
  private async sleepUntil(deadline: number, signal?: AbortSignal): Promise<void> {
    for (let left = deadline - this.clock.now(); left > 0; left = deadline - this.clock.now())
      await this.clock.sleep(Math.min(left, MAX_TIMER_MS), signal);
  }
}
