import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exclusiveTextShare } from '../../../../server/domain/similarity/shingle-jaccard.js';
import { TitleSubjects, titleWords } from '../../../../server/domain/similarity/title-subjects.js';

describe('title subjects', () => {
  it('keeps identifiers whole, drops numbering and function words, folds plurals', () => {
    assert.deepEqual(titleWords('53.65. pg_user_mapping'), ['pg_user_mapping']);
    assert.deepEqual(titleWords('Chapter 69. SP-GiST Indexes'), ['chapter', 'sp-gist', 'index']);
    assert.deepEqual(titleWords('How to Grow Tomatoes from Seed'), ['grow', 'tomato', 'seed']);
    assert.deepEqual(titleWords('Growing tomatoes'), ['grow', 'tomato']);
    assert.deepEqual(titleWords(null), []);
  });

  // A reference of one page per function: the function's name is its subject.
  const reference = new TitleSubjects([
    [1, 'SPI_palloc'],
    [2, 'SPI_repalloc'],
    [3, 'SPI_pfree'],
    [4, 'DROP VIEW'],
    [5, 'DROP TABLE'],
    [6, 'DROP INDEX'],
    [7, 'DROP MATERIALIZED VIEW'],
    [8, 'SPI_palloc: a practical guide'],
    [9, ''],
  ]);

  it('finds no shared subject between pages that name different things', () => {
    assert.equal(reference.agreement(1, 2), 0);
    assert.ok(reference.agreement(5, 6) < 0.5, 'DROP TABLE / DROP INDEX');
  });

  it('finds one subject when the lighter title is named by the other', () => {
    assert.equal(reference.agreement(1, 8), 1, 'a rewrite retitled around the same name');
    assert.equal(reference.agreement(8, 1), 1, 'either way round');
    assert.equal(reference.agreement(4, 7), 1, 'the limit of a title check: DROP VIEW is inside the other');
  });

  it('says nothing against a pair when a page has no title', () => {
    assert.equal(reference.agreement(1, 9), 1);
  });
});

describe('exclusive text share', () => {
  const template =
    'Synopsis Description Arguments Return value Notes this function is part of the server programming interface';
  const a = `${template} allocates memory in the upper executor context and returns a pointer to it`;
  const b = `${template} frees memory that was allocated in the upper executor context before`;
  const siblings = [`${template} reads a tuple`, `${template} writes a tuple`];

  it('leaves out what the neighbouring pages share', () => {
    assert.ok(exclusiveTextShare(a, b, siblings) < 0.2, `${exclusiveTextShare(a, b, siblings)}`);
    assert.ok(exclusiveTextShare(a, b, []) > 0.5, 'without the neighbours the template looks shared');
  });

  it('is high for a page and its rewrite, low for unrelated text', () => {
    const text =
      'Sow tomato seeds indoors six weeks before the last frost in a warm bright place and keep the compost moist';
    const rewrite = `Keep the compost moist. ${text.split(' ').slice(0, 15).join(' ')} and pot them on later`;
    assert.ok(exclusiveTextShare(text, rewrite, siblings) >= 0.65);
    assert.equal(exclusiveTextShare(text, 'Prune roses in late winter', siblings), 0);
  });
});
