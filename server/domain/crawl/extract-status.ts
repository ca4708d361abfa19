/**
 * Where an extraction worker says what it is doing, for the pool's watchdog: the job, the page of the job, the
 * rule (-1 while parsing, -2 when idle) and when the rule and the page started. The worker is a child process
 * (child-worker.ts), so it posts each change as a small message before it starts the work; the pool keeps the
 * last one it received, and it outlives a worker the watchdog had to kill or that ran out of memory, so the pool
 * still knows which rule was at fault. A message costs microseconds against a page's milliseconds of parsing.
 */

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

/** The status message a worker posts. */
export interface StatusMessage {
  status: StatusReading;
}

export const isStatusMessage = (m: unknown): m is StatusMessage =>
  typeof m === 'object' && m !== null && 'status' in m;

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

/** The worker's side: each change is posted to the pool as it happens. */
export class PostedStatus implements StatusWriter {
  private readonly local = new ExtractStatus();

  constructor(private readonly post: (m: StatusMessage) => void) {}

  beginPage(job: number, page: number, pageStartedAt: number): void {
    this.local.beginPage(job, page, pageStartedAt);
    this.post({ status: this.local.read() });
  }

  beginRule(rule: number): void {
    this.local.beginRule(rule);
    this.post({ status: this.local.read() });
  }

  idle(): void {
    this.local.idle();
    this.post({ status: this.local.read() });
  }
}
