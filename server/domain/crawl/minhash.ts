/**
 * MinHash signatures of page text, for finding near-duplicate pages without comparing every pair of texts:
 * the share of equal positions in two signatures estimates the Jaccard similarity of their word-shingle sets.
 * Signatures are stored (as BLOBs) and compared across crawls, so everything here is fixed: the word rule, the
 * shingle hash and the seeds of the permutations. Changing any of them invalidates stored signatures.
 *
 * Each permutation is `fmix32(a·x + b mod 2³²)` with `a` odd: a multiply by an odd number, an add and
 * murmur3's finaliser are each bijections on 32-bit values, so it permutes the hash space, and it costs a few
 * `Math.imul`s instead of 64-bit modular arithmetic.
 */
import { scanWords } from './main-text.js';
import { simdMinimums } from './minhash-simd.js';

export interface MinhashOptions {
  /** Words per shingle (5). */
  shingle?: number;
  /** Signature length (128). */
  size?: number;
  /** Use the WebAssembly SIMD loop when it can run (default); false forces the scalar one (tests compare them). */
  simd?: boolean;
}

const EMPTY = 0xffffffff;
const SIGN = 0x80000000 | 0;

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over the UTF-16 code units of `s` from `start` to `end`: stable, and words are short. */
function hashWord(s: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** murmur3's block step, so that a shingle's hash depends on word order. */
function mixBlock(h: number, k: number): number {
  k = Math.imul(k, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** splitmix32 from a constant seed: the same coefficients in every process, forever. */
function coefficients(count: number): { a: Uint32Array; b: Uint32Array } {
  const a = new Uint32Array(count);
  const b = new Uint32Array(count);
  let state = 0x5173_10e5;
  const next = () => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  for (let i = 0; i < count; i++) {
    a[i] = next() | 1;
    b[i] = next();
  }
  return { a, b };
}

const cache = new Map<number, { a: Uint32Array; b: Uint32Array }>();
function seedsFor(size: number): { a: Uint32Array; b: Uint32Array } {
  let seeds = cache.get(size);
  if (seeds === undefined) {
    seeds = coefficients(size);
    cache.set(size, seeds);
  }
  return seeds;
}

/**
 * The signature of `text`'s lower-cased word shingles. A text shorter than one shingle uses its words as
 * shingles; a text without words gets all 0xffffffff.
 */
export function minhashSignature(text: string, opts: MinhashOptions = {}): Uint32Array {
  const k = opts.shingle ?? 5;
  const size = opts.size ?? 128;
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`shingle must be a positive integer, got ${k}`);
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`size must be a positive integer, got ${size}`);
  const sig = new Uint32Array(size).fill(EMPTY);
  // Words are hashed where they stand in the lower-cased text: no array of word strings.
  const lower = text.toLowerCase();
  let hashes = new Int32Array(256);
  let count = 0;
  scanWords(lower, (start, end) => {
    if (count === hashes.length) {
      const grown = new Int32Array(count * 2);
      grown.set(hashes);
      hashes = grown;
    }
    hashes[count++] = hashWord(lower, start, end);
  });
  if (count === 0) return sig;
  const width = count < k ? 1 : k;
  const shingles = count - width + 1;
  const xs = new Int32Array(shingles);
  for (let start = 0; start < shingles; start++) {
    let h = width;
    for (let j = 0; j < width; j++) h = mixBlock(h, hashes[start + j]!);
    xs[start] = fmix32(h ^ (width * 4));
  }
  const { a, b } = seedsFor(size);
  if (opts.simd !== false && simdMinimums(xs, shingles, a, b, sig)) return sig;
  // One permutation at a time over every shingle keeps a, b and the running minimum in registers. Values are
  // compared as signed after flipping the top bit, which orders them as unsigned without a `>>> 0` per value.
  for (let i = 0; i < size; i++) {
    const ai = a[i]! | 0;
    const bi = b[i]! | 0;
    let min = EMPTY ^ SIGN;
    for (let s = 0; s < shingles; s++) {
      let h = (Math.imul(ai, xs[s]!) + bi) | 0;
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      h ^= h >>> 16;
      h ^= SIGN;
      if (h < min) min = h;
    }
    sig[i] = (min ^ SIGN) >>> 0;
  }
  return sig;
}

/** Estimated Jaccard similarity: the share of positions where the two signatures agree. */
export function jaccardEstimate(a: Uint32Array, b: Uint32Array): number {
  if (a.length !== b.length) throw new RangeError(`signature lengths differ: ${a.length} and ${b.length}`);
  if (a.length === 0) return 0;
  let same = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) same++;
  return same / a.length;
}

/** LSH bands of a signature: `BANDS` bands of `BAND_ROWS` positions (128 values: all of them). */
export const BANDS = 32;
export const BAND_ROWS = 4;

/**
 * Locality-sensitive hashing of a signature: the key of band `band` (its `BAND_ROWS` values mixed into a 53-bit
 * number; a number, not a string, because the audit keys 32 bands of every page of a site). Two signatures share
 * some band's key with probability 1 − (1 − J^rows)^bands (J their Jaccard similarity): with 32 bands of 4,
 * pages at J 0.5 meet with probability 0.87 and at J 0.9 almost surely, while unrelated pages rarely do. Bands
 * of different values share a key by chance about once in 2^53: callers compare the full signatures anyway.
 */
export function bandKey(sig: Uint32Array, band: number): number {
  let h1 = 0x811c9dc5 ^ band;
  let h2 = 0x9e3779b9 + band;
  for (let i = band * BAND_ROWS; i < (band + 1) * BAND_ROWS; i++) {
    h1 = Math.imul(h1 ^ sig[i]!, 0x01000193);
    h2 = Math.imul(h2 ^ sig[i]!, 0x5bd1e995) ^ (h2 >>> 15);
  }
  return (h1 >>> 0) + (h2 >>> 11) * 0x100000000;
}

/** Little-endian bytes, the same on every machine, for a BLOB column. */
export function signatureToBuffer(sig: Uint32Array): Buffer {
  const buf = Buffer.allocUnsafe(sig.length * 4);
  for (let i = 0; i < sig.length; i++) buf.writeUInt32LE(sig[i]!, i * 4);
  return buf;
}

export function signatureFromBuffer(buf: Uint8Array): Uint32Array {
  if (buf.byteLength % 4 !== 0)
    throw new RangeError(`a signature is 4-byte values; got ${buf.byteLength} bytes`);
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const sig = new Uint32Array(buf.byteLength / 4);
  for (let i = 0; i < sig.length; i++) sig[i] = view.getUint32(i * 4, true);
  return sig;
}
