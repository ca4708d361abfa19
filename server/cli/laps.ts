/**
 * Wall-clock laps of a command, counted from the start of its process: each lap runs from the end of the one
 * before, so the parts always add up to the total a user waited (a job's own `seconds` leaves out its queue
 * wait, the model's loading and the process's start, which is how a first run printed 9 s after 58).
 */
import { performance } from 'node:perf_hooks';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export class Laps {
  private last: number;
  private readonly laps: { label: string; ms: number }[] = [];

  /** `now` is milliseconds since the process started (tests pass their own clock). */
  constructor(private readonly now: () => number = () => performance.now()) {
    this.last = 0;
  }

  /** Ends a lap here; returns its length in milliseconds. */
  lap(label: string): number {
    const t = this.now();
    const ms = t - this.last;
    this.last = t;
    this.laps.push({ label, ms });
    return ms;
  }

  /** Ends a lap and returns it for the end of a step's line: ` · 1.4 s`. */
  took(label: string): string {
    return ` · ${seconds(this.lap(label))}`;
  }

  /** Everything so far: from the process's start to the end of the last lap. */
  total(): string {
    return seconds(this.last);
  }

  /** The laps as `starting 3.9 s, crawl 1.4 s, …`. */
  parts(): string {
    return this.laps.map((l) => `${l.label} ${seconds(l.ms)}`).join(', ');
  }
}
