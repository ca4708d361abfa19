/**
 * A started extraction worker kept ready while rules are being stopped (extract-pool.ts). A stopped job goes
 * again at once, and a new process takes ~0.2 s to start (~1.5 s from source under tsx): with a hostile rule on
 * every page of a crawl that was most of each page's time. So after a stop a spare is started, taken by the next
 * start, and replaced while the stops go on; it ends after `idleMs` unused.
 */
import type { WorkerLike } from '../../adapters/child-worker.js';

export class SpareWorker {
  private spare: { worker: WorkerLike; memoryMb: number; timer: NodeJS.Timeout } | null = null;

  constructor(
    private readonly spawn: (memoryMb: number) => WorkerLike,
    private readonly idleMs: number,
  ) {}

  /** Makes sure a spare with this heap cap is starting or ready. */
  keep(memoryMb: number): void {
    if (this.spare?.memoryMb === memoryMb) return;
    this.drop();
    const worker = this.spawn(memoryMb);
    // A spare waits for work: it must not keep the app alive.
    worker.unref();
    const spare = { worker, memoryMb, timer: setTimeout(() => this.drop(), this.idleMs).unref() };
    worker.on('exit', () => {
      if (this.spare !== spare) return;
      clearTimeout(spare.timer);
      this.spare = null;
    });
    this.spare = spare;
  }

  /** The spare, when it has this heap cap; another is started in its place. */
  take(memoryMb: number): WorkerLike | null {
    const spare = this.spare;
    if (spare?.memoryMb !== memoryMb || spare.worker.describe().exited) return null;
    clearTimeout(spare.timer);
    this.spare = null;
    this.keep(memoryMb);
    return spare.worker;
  }

  drop(): void {
    if (!this.spare) return;
    clearTimeout(this.spare.timer);
    void this.spare.worker.terminate();
    this.spare = null;
  }

  describe() {
    return this.spare ? { memoryMb: this.spare.memoryMb, ...this.spare.worker.describe() } : null;
  }
}
