/**
 * What the extraction pool (extract-pool.ts) keeps for each job and each worker: a job's marks and clock survive
 * the stops of its workers, a worker's slot holds the job it runs and the one waiting behind it.
 */
import type { WorkerLike } from '../../adapters/child-worker.js';
import type { ExtractLimits } from '../extraction/extract-limits.js';
import type { Fault } from './extract-faults.js';
import type { ApplyJob, ExtractRequest, ExtractResponse, RuleMark, RuleResult } from './extract-protocol.js';
import type { ExtractStatus } from './extract-status.js';
import type { PageRecord } from './page-builder.js';

export type Kind = ExtractRequest['kind'];
type Ok = ExtractResponse & { ok: true };
/** What a job settles with: the worker's answer, the fault that failed its parse, or an apply job's results. */
export type Answer = Ok | Fault | RuleResult[][];

export interface Task {
  id: number;
  kind: Kind;
  job: ExtractRequest['job'];
  limits: ExtractLimits;
  marks: RuleMark[];
  pageSpentMs: number;
  /** Apply jobs: the first page not answered yet, and the answers so far. */
  from: number;
  results: RuleResult[][];
  stops: number;
  resolve(r: Answer): void;
  reject(e: unknown): void;
}

export interface Slot {
  worker: WorkerLike;
  status: ExtractStatus;
  memoryMb: number;
  /** The job it runs, then the one waiting in its message queue (unanswered, oldest first). */
  tasks: Task[];
  idle: NodeJS.Timeout | null;
  /** When its process was started or taken: until it listens, its jobs' clocks do not run. */
  startedAt: number;
  answered: boolean;
  /** Why the pool is terminating this worker: a fault to recover from, or nothing to recover. */
  stopping: (Fault & { job: number }) | 'abort' | 'retire' | null;
  error: (Error & { code?: string }) | null;
}

/** A structured clone hands Buffers back as plain Uint8Arrays; SQLite wants Buffers for BLOBs. */
export function revive(record: PageRecord): PageRecord {
  const m = record.minhash as Uint8Array | null;
  if (m && !Buffer.isBuffer(m)) record.minhash = Buffer.from(m.buffer, m.byteOffset, m.byteLength);
  return record;
}

export const isFault = (r: Answer): r is Fault => !Array.isArray(r) && 'kind' in r;
export const rulesOf = (t: Task) => ('rules' in t.job ? (t.job.rules ?? []) : []);

/** The message that (re)sends a job: an apply job carries only the pages not answered yet. */
export function requestOf(task: Task): ExtractRequest {
  const base = { id: task.id, limits: task.limits, marks: task.marks, pageSpentMs: task.pageSpentMs };
  if (task.kind !== 'apply') return { ...base, kind: task.kind, job: task.job } as ExtractRequest;
  const job = task.job as ApplyJob;
  return { ...base, kind: 'apply', from: task.from, job: { ...job, texts: job.texts.slice(task.from) } };
}
