/** Exact shingle Jaccard against sets worked out by hand, and against the MinHash estimate it backs up. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jaccardEstimate, minhashSignature } from '../../../../server/domain/crawl/minhash.js';
import { REWRITE_TEXT_SHARE } from '../../../../server/domain/similarity/merge-verdict.js';
import { shingleJaccard, textOverlap } from '../../../../server/domain/similarity/shingle-jaccard.js';

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

describe('textOverlap', () => {
  const paragraph = (topic: string, i: number) =>
    `${topic} paragraph ${i} explains step ${i} of the ${topic} procedure with its own example number ${i * 7} and a caveat about case ${i}.`;
  const page = (topic: string, order: number[]) => order.map((i) => paragraph(topic, i)).join('\n');

  it('finds a rewrite (a third of its paragraphs dropped, the rest reordered) mostly on its original', () => {
    const original = page('cursor', [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const rewrite = page('cursor', [8, 7, 5, 4, 2, 1]);
    const o = textOverlap(original, rewrite, []);
    assert.equal(o.smaller, 'b');
    assert.ok(o.whole >= 0.85 && o.own >= 0.85, JSON.stringify(o));
  });

  it('tells two pages of one template apart by what each says that its neighbours do not', () => {
    const template = (name: string) =>
      `${name} returns a set of rows. Synopsis: call it from a function. Arguments: the query to run, the number of rows to return, and whether to read only. Return value: a status code that says whether the call succeeded. Notes: see the chapter for details.`;
    const [a, b] = [template('fetch_rows'), template('move_rows')];
    const neighbours = [template('open_cursor'), template('close_cursor')];
    const o = textOverlap(a, b, neighbours);
    assert.ok(o.whole > 0.8, `whole ${o.whole}: the template is most of each page`);
    // What they share of their own is the word their names have in common (`rows`), around each name.
    assert.ok(o.own < REWRITE_TEXT_SHARE, `own ${o.own}`);
  });
});
