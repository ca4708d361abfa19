/**
 * A site's page vectors held in WebAssembly memory and searched exactly with SIMD inner products: every vector is
 * scored, so the answer is the exact top k (what sqlite-vec's scan returns), at a few times its speed. The
 * vectors are unit length, so the inner product is the cosine.
 */
import { DOT_SCAN_WASM } from './dot-scan-wasm.js';

const PAGE = 65_536;
/** wasm32 memories end at 4 GiB; stay well inside it. */
export const MAX_MATRIX_BYTES = 2 ** 31;

let compiled: WebAssembly.Module | null = null;
const wasmModule = () => (compiled ??= new WebAssembly.Module(Buffer.from(DOT_SCAN_WASM, 'base64')));

type Scores = (q: number, rows: number, n: number, dim: number, out: number) => void;

export interface Hit {
  id: number;
  score: number;
}

/** Bytes a matrix of `rows` vectors of `dim` floats needs, so callers can decide before loading. */
export const matrixBytes = (rows: number, dim: number) => 4 * (dim + rows + rows * dim);

export class VectorMatrix {
  readonly ids: Int32Array;
  private readonly heap: Float32Array;
  private readonly scores: Scores;
  private readonly queryAt = 0;
  private readonly outAt: number;
  private readonly rowsAt: number;
  private count = 0;

  constructor(
    readonly dim: number,
    readonly capacity: number,
  ) {
    if (dim % 16 !== 0) throw new RangeError(`dimension ${dim} is not a multiple of 16`);
    const bytes = matrixBytes(capacity, dim);
    if (bytes > MAX_MATRIX_BYTES) throw new RangeError(`${capacity} vectors need ${bytes} bytes`);
    const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(bytes / PAGE)) });
    const instance = new WebAssembly.Instance(wasmModule(), { env: { memory } });
    this.scores = instance.exports.scores as Scores;
    this.heap = new Float32Array(memory.buffer);
    this.ids = new Int32Array(capacity);
    this.outAt = dim * 4;
    this.rowsAt = this.outAt + capacity * 4;
  }

  get size(): number {
    return this.count;
  }

  add(id: number, vector: Float32Array): void {
    if (this.count >= this.capacity) throw new RangeError('matrix is full');
    if (vector.length !== this.dim)
      throw new RangeError(`vector has ${vector.length} values, not ${this.dim}`);
    this.heap.set(vector, this.rowsAt / 4 + this.count * this.dim);
    this.ids[this.count++] = id;
  }

  /** The `k` vectors with the highest inner product with `query`, best first. */
  topK(query: Float32Array, k: number, skip?: (id: number) => boolean): Hit[] {
    if (query.length !== this.dim) throw new RangeError(`query has ${query.length} values, not ${this.dim}`);
    const n = this.count;
    if (n === 0 || k <= 0) return [];
    this.heap.set(query, this.queryAt / 4);
    this.scores(this.queryAt, this.rowsAt, n, this.dim, this.outAt);
    return selectTop(this.heap.subarray(this.outAt / 4, this.outAt / 4 + n), this.ids, k, skip);
  }
}

/** The k best of `scores` with a min-heap of size k: one pass, no sort of the whole array. */
export function selectTop(
  scores: Float32Array,
  ids: Int32Array,
  k: number,
  skip?: (id: number) => boolean,
): Hit[] {
  const heapScore = new Float64Array(k);
  const heapIdx = new Int32Array(k);
  let size = 0;
  const siftDown = (from: number) => {
    let i = from;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < size && heapScore[l]! < heapScore[m]!) m = l;
      if (r < size && heapScore[r]! < heapScore[m]!) m = r;
      if (m === i) return;
      [heapScore[i], heapScore[m]] = [heapScore[m]!, heapScore[i]!];
      [heapIdx[i], heapIdx[m]] = [heapIdx[m]!, heapIdx[i]!];
      i = m;
    }
  };
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i]!;
    if (size === k && s <= heapScore[0]!) continue;
    if (skip?.(ids[i]!)) continue;
    if (size < k) {
      // Sift up the new leaf.
      let c = size++;
      heapScore[c] = s;
      heapIdx[c] = i;
      while (c > 0) {
        const p = (c - 1) >> 1;
        if (heapScore[p]! <= heapScore[c]!) break;
        [heapScore[p], heapScore[c]] = [heapScore[c]!, heapScore[p]!];
        [heapIdx[p], heapIdx[c]] = [heapIdx[c]!, heapIdx[p]!];
        c = p;
      }
    } else {
      heapScore[0] = s;
      heapIdx[0] = i;
      siftDown(0);
    }
  }
  const out: Hit[] = [];
  for (let i = 0; i < size; i++) out.push({ id: ids[heapIdx[i]!]!, score: heapScore[i]! });
  // Ties broken by id so results do not depend on load order.
  return out.sort((a, b) => b.score - a.score || a.id - b.id);
}
