/**
 * Where pages are parsed and custom rules run: worker processes, never the thread that answers the API. An
 * analyst's rule meets hostile pages (a CSS `:has(~ * ~ * ~ *)` over 1,000 siblings is ≈ n⁴; an XPath over
 * 3,000 nested divs filled the heap), so every worker runs under the app's extraction limits: a heap capped at
 * `memoryMb` in a process of its own (child-worker.ts: a worker thread's cap can take the app down with it), and
 * a watchdog on the main side that reads each busy worker's last status (extract-status.ts, written on a pipe of
 * its own so it is never stuck behind an answer) every WATCH_MS and kills a worker whose rule or page went over
 * its time. SIGKILL stops anything, so no rule can hold a worker; the job is sent again to a fresh worker with
 * that rule marked (extract-faults.ts). A worker holds the job it runs and the next (see dispatch), the rest
 * wait here; a kill never harms the next job, which is sent again. A job's AbortSignal terminates its worker at
 * once: a cancelled crawl stops mid-rule.
 *
 * Workers start with the first job and stop after IDLE_MS without one, so one pool serves every crawl, test
 * and re-apply of a long-running app without holding threads (and their heaps) between them.
 */
import { availableParallelism } from 'node:os';
import { spawnChildWorker } from '../../adapters/child-worker.js';
import { APP_SETTINGS_DEFAULTS } from '../../schemas/system.js';
import { extractLimits, type ExtractLimits } from '../extraction/extract-limits.js';
import type { ApplyJob, ExtractResponse, RuleResult } from './extract-protocol.js';
import { parseFailure, resendAfter, type Fault } from './extract-faults.js';
import {
  isFault,
  requestOf,
  revive,
  rulesOf,
  type Answer,
  type Kind,
  type Slot,
  type Task,
} from './extract-slot.js';
import { SpareWorker } from './extract-spare.js';
import { decodeStatus, ExtractStatus, IDLE, overBudget, PARSING } from './extract-status.js';
import { failedPage, type PageRecord } from './page-builder.js';
import {
  extractRawPage,
  extractRenderedPage,
  type RawPageJob,
  type RawPageOutcome,
  type RenderedPageJob,
} from './page-extraction.js';

export interface PageExtractor {
  raw(job: RawPageJob, signal?: AbortSignal): Promise<RawPageOutcome>;
  rendered(job: RenderedPageJob, signal?: AbortSignal): Promise<PageRecord>;
  close(): Promise<void>;
}

/** Extraction on the calling thread, for unit tests of the crawler only: no limit holds a rule there. */
export const inlineExtractor: PageExtractor = {
  raw: async (job) => extractRawPage(job),
  rendered: async (job) => extractRenderedPage(job),
  close: async () => {},
};

/** One worker fewer than the machine has cores (the main thread fetches and writes), at least one, at most 4. */
export const defaultExtractWorkers = () => Math.max(1, Math.min(4, availableParallelism() - 1));

const IDLE_MS = 15_000;
/** How often busy workers are checked: a rule runs at most this much past its budget. */
const WATCH_MS = 25;
const MAX_START_FAILURES = 2;
/**
 * How long a worker may take to start listening before it counts as failed to start. Its start does not count
 * against a page's budget: from source under tsx on a busy machine it took over 4 s, a fifth of a page's.
 */
const BOOT_MS = 60_000;
/** Jobs a worker holds: the one it runs and the next (see dispatch). */
const PER_WORKER = 2;

const spawnExtractWorker = (memoryMb: number) =>
  spawnChildWorker(new URL('./extract-worker.js', import.meta.url), memoryMb);

export class ExtractorPool implements PageExtractor {
  private readonly slots: (Slot | null)[];
  private readonly queue: Task[] = [];
  private nextId = 1;
  /** Workers in a row that died without answering once, on their own. */
  private startFailures = 0;
  private watch: NodeJS.Timeout | null = null;
  /** A started worker kept ready while rules are being stopped. */
  private readonly spare: SpareWorker;

