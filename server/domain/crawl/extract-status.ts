/**
 * Where an extraction worker says what it is doing, for the pool's watchdog: the job, the page of the job, the
 * rule (-1 while parsing, -2 when idle) and when the rule and the page started. The worker is a child process
 * (child-worker.ts), so it writes each change as a line on its signal channel before it starts the work (never
 * behind an answer still being sent); the pool keeps the last one it read, and it outlives a worker the watchdog had to kill or that ran out of memory, so the pool
 * still knows which rule was at fault. A message costs microseconds against a page's milliseconds of parsing.
 */

import type { ExtractLimits } from '../extraction/extract-limits.js';
import type { Fault } from './extract-faults.js';

export const PARSING = -1;
export const IDLE = -2;

export interface StatusReading {
  job: number;
  page: number;
  rule: number;
  ruleStartedAt: number;
  pageStartedAt: number;
}

/** What the worker calls as it goes. */
export interface StatusWriter {
  /** A page starts (its parse first); `pageStartedAt` carries a page's clock over a restart of its job. */
  beginPage(job: number, page: number, pageStartedAt: number): void;
  beginRule(rule: number): void;
  idle(): void;
}

/** A reading as the line a worker writes on its signal channel (child-worker.ts): five integers. */
export const encodeStatus = (r: StatusReading): string =>
  `${r.job} ${r.page} ${r.rule} ${r.ruleStartedAt} ${r.pageStartedAt}`;

export function decodeStatus(line: string): StatusReading | null {
  const n = line.split(' ').map(Number);
  if (n.length !== 5 || !n.every(Number.isInteger)) return null;
  const [job, page, rule, ruleStartedAt, pageStartedAt] = n as [number, number, number, number, number];
  return { job, page, rule, ruleStartedAt, pageStartedAt };
}

/** The pool's copy of a worker's status: set when a job is sent, then from the worker's messages. */
export class ExtractStatus implements StatusWriter {
  private reading: StatusReading = { job: 0, page: 0, rule: IDLE, ruleStartedAt: 0, pageStartedAt: 0 };

  beginPage(job: number, page: number, pageStartedAt: number): void {
    this.reading = { job, page, rule: PARSING, ruleStartedAt: Date.now(), pageStartedAt };
  }

  beginRule(rule: number): void {
    this.reading = { ...this.reading, rule, ruleStartedAt: Date.now() };
  }

  idle(): void {
    this.reading = { ...this.reading, rule: IDLE };
  }

  set(reading: StatusReading): void {
    this.reading = reading;
  }

  read(): StatusReading {
    return this.reading;
  }
}

/**
 * Whether a worker at `r` has run past a budget at `now`: its parse or page over the page's budget, or its rule
 * over the rule's. Null while it is idle or within them.
 */
export function overBudget(r: StatusReading, limits: ExtractLimits, now: number): Fault | null {
  if (r.rule === IDLE) return null;
  const at = { page: r.page, rule: r.rule, spentMs: now - r.pageStartedAt };
  if (r.rule === PARSING)
    return now - r.ruleStartedAt > limits.pageTimeoutMs ? { kind: 'page-timeout', ...at } : null;
  if (now - r.ruleStartedAt > limits.ruleTimeoutMs) return { kind: 'rule-timeout', ...at };
  if (now - r.pageStartedAt > limits.pageTimeoutMs) return { kind: 'page-timeout', ...at };
  return null;
}

/** The worker's side: each change is posted to the pool as it happens. */
export class PostedStatus implements StatusWriter {
  private readonly local = new ExtractStatus();

  constructor(private readonly post: (line: string) => void) {}

  beginPage(job: number, page: number, pageStartedAt: number): void {
    this.local.beginPage(job, page, pageStartedAt);
    this.post(encodeStatus(this.local.read()));
  }

  beginRule(rule: number): void {
    this.local.beginRule(rule);
    this.post(encodeStatus(this.local.read()));
  }

  idle(): void {
    this.local.idle();
    this.post(encodeStatus(this.local.read()));
  }
}
