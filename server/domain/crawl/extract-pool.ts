/**
 * Where a crawl turns HTML into page records: in worker threads, so parsing and MinHash (most of a page's CPU)
 * run beside the fetching and SQLite writes of the main thread instead of between them, and a 10 MB page never
 * stalls the API's event loop. Jobs go to the worker with the fewest in flight; a worker that dies fails only
 * the pages it held (the crawl records them as failed) and is replaced on the next job. Workers start with the
 * first page and stop after IDLE_MS without one, so one pool serves every crawl of a long-running app without
 * holding a thread (and its heap) between crawls. Where workers cannot run at all (two in a row die before
 * answering once), extraction falls back to the calling thread rather than failing every page.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { spawnWorker } from '../../adapters/worker-thread.js';
import type { ExtractRequest, ExtractResponse } from './extract-protocol.js';
import type { PageRecord } from './page-builder.js';
import {
  extractRawPage,
  extractRenderedPage,
  type RawPageJob,
  type RawPageOutcome,
  type RenderedPageJob,
} from './page-extraction.js';

export interface PageExtractor {
  raw(job: RawPageJob): Promise<RawPageOutcome>;
  rendered(job: RenderedPageJob): Promise<PageRecord>;
  close(): Promise<void>;
}

/** Extraction on the calling thread (tests, tools, and crawls that render every page anyway). */
export const inlineExtractor: PageExtractor = {
  raw: async (job) => extractRawPage(job),
  rendered: async (job) => extractRenderedPage(job),
  close: async () => {},
};

/** One worker fewer than the machine has cores (the main thread fetches and writes), at least one, at most 4. */
export const defaultExtractWorkers = () => Math.max(1, Math.min(4, availableParallelism() - 1));

const IDLE_MS = 15_000;

type Pending = { resolve: (r: ExtractResponse & { ok: true }) => void; reject: (e: Error) => void };

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  idle: NodeJS.Timeout | null;
  answered: boolean;
}

const MAX_START_FAILURES = 2;

/** A structured clone hands Buffers back as plain Uint8Arrays; SQLite wants Buffers for BLOBs. */
function revive(record: PageRecord): PageRecord {
  const m = record.minhash as Uint8Array | null;
  if (m && !Buffer.isBuffer(m)) record.minhash = Buffer.from(m.buffer, m.byteOffset, m.byteLength);
  return record;
}

export class ExtractorPool implements PageExtractor {
  private readonly slots: (Slot | null)[];
  private nextId = 1;
  /** Workers in a row that died without answering once. */
  private startFailures = 0;

  constructor(
    size = defaultExtractWorkers(),
    private readonly idleMs = IDLE_MS,
  ) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => null);
  }

  async raw(job: RawPageJob): Promise<RawPageOutcome> {
    if (this.startFailures >= MAX_START_FAILURES) return inlineExtractor.raw(job);
    const r = await this.send({ kind: 'raw', job });
    if (!('raw' in r)) throw new Error('extract worker answered a raw job with a rendered record');
    revive(r.raw.record);
    return r.raw;
  }

  async rendered(job: RenderedPageJob): Promise<PageRecord> {
    if (this.startFailures >= MAX_START_FAILURES) return inlineExtractor.rendered(job);
    const r = await this.send({ kind: 'rendered', job });
    if (!('record' in r)) throw new Error('extract worker answered a rendered job with a raw outcome');
    return revive(r.record);
  }

  /** Stops the workers; a later job starts new ones (the pool stays usable). */
  async close(): Promise<void> {
    const slots = this.slots.filter((s): s is Slot => s !== null);
    this.slots.fill(null);
    for (const s of slots) if (s.idle) clearTimeout(s.idle);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private send(req: Omit<ExtractRequest, 'id'>): Promise<ExtractResponse & { ok: true }> {
    const slot = this.pick();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      if (slot.pending.size === 1) {
        // Busy: keep the process alive for the answer, and do not retire the worker.
        slot.worker.ref();
        if (slot.idle) clearTimeout(slot.idle);
        slot.idle = null;
      }
      slot.worker.postMessage({ ...req, id } as ExtractRequest);
    });
  }

  /** The least busy worker, starting one where a slot is empty. */
  private pick(): Slot {
    let best = -1;
    for (let i = 0; i < this.slots.length; i++) {
      const s = this.slots[i];
      if (!s) return (this.slots[i] = this.start(i));
      if (best === -1 || s.pending.size < this.slots[best]!.pending.size) best = i;
    }
    return this.slots[best]!;
  }

  private start(index: number): Slot {
    // A page's garbage dies young; a smaller nursery than V8's default keeps the worker's footprint down.
    const worker = spawnWorker(new URL('./extract-worker.js', import.meta.url), {
      maxYoungGenerationSizeMb: 16,
    });
    worker.unref();
    const slot: Slot = { worker, pending: new Map(), idle: null, answered: false };
    const fail = (err: Error) => {
      if (!slot.answered && slot.pending.size > 0) this.startFailures++;
      if (this.slots[index] === slot) this.slots[index] = null;
      if (slot.idle) clearTimeout(slot.idle);
      for (const p of slot.pending.values()) p.reject(err);
      slot.pending.clear();
    };
    worker.on('message', (msg: ExtractResponse) => {
      const p = slot.pending.get(msg.id);
      if (!p) return;
      slot.answered = true;
      this.startFailures = 0;
      slot.pending.delete(msg.id);
      if (slot.pending.size === 0) {
        worker.unref();
        slot.idle = setTimeout(() => {
          if (this.slots[index] === slot) this.slots[index] = null;
          void worker.terminate();
        }, this.idleMs).unref();
      }
      if (msg.ok) p.resolve(msg);
      else p.reject(new Error(`page extraction failed: ${msg.message}`));
    });
    worker.on('error', (err) => fail(err));
    worker.on('exit', (code) => fail(new Error(`the extract worker exited (code ${code})`)));
    return slot;
  }
}
