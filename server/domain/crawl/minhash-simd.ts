/**
 * The MinHash inner loop in WebAssembly SIMD (minhash-simd.wat): four permutations per instruction, sixteen per
 * pass over the shingles, bit-identical to the scalar loop in minhash.ts, which stays as the fallback where
 * WebAssembly SIMD is missing. MinHash is the largest single cost of extracting a page, so this is what lets
 * extraction keep up with fetching.
 */
import { MINHASH_SIMD_WASM } from './minhash-simd-wasm.js';

interface Exports {
  memory: WebAssembly.Memory;
  minimums(xs: number, n: number, a: number, b: number, sig: number, groups: number): void;
}

let loaded: Exports | null | undefined;

function load(): Exports | null {
  if (loaded !== undefined) return loaded;
  try {
    const bytes = Buffer.from(MINHASH_SIMD_WASM, 'base64');
    loaded = WebAssembly.validate(bytes)
      ? (new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports as unknown as Exports)
      : null;
  } catch {
    loaded = null;
  }
  return loaded;
}

/**
 * Fills `sig` with, for each permutation i, the unsigned minimum of fmix32(a[i]·x + b[i]) over the first `count`
 * values x of `xs`. Returns false (leaving `sig` alone) when WebAssembly SIMD is unavailable or the signature
 * length is not a multiple of 16; the caller then runs the scalar loop.
 */
export function simdMinimums(
  xs: Int32Array,
  count: number,
  a: Uint32Array,
  b: Uint32Array,
  sig: Uint32Array,
): boolean {
  const wasm = load();
  const size = sig.length;
  if (!wasm || size % 16 !== 0 || a.length !== size || b.length !== size) return false;
  const bytesA = 0;
  const bytesB = size * 4;
  const bytesSig = size * 8;
  const bytesXs = size * 12;
  const needed = bytesXs + count * 4;
  const have = wasm.memory.buffer.byteLength;
  if (needed > have) wasm.memory.grow(Math.ceil((needed - have) / 65536));
  const memory = wasm.memory.buffer;
  new Uint32Array(memory, bytesA, size).set(a);
  new Uint32Array(memory, bytesB, size).set(b);
  new Int32Array(memory, bytesXs, count).set(xs.subarray(0, count));
  wasm.minimums(bytesXs, count, bytesA, bytesB, bytesSig, size / 16);
  sig.set(new Uint32Array(memory, bytesSig, size));
  return true;
}