  private readonly limits: () => ExtractLimits;
  private readonly idleMs: number;

  /** `limits` is read as each job is queued, so a changed setting holds from the next page on. */
  constructor(opts: { limits?: () => ExtractLimits; size?: number; idleMs?: number } = {}) {
    this.limits = opts.limits ?? (() => extractLimits(APP_SETTINGS_DEFAULTS));
    this.idleMs = opts.idleMs ?? IDLE_MS;
    this.spare = new SpareWorker(spawnExtractWorker, this.idleMs);
    this.slots = Array.from({ length: Math.max(1, opts.size ?? defaultExtractWorkers()) }, () => null);
  }

  async raw(job: RawPageJob, signal?: AbortSignal): Promise<RawPageOutcome> {
    // Where workers cannot start at all, a page without rules is still read (no analyst's code runs on it).
    if (this.startFailures >= MAX_START_FAILURES && !job.rules?.length) return extractRawPage(job);
    const r = await this.submit('raw', job, signal);
    if (Array.isArray(r)) throw new Error('extract worker answered a raw job with something else');
    if (isFault(r)) {
      const record = failedPage(job.ctx, parseFailure(r.kind), job.res.responseMs);
      return { record, encoding: 'utf-8', needsRendering: false };
    }
    if (!('raw' in r)) throw new Error('extract worker answered a raw job with something else');
    revive(r.raw.record);
    return r.raw;
  }

  async rendered(job: RenderedPageJob, signal?: AbortSignal): Promise<PageRecord> {
    if (this.startFailures >= MAX_START_FAILURES && !job.rules?.length) return extractRenderedPage(job);
    const r = await this.submit('rendered', job, signal);
    if (Array.isArray(r)) throw new Error('extract worker answered a rendered job with something else');
    if (isFault(r)) return failedPage(job.ctx, parseFailure(r.kind), job.res.responseMs);
    if (!('record' in r)) throw new Error('extract worker answered a rendered job with something else');
    return revive(r.record);
  }

  /** Rules over stored main texts (`extract_apply`): each page's results, in order. */
  async apply(job: ApplyJob, signal?: AbortSignal): Promise<RuleResult[][]> {
    if (!job.texts.length) return [];
    const r = await this.submit('apply', job, signal);
    if (!Array.isArray(r)) throw new Error('extract worker answered an apply job with something else');
    return r;
  }

