/**
 * How fast a running job goes and how long it has left, one definition for every client (the UI's job line, the
 * CLI's progress bar, MCP): `done` per second over the last 30 s of the job's progress, and the seconds `total −
 * done` takes at that rate. A window rather than the average since the start, because a crawl's pace changes (a
 * slow section, a Crawl-delay, the finalising phase) and the average since the start hides that for minutes; a
 * window rather than the last two reports, because a crawl reports every 500 ms and a batch of pages written at
 * once (crawl-writer.ts) makes the figure between two reports jump. PostgreSQL's manual (1,169 pages, 40 requests
 * a second allowed): the rate read 33–39 pages/s from the 6th second on, and the first estimate, "30 s left" at
 * 6 s, was 4 s too long (it finished at 32 s).
 * Kept in memory: the figure is only worth having while the job runs, and a restarted job measures again.
 */

/** The span the rate is measured over. */
export const RATE_WINDOW_MS = 30_000;
/** Less than this measured, the rate says nothing yet: clients show "estimating…". */
export const RATE_MIN_SPAN_MS = 5_000;

interface Sample {
  at: number;
  done: number;
}

/** One running job's recent progress. */
export class JobRate {
  private samples: Sample[] = [];
  private phase: string | null = null;

  /**
   * The job reported `done` at `at` (ms). A new phase counts other work (an embed job's leads, then its
   * passages), and `done` going back means the same: the window starts again.
   */
  add(phase: string, done: number, at: number): void {
    const last = this.samples.at(-1);
    if (phase !== this.phase || (last && done < last.done)) {
      this.samples = [];
      this.phase = phase;
    }
    this.samples.push({ at, done });
    // The oldest sample kept is the last one at or before the window's start, so the span covers the window.
    while (this.samples.length > 2 && this.samples[1]!.at <= at - RATE_WINDOW_MS) this.samples.shift();
  }

  /** Items per second over the window; null until `RATE_MIN_SPAN_MS` of the current phase is measured. */
  rate(): number | null {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last || last.at - first.at < RATE_MIN_SPAN_MS) return null;
    return (last.done - first.done) / ((last.at - first.at) / 1000);
  }

  /**
   * Seconds left for `total − done` at the window's rate: 0 when nothing is left, null while the rate is
   * unknown, the total is, or nothing moved in the window (a stall has no end to announce).
   */
  secondsLeft(done: number, total: number | null): number | null {
    if (total === null) return null;
    const left = Math.max(0, total - done);
    if (left === 0) return 0;
    const rate = this.rate();
    return rate === null || rate <= 0 ? null : Math.round(left / rate);
  }
}
