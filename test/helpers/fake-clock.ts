/**
 * A clock and timers the test moves by hand, for the crawl scheduler: time passes only when the test says so, so
 * a test of "every 15 minutes" or "three days later" takes milliseconds. It implements the scheduler's own
 * `SchedulerClock`, the same interface the wall clock does.
 */
import type { SchedulerClock } from '../../server/jobs/crawl-scheduler.js';

interface Timer {
  at: number;
  fire: () => void;
}

export class FakeClock implements SchedulerClock {
  private t: number;
  private nextId = 1;
  private readonly timers = new Map<number, Timer>();

  constructor(start: Date | string) {
    this.t = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.t);
  }

  setTimer(fire: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.t + ms, fire });
    return id;
  }

  clearTimer(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** The delays of the armed timers from now, in ms. */
  get armed(): number[] {
    return [...this.timers.values()].map((x) => x.at - this.t);
  }

  /**
   * Moves the clock to `to` as an awake machine would: each timer due on the way fires at its own time, and
   * `settle` (the scheduler's `settled`) is awaited after each, so its pass is done before time moves on.
   */
  async advanceTo(to: Date | string, settle: () => Promise<void>): Promise<void> {
    const target = new Date(to).getTime();
    for (;;) {
      let due: [number, Timer] | undefined;
      for (const entry of this.timers)
        if (entry[1].at <= target && (!due || entry[1].at < due[1].at)) due = entry;
      if (!due) break;
      this.timers.delete(due[0]);
      this.t = Math.max(this.t, due[1].at);
      due[1].fire();
      await settle();
    }
    this.t = Math.max(this.t, target);
  }

  /**
   * Moves the clock to `to` as a sleeping machine does: the wall clock moves, timers do not count it, so an armed
   * timer fires (with `wake`) only afterwards, late.
   */
  async sleepUntil(to: Date | string, settle: () => Promise<void>): Promise<void> {
    const target = new Date(to).getTime();
    const shift = target - this.t;
    this.t = target;
    for (const timer of this.timers.values()) timer.at += shift;
    // Awake again: the earliest timer fires at its remaining delay, as a monotonic timer would.
    const earliest = Math.min(...[...this.timers.values()].map((x) => x.at));
    if (Number.isFinite(earliest)) await this.advanceTo(new Date(earliest), settle);
  }
}
