import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  jaccardEstimate,
  minhashSignature,
  signatureFromBuffer,
  signatureToBuffer,
} from '../../../../server/domain/crawl/minhash.js';

/** Deterministic word soup: the same texts on every run, so the estimates below are fixed numbers. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const VOCABULARY = Array.from({ length: 2000 }, (_, i) => `w${i.toString(36)}`);

function text(words: number, seed: number): string[] {
  const next = generator(seed);
  return Array.from({ length: words }, () => VOCABULARY[Math.floor(next() * VOCABULARY.length)]!);
}

function shingles(words: string[], k = 5): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + k <= words.length; i++) out.add(words.slice(i, i + k).join(' '));
  return out;
}

function exactJaccard(a: string[], b: string[]): number {
  const sa = shingles(a);
  const sb = shingles(b);
  let both = 0;
  for (const s of sa) if (sb.has(s)) both++;
  return both / (sa.size + sb.size - both);
}

describe('minhashSignature', () => {
  it('gives identical texts identical signatures, ignoring case, punctuation and spacing', () => {
    const words = text(300, 1);
    const a = minhashSignature(words.join(' '));
    const b = minhashSignature(`  ${words.join(',\n ').toUpperCase()}. `);
    assert.equal(a.length, 128);
    assert.deepEqual(a, b);
    assert.equal(jaccardEstimate(a, b), 1);
  });

  it('is stable across processes: fixed seeds give fixed values', () => {
    // Stored signatures are compared with new ones; if this changes, every stored signature is stale.
    const sig = minhashSignature('The quick brown fox jumps over the lazy dog');
    assert.deepEqual([...sig.slice(0, 4)], [165691166, 323472244, 355132985, 458341107]);
  });

  it('estimates ≥ 0.9 for texts differing in one word out of 300', () => {
    const words = text(300, 2);
    const changed = [...words];
    changed[150] = 'different';
    assert.ok(jaccardEstimate(minhashSignature(words.join(' ')), minhashSignature(changed.join(' '))) >= 0.9);
  });

  it('estimates ≤ 0.1 for unrelated texts', () => {
    const a = minhashSignature(text(300, 3).join(' '));
    const b = minhashSignature(text(300, 4).join(' '));
    assert.ok(jaccardEstimate(a, b) <= 0.1);
  });

  it('stays within 0.1 of the exact shingle Jaccard', () => {
    for (const [seed, keep] of [
      [10, 0.2],
      [11, 0.4],
      [12, 0.5],
      [13, 0.6],
      [14, 0.8],
      [15, 0.95],
    ] as const) {
      // A shares a run of `keep` of its words with B; the rest of each is its own.
      const shared = text(Math.round(400 * keep), seed);
      const a = [...shared, ...text(400 - shared.length, seed + 100)];
      const b = [...text(400 - shared.length, seed + 200), ...shared];
      const exact = exactJaccard(a, b);
      const estimate = jaccardEstimate(minhashSignature(a.join(' ')), minhashSignature(b.join(' ')));
      assert.ok(
        Math.abs(estimate - exact) <= 0.1,
        `seed ${seed}: exact ${exact.toFixed(3)}, estimate ${estimate}`,
      );
    }
  });

  it('uses the words themselves as shingles for texts shorter than one shingle', () => {
    const sig = minhashSignature('red green blue');
    assert.notDeepEqual(sig, new Uint32Array(128).fill(0xffffffff));
    assert.equal(jaccardEstimate(sig, minhashSignature('blue green red')), 1);
    const two = jaccardEstimate(sig, minhashSignature('red green yellow'));
    assert.ok(two > 0.2 && two < 0.8, `estimate ${two} for 2 of 4 shared words`);
  });

  it('gives a text without words all 0xffffffff', () => {
    assert.deepEqual(minhashSignature(''), new Uint32Array(128).fill(0xffffffff));
    assert.deepEqual(minhashSignature(' — … ! '), new Uint32Array(128).fill(0xffffffff));
  });

  it('honours the shingle and size options and rejects nonsense', () => {
    assert.equal(minhashSignature('a b c d e f', { size: 16 }).length, 16);
    const words = 'one two three four five six seven'.split(' ');
    assert.notDeepEqual(minhashSignature(words.join(' '), { shingle: 2 }), minhashSignature(words.join(' ')));
    assert.throws(() => minhashSignature('x', { size: 0 }), RangeError);
    assert.throws(() => minhashSignature('x', { shingle: 1.5 }), RangeError);
  });
});

describe('jaccardEstimate', () => {
  it('is the share of equal positions', () => {
    assert.equal(jaccardEstimate(new Uint32Array([1, 2, 3, 4]), new Uint32Array([1, 0, 3, 0])), 0.5);
    assert.throws(() => jaccardEstimate(new Uint32Array(2), new Uint32Array(3)), RangeError);
  });
});

describe('signatureToBuffer / signatureFromBuffer', () => {
  it('round-trips through little-endian bytes', () => {
    const sig = minhashSignature(text(50, 5).join(' '));
    const buf = signatureToBuffer(sig);
    assert.equal(buf.length, 512);
    assert.equal(buf.readUInt32LE(4), sig[1]);
    assert.deepEqual(signatureFromBuffer(buf), sig);
    // A view into a larger buffer, as a database driver may hand back.
    const padded = Buffer.concat([Buffer.from([9, 9, 9]), buf]).subarray(3);
    assert.deepEqual(signatureFromBuffer(padded), sig);
    assert.throws(() => signatureFromBuffer(Buffer.alloc(6)), RangeError);
  });
});
