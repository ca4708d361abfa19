/** The WebAssembly SIMD MinHash loop against the scalar one, and the committed WebAssembly against its source. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { minhashSignature } from '../../../../server/domain/crawl/minhash.js';
// @ts-expect-error — a plain ES module script without types.
import { committedKernel, compileKernel } from '../../../../scripts/build-wasm.js';

/** Word soup from a fixed seed, with some non-ASCII, apostrophes and hyphens. */
function text(words: number, seed: number): string {
  const vocabulary = [
    'soil',
    'Rose',
    "l'été",
    'd’or',
    'rock-n-roll',
    'İstanbul',
    '日本語',
    '42',
    'x',
    'mulch',
  ];
  let state = seed >>> 0;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    out.push(vocabulary[state % vocabulary.length]! + (state % 7 === 0 ? String(state % 1000) : ''));
  }
  return out.join(state % 2 ? ' ' : ',\n ');
}

describe('minhashSignature with WebAssembly SIMD', () => {
  it('gives exactly the scalar signature', () => {
    const texts = [
      '',
      'one',
      'two words',
      'a b c d',
      'a b c d e f g',
      ...[5, 50, 1000, 20_000].map((n) => text(n, n)),
    ];
    for (const t of texts) {
      for (const opts of [{}, { size: 64, shingle: 3 }, { size: 16, shingle: 1 }, { size: 48, shingle: 9 }]) {
        assert.deepEqual(
          minhashSignature(t, opts),
          minhashSignature(t, { ...opts, simd: false }),
          `${t.length} chars, ${JSON.stringify(opts)}`,
        );
      }
    }
  });

  it('ships the WebAssembly its .wat source compiles to', async () => {
    assert.equal(
      committedKernel('minhash-simd'),
      await compileKernel('minhash-simd'),
      'run node scripts/build-wasm.js',
    );
  });
});