  /** Stops the workers and fails what waits; a later job starts new ones (the pool stays usable). */
  async close(): Promise<void> {
    const err = new Error('the extraction pool was closed');
    for (const t of this.queue.splice(0)) t.reject(err);
    this.spare.drop();
    const slots = this.slots.filter((s): s is Slot => s !== null);
    this.slots.fill(null);
    for (const s of slots) {
      if (s.idle) clearTimeout(s.idle);
      s.stopping = 'retire';
      for (const t of s.tasks.splice(0)) t.reject(err);
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /** What the pool holds now, for diagnosing a job that never ends (the test server prints it on SIGUSR1). */
  state() {
    const now = Date.now();
    return {
      queued: this.queue.map((t) => t.id),
      watching: this.watch !== null,
      startFailures: this.startFailures,
      spare: this.spare.describe(),
      slots: this.slots.map(
        (s) =>
          s && {
            ...s.worker.describe(),
            tasks: s.tasks.map((t) => ({ id: t.id, kind: t.kind, stops: t.stops, from: t.from })),
            status: { ...s.status.read(), ageMs: now - s.status.read().ruleStartedAt },
            stopping: s.stopping,
            answered: s.answered,
          },
      ),
    };
  }

  private submit(kind: Kind, job: Task['job'], signal: AbortSignal | undefined): Promise<Answer> {
    signal?.throwIfAborted();
    return new Promise((resolve, reject) => {
      const onAbort = () => this.abort(task, signal!.reason);
      const done = () => signal?.removeEventListener('abort', onAbort);
      const task: Task = {
        id: this.nextId++,
        kind,
        job,
        limits: this.limits(),
        marks: [],
        pageSpentMs: 0,
        from: 0,
        results: [],
        stops: 0,
        resolve: (r) => {
          done();
          resolve(r);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(task);
      this.dispatch();
    });
  }

  private abort(task: Task, reason: unknown): void {
    const queued = this.queue.indexOf(task);
    if (queued >= 0) this.queue.splice(queued, 1);
    const slot = this.slots.find((s) => s?.tasks.includes(task));
    if (slot) {
      // The worker may be inside this job's rule: it goes. The job waiting behind it is sent again elsewhere.
      slot.tasks.splice(slot.tasks.indexOf(task), 1);
      slot.stopping = 'abort';
      void slot.worker.terminate();
    }
    task.reject(reason);
  }

  /**
   * Hands out waiting jobs: first to idle workers, then a second one to busy workers, which waits in the worker's
   * own queue so it starts the moment the first ends instead of after a round trip through a busy main thread
   * (without it a crawl of the PostgreSQL manual lost ~30 % of its pages per second). A kill never fails that
   * second job: it had not started, and is sent again.
   */
  private dispatch(): void {
    for (let depth = 0; depth < PER_WORKER && this.queue.length; depth++) {
      for (let i = 0; i < this.slots.length && this.queue.length; i++) {
        let slot = this.slots[i];
        if (slot && (slot.tasks.length > depth || slot.stopping)) continue;
        const task = this.queue.shift()!;
        if (slot && slot.memoryMb !== task.limits.memoryMb) {
          if (slot.tasks.length) {
            this.queue.unshift(task);
            continue;
          }
          // The heap cap is fixed when a worker starts: a changed setting needs a new worker.
          slot.stopping = 'retire';
          if (slot.idle) clearTimeout(slot.idle);
          void slot.worker.terminate();
          slot = null;
        }
        if (!slot) slot = this.slots[i] = this.start(i, task.limits.memoryMb);
        this.send(slot, task);
      }
    }
  }

  private send(slot: Slot, task: Task): void {
    slot.tasks.push(task);
    // Until the worker says it began, the job counts from now (or from when a starting worker listens): a
    // worker that never speaks is still stopped.
    if (slot.tasks.length === 1 && slot.worker.ready) this.assumeStarted(slot, task);
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    // Busy: keep the process alive for the answer.
    slot.worker.ref();
    slot.worker.postMessage(requestOf(task));
    this.watch ??= setInterval(() => this.check(), WATCH_MS).unref();
  }

  /** The watchdog: stops a worker whose rule, parse or page has run past its budget. */
  private check(): void {
    const now = Date.now();
    let busy = false;
    for (const slot of this.slots) {
      if (!slot?.tasks.length || slot.stopping) continue;
      busy = true;
      if (!slot.worker.ready) {
        if (now - slot.startedAt > BOOT_MS) {
          slot.error = new Error(`the extraction worker did not start within ${BOOT_MS / 1000} s`);
          void slot.worker.terminate();
        }
        continue;
      }
      const r = slot.status.read();
      const task = slot.tasks.find((t) => t.id === r.job);
      const fault = task && overBudget(r, task.limits, now);
      if (fault) this.stop(slot, { ...fault, job: task.id });
    }
    if (!busy && this.watch) {
      clearInterval(this.watch);
      this.watch = null;
    }
  }

  private stop(slot: Slot, fault: Fault & { job: number }): void {
    slot.stopping = fault;
    void slot.worker.terminate();
    this.spare.keep(slot.memoryMb);
  }

  /** After a stop: the page is failed (its parse was at fault) or the job goes again, first in line. */
  private recover(task: Task, fault: Fault): void {
    const rules = rulesOf(task);
    if (++task.stops > rules.length + 2) {
      task.reject(
        new Error('page extraction failed: its worker was stopped once per rule and still ran over'),
      );
      return;
    }
    if (fault.rule === PARSING && task.kind !== 'apply') {
      task.resolve(fault);
      return;
    }
    const next = resendAfter(fault, task.limits, rules, task.marks, task.from);
    task.marks = next.marks;
    task.pageSpentMs = next.pageSpentMs;
    this.queue.unshift(task);
  }

  private assumeStarted(slot: Slot, task: Task): void {
    slot.status.beginPage(task.id, task.from, Date.now() - task.pageSpentMs);
  }

  private start(index: number, memoryMb: number): Slot {
    const status = new ExtractStatus();
    const worker = this.spare.take(memoryMb) ?? spawnExtractWorker(memoryMb);
    worker.unref();
    const slot: Slot = {
      worker,
      status,
      memoryMb,
      tasks: [],
      idle: null,
      startedAt: Date.now(),
      answered: false,
      stopping: null,
      error: null,
    };
    worker.on('message', (msg) => this.answer(slot, index, msg as ExtractResponse));
    // The two channels do not keep each other's order: a job's status may come after its answer (it is then of
    // no use) or the next job's before it.
    worker.on('signal', (line) => {
      const reading = decodeStatus(line);
      if (reading && !slot.stopping && slot.tasks.some((t) => t.id === reading.job)) slot.status.set(reading);
    });
    worker.on('ready', () => {
      if (slot.tasks[0] && !slot.stopping) this.assumeStarted(slot, slot.tasks[0]);
    });
    worker.on('error', (err) => (slot.error = err));
    worker.on('exit', (code) => this.exited(slot, index, code));
    return slot;
  }

  private answer(slot: Slot, index: number, msg: ExtractResponse): void {
    const task = slot.tasks.find((t) => t.id === msg.id);
    if (!task || slot.stopping) return;
    slot.answered = true;
    this.startFailures = 0;
    if (msg.ok && 'page' in msg) {
      task.results[msg.page] = msg.results;
      while (task.results[task.from] !== undefined) task.from++;
      return;
    }
    slot.tasks.splice(slot.tasks.indexOf(task), 1);
    const next = slot.tasks[0];
    if (next && slot.status.read().job !== next.id) this.assumeStarted(slot, next);
    if (msg.ok) task.resolve(task.kind === 'apply' ? task.results : msg);
    else task.reject(new Error(`page extraction failed: ${msg.message}`));
    if (!this.queue.length && !slot.tasks.length) {
      slot.worker.unref();
      slot.idle = setTimeout(() => {
        if (this.slots[index] !== slot || slot.tasks.length) return;
        this.slots[index] = null;
        slot.stopping = 'retire';
        void slot.worker.terminate();
      }, this.idleMs).unref();
    }
    this.dispatch();
  }

  private exited(slot: Slot, index: number, code: number): void {
    if (this.slots[index] === slot) this.slots[index] = null;
    if (slot.idle) clearTimeout(slot.idle);
    const tasks = slot.tasks.splice(0);
    let fault = slot.stopping !== null && typeof slot.stopping === 'object' ? slot.stopping : null;
    if (!fault && slot.error?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      const r = slot.status.read();
      const on = tasks.find((t) => t.id === r.job) && r.rule !== IDLE;
      fault = on
        ? { kind: 'memory', job: r.job, page: r.page, rule: r.rule, spentMs: Date.now() - r.pageStartedAt }
        : { kind: 'memory', job: tasks[0]?.id ?? 0, page: tasks[0]?.from ?? 0, rule: PARSING, spentMs: 0 };
    }
    // Jobs the worker had not started go first in line again, untouched; the one at fault is recovered.
    const innocent: Task[] = [];
    tasks.forEach((task, i) => {
      if (fault?.job === task.id) this.recover(task, fault);
      else if (!fault && i === 0 && slot.stopping === null) {
        if (!slot.answered) this.startFailures++;
        task.reject(slot.error ?? new Error(`the extract worker exited (code ${code})`));
      } else innocent.push(task);
    });
    this.queue.unshift(...innocent);
    this.dispatch();
  }
}
