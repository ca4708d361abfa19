/**
 * Starts the crawls sites have scheduled (`crawl_schedule`), with one timer for the next time any site is due.
 *
 * A pass reads every schedule, starts what is due and arms the timer again. Passes run at start-up, when the
 * timer fires, and when a site changes or is deleted. A scheduled time passes on time when a timer catches it;
 * one that passed while Siteloupe was closed, or while the machine slept (timers do not count sleep, so the
 * timer fires late), is missed, and starts a crawl only when the site's `run_missed` is on. Either way a site
 * gets at most one crawl per pass, for the latest time that passed; a time whose crawl could not start (one of
 * the site's crawls was queued or running) is let go rather than piled up behind it.
 *
 * The clock and timer are injected, so the tests move time instead of waiting for it.
 */
import { DomainError, ConflictError } from '../domain/errors.js';
import {
  decideRun,
  latestOf,
  nextRunAfter,
  type ScheduleDecision,
} from '../domain/schedule/crawl-schedule.js';
import type { SiteSchedule } from '../domain/schedule/schedule-service.js';
import type { Services } from '../domain/services.js';
import type { Logger } from '../logger.js';

export interface SchedulerClock {
  now(): Date;
  setTimer(fire: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/** The wall clock and Node's timers; the timer does not keep the process alive on its own. */
export const systemClock: SchedulerClock = {
  now: () => new Date(),
  setTimer: (fire, ms) => setTimeout(fire, ms).unref(),
  clearTimer: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface SchedulerOptions {
  clock?: SchedulerClock;
  /** How late a timer may fire and its time still count as on time rather than missed. */
  onTimeMs?: number;
  /**
   * The longest single timer. Timers do not count time the machine sleeps, so a timer for next Monday set on
   * Friday fires far too late after a weekend asleep; waking up this often catches a wake-up soon. It also
   * keeps every delay under setTimeout's limit (2^31 − 1 ms, about 24.8 days), past which it fires at once.
   */
  maxTimerMs?: number;
}

export const ON_TIME_MS = 60_000;
export const MAX_TIMER_MS = 5 * 60_000;

type SchedulerServices = Pick<Services, 'bus' | 'crawl' | 'schedules'>;

export class CrawlScheduler {
  private readonly clock: SchedulerClock;
  private readonly onTimeMs: number;
  private readonly maxTimerMs: number;
  private timer: unknown = null;
  private running = false;
  /** Per site, the latest scheduled time this process has run or let go (ms). */
  private readonly handled = new Map<number, number>();
  /** The chain of passes: one at a time, and a pass asked for while one waits is the same pass. */
  private passes: Promise<void> = Promise.resolve();
  private pending = false;
  private pendingStartUp = false;

  constructor(
    private readonly services: SchedulerServices,
    private readonly logger: Logger,
    opts: SchedulerOptions = {},
  ) {
    this.clock = opts.clock ?? systemClock;
    this.onTimeMs = opts.onTimeMs ?? ON_TIME_MS;
    this.maxTimerMs = Math.min(opts.maxTimerMs ?? MAX_TIMER_MS, 2 ** 31 - 1);
  }

  /** Starts the missed crawls that are due, then keeps the timer armed until `stop`. */
  start(): Promise<void> {
    if (this.running) return this.passes;
    this.running = true;
    this.services.bus.on('site.updated', this.onSiteChanged);
    this.services.bus.on('site.deleted', this.onSiteChanged);
    return this.pass(true);
  }

  stop(): void {
    this.running = false;
    this.services.bus.off('site.updated', this.onSiteChanged);
    this.services.bus.off('site.deleted', this.onSiteChanged);
    this.disarm();
  }

  /** Resolves once the passes asked for so far are done (tests wait on it after moving the clock). */
  settled(): Promise<void> {
    return this.passes;
  }

  private readonly onSiteChanged = (): void => {
    void this.pass(false);
  };

  private pass(startUp: boolean): Promise<void> {
    this.pendingStartUp ||= startUp;
    if (this.pending) return this.passes;
    this.pending = true;
    this.passes = this.passes.then(async () => {
      this.pending = false;
      const atStartUp = this.pendingStartUp;
      this.pendingStartUp = false;
      try {
        await this.runPass(atStartUp);
      } catch (err) {
        // A pass that fails (the database closed under it) must not stop the next one.
        this.logger.error('crawl scheduler: pass failed', err);
      }
    });
    return this.passes;
  }

  private async runPass(atStartUp: boolean): Promise<void> {
    if (!this.running) return;
    this.disarm();
    const now = this.clock.now();
    const schedules = this.services.schedules.list();
    const present = new Set(schedules.map((s) => s.site_id));
    for (const id of this.handled.keys()) if (!present.has(id)) this.handled.delete(id);

    let wake: Date | null = null;
    for (const schedule of schedules) {
      if (!this.running) return;
      try {
        await this.due(schedule, now, atStartUp);
        const next = nextRunAfter(schedule.expression, now);
        if (next && (!wake || next < wake)) wake = next;
      } catch (err) {
        // One site's failure (a stored expression this croner no longer reads) leaves the others scheduled.
        this.logger.error(`crawl scheduler: site ${schedule.site_id}`, err);
      }
    }
    if (this.running && wake) this.arm(wake);
  }

  /** Decides for one site and acts on it. */
  private async due(schedule: SiteSchedule, now: Date, atStartUp: boolean): Promise<void> {
    const handled = this.handled.get(schedule.site_id);
    const anchor = latestOf(
      schedule.since,
      schedule.last_scheduled_for,
      handled === undefined ? null : new Date(handled),
    );
    const decision = decideRun(
      { expression: schedule.expression, run_missed: schedule.run_missed, anchor },
      now,
      atStartUp ? 0 : this.onTimeMs,
    );
    if (decision.action === 'wait') return;
    this.handled.set(schedule.site_id, decision.scheduled_for.getTime());
    await this.act(schedule.site_id, decision);
  }

  private async act(siteId: number, decision: Exclude<ScheduleDecision, { action: 'wait' }>): Promise<void> {
    const at = decision.scheduled_for.toISOString();
    if (decision.action === 'skip') {
      this.logger.info(`site ${siteId}: the crawl scheduled for ${at} was missed; run_missed is off`);
      return;
    }
    try {
      const job = await this.services.crawl.start(
        { site_id: siteId, mode: 'spider' },
        { trigger: 'schedule', scheduled_for: at },
      );
      this.logger.info(
        `site ${siteId}: ${decision.missed ? 'missed ' : ''}scheduled crawl for ${at} started (job ${job.id})`,
      );
    } catch (err) {
      if (err instanceof ConflictError) {
        this.logger.info(`site ${siteId}: the crawl scheduled for ${at} skipped: ${err.message}`);
      } else if (err instanceof DomainError) {
        // The site cannot be crawled now (its address refused, Chromium missing): said once, not retried.
        this.logger.warn(`site ${siteId}: the crawl scheduled for ${at} could not start: ${err.message}`);
      } else {
        throw err;
      }
    }
  }

  private arm(wake: Date): void {
    const delay = Math.min(Math.max(wake.getTime() - this.clock.now().getTime(), 0), this.maxTimerMs);
    this.timer = this.clock.setTimer(() => {
      this.timer = null;
      void this.pass(false);
    }, delay);
  }

  private disarm(): void {
    if (this.timer !== null) this.clock.clearTimer(this.timer);
    this.timer = null;
  }
}
