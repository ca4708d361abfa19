/** Stored values (extract-values.ts): the first value as text and, when it reads as one, as a number for sorting. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractRow, numberIn, textValue } from '../../../../server/domain/extraction/extract-values.js';

describe('extract values', () => {
  it('reads prices and quantities as numbers, and dates, SKUs and prose as text', () => {
    assert.equal(numberIn('€1,249.00'), 1249);
    assert.equal(numberIn('$19.50'), 19.5);
    assert.equal(numberIn(' 42 '), 42);
    assert.equal(numberIn('12 kg'), 12);
    assert.equal(numberIn('-3.5'), -3.5);
    assert.equal(numberIn('2025-03-14'), null);
    assert.equal(numberIn('NW-TRW-001'), null);
    assert.equal(numberIn('4.5 / 5'), null);
    assert.equal(numberIn('Steel trowel'), null);
  });

  it('keeps the first non-empty value, or every one up to the cap', () => {
    assert.equal(textValue(['', 'a', 'b'], false), 'a');
    assert.deepEqual(textValue(['', 'a', 'b'], true), ['a', 'b']);
    assert.equal(textValue(['', ''], true), null);
  });

  it('makes the row the page list filters and sorts on', () => {
    assert.deepEqual(extractRow(3, ['€19.50', '€29.00']), {
      extractor_id: 3,
      value_json: '["€19.50","€29.00"]',
      first_text: '€19.50',
      first_num: 19.5,
    });
    assert.deepEqual(extractRow(3, true), {
      extractor_id: 3,
      value_json: 'true',
      first_text: 'true',
      first_num: 1,
    });
    assert.deepEqual(extractRow(3, 0), { extractor_id: 3, value_json: '0', first_text: '0', first_num: 0 });
    assert.deepEqual(extractRow(3, null), {
      extractor_id: 3,
      value_json: 'null',
      first_text: null,
      first_num: null,
    });
  });
});
