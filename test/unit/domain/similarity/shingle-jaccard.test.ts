/** Exact shingle Jaccard against sets worked out by hand, and against the MinHash estimate it backs up. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jaccardEstimate, minhashSignature } from '../../../../server/domain/crawl/minhash.js';
import { shingleJaccard } from '../../../../server/domain/similarity/shingle-jaccard.js';

describe('shingleJaccard', () => {
  it('counts shared 5-word shingles over all distinct ones, ignoring case and punctuation', () => {
    // 7 words → 3 shingles each; the texts share the first two.
    const a = 'One two three four five six seven';
    const b = 'one, TWO three four five six eight';
    assert.equal(shingleJaccard(a, b), 2 / 4);
    assert.equal(shingleJaccard(a, a), 1);
    assert.equal(shingleJaccard('', ''), 0);
  });

  it('treats texts shorter than a shingle as sets of words', () => {
    assert.equal(shingleJaccard('red roses', 'red tulips'), 1 / 3);
  });

  it('agrees with the MinHash estimate within its sampling error', () => {
    const base = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
    const edited = base.replace('word150', 'changed');
    const exact = shingleJaccard(base, edited);
    assert.equal(exact, 291 / 301); // 296 shingles each, 5 of them around the changed word
    const estimate = jaccardEstimate(minhashSignature(base), minhashSignature(edited));
    assert.ok(Math.abs(estimate - exact) < 0.08, `${estimate} vs ${exact}`);
  });
});
