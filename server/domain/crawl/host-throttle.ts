/**
 * Politeness per host: requests to one host are spaced by at least 1 / max_requests_per_second, or by the
 * robots.txt crawl-delay when that is longer. Slots are handed out in order, so concurrent workers queue up
 * instead of all firing when the interval ends.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export class HostThrottle {
  private readonly next = new Map<string, number>();
  private readonly intervalMs = new Map<string, number>();

  constructor(private readonly defaultIntervalMs: number) {}

  /** A longer interval for one host (robots crawl-delay); never shortens the default. */
  setCrawlDelay(host: string, seconds: number | null): void {
    if (seconds !== null && seconds > 0)
      this.intervalMs.set(host, Math.max(this.defaultIntervalMs, seconds * 1000));
  }

  async wait(host: string, signal?: AbortSignal): Promise<void> {
    const now = Date.now();
    const slot = Math.max(now, this.next.get(host) ?? 0);
    this.next.set(host, slot + (this.intervalMs.get(host) ?? this.defaultIntervalMs));
    const delay = slot - now;
    if (delay <= 0) return;
    await sleep(delay, undefined, signal ? { signal } : {});
  }
}
