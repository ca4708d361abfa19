/**
 * Exact page-vector search served from memory. sqlite-vec scans a site's vectors one scalar cosine at a time;
 * a copy of them in a SIMD-scanned matrix gives the same top k several times faster (100,000 vectors well under
 * the 30 ms budget). The copy is checked against the table's generation on every query, so it never answers
 * from vectors the database no longer holds; when it is stale and was rebuilt moments ago (a site is being
 * embedded right now), the query goes to sqlite-vec instead of rebuilding on every call.
 */
import { matrixBytes, VectorMatrix } from '../../adapters/vector-scan/vector-matrix.js';
import type { Store } from '../../store/index.js';

export interface Neighbour {
  page_id: number;
  distance: number;
}

export interface PageVectorIndexOptions {
  /** Memory for all cached sites together; the least recently used site is dropped first. */
  budgetBytes?: number;
  /** A stale copy is rebuilt at most this often; in between, queries read sqlite-vec. */
  rebuildIntervalMs?: number;
  dim?: number;
}

interface Entry {
  matrix: VectorMatrix;
  generation: number;
  builtAt: number;
  bytes: number;
}

export class PageVectorIndex {
  private readonly entries = new Map<number, Entry>();
  private readonly budget: number;
  private readonly interval: number;
  private readonly dim: number;
  /** How the last query was answered, for tests and diagnostics. */
  lastPath: 'memory' | 'sqlite' = 'sqlite';

  constructor(
    private readonly store: Store,
    opts: PageVectorIndexOptions = {},
  ) {
    this.budget = opts.budgetBytes ?? 1024 ** 3;
    this.interval = opts.rebuildIntervalMs ?? 5_000;
    this.dim = opts.dim ?? 384;
  }

  /**
   * The `k` nearest pages by cosine distance, nearest first; all sites when `siteId` is null. `skip` leaves pages
   * out, at most `skipped` of them (sqlite-vec is asked for that many more).
   */
  nearest(
    vector: Float32Array,
    k: number,
    siteId: number | null,
    skip?: (id: number) => boolean,
    skipped = 1,
  ): Neighbour[] {
    const entry = siteId === null ? null : this.entry(siteId);
    if (!entry) {
      this.lastPath = 'sqlite';
      // sqlite-vec answers at most 4,096 neighbours.
      const found = this.store.embeddings.knnPages(vector, Math.min(k + (skip ? skipped : 0), 4096), siteId);
      return (skip ? found.filter((r) => !skip(r.page_id)) : found).slice(0, k);
    }
    this.lastPath = 'memory';
    return entry.matrix.topK(vector, k, skip).map((h) => ({ page_id: h.id, distance: 1 - h.score }));
  }

  /** Drops every cached copy (the store is closing, or a test wants a cold start). */
  clear(): void {
    this.entries.clear();
  }

  private entry(siteId: number): Entry | null {
    const generation = this.store.embeddings.vectorGeneration(siteId);
    const cached = this.entries.get(siteId);
    if (cached && cached.generation === generation) {
      // Map order is recency order: re-insert on use.
      this.entries.delete(siteId);
      this.entries.set(siteId, cached);
      return cached;
    }
    if (cached && Date.now() - cached.builtAt < this.interval) return null;
    this.entries.delete(siteId);
    return this.build(siteId);
  }

  private build(siteId: number): Entry | null {
    const built: { matrix: VectorMatrix | null; bytes: number } = { matrix: null, bytes: 0 };
    const generation = this.store.embeddings.readSiteVectors(siteId, (count) => {
      built.bytes = matrixBytes(count, this.dim);
      // Too large for the budget: sqlite-vec answers this site.
      if (count === 0 || built.bytes > this.budget) return () => {};
      this.evictFor(built.bytes);
      const m = (built.matrix = new VectorMatrix(this.dim, count));
      return (id, v) => m.add(id, v);
    });
    if (!built.matrix) return null;
    const entry: Entry = { matrix: built.matrix, generation, builtAt: Date.now(), bytes: built.bytes };
    this.entries.set(siteId, entry);
    return entry;
  }

  private evictFor(bytes: number): void {
    let used = 0;
    for (const e of this.entries.values()) used += e.bytes;
    for (const [id, e] of this.entries) {
      if (used + bytes <= this.budget) break;
      this.entries.delete(id);
      used -= e.bytes;
    }
  }
}
