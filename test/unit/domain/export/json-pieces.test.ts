/**
 * JSON a piece at a time: the pieces joined are exactly `JSON.stringify`'s text, whether the value fits in one
 * string or has to be split (down to slices of one string, never cutting a surrogate pair), and `gathered`
 * only joins them, never into more than a chunk unless one piece is longer. V8's limit (2^29 − 24 characters)
 * is stood in for by a small `within`, so each case costs microseconds rather than half a gigabyte.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { gathered, jsonPieces, valuePieces } from '../../../../server/domain/export/json-pieces.js';

/** Any UTF-16 code units, lone surrogates and pairs included. */
const anyText = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 })
  .map((codes) => String.fromCharCode(...codes));

/** What answers hold: JSON values, Dates, and fields or items that are `undefined`. */
const answerValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    anyText,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.date({ noInvalidDate: true }),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(anyText, tie('value'), { maxKeys: 5 }),
  ),
})).value;

const list = fc.record({ items: fc.array(answerValue, { maxLength: 8 }), next_cursor: fc.option(anyText) });

describe('jsonPieces', () => {
  it('joins to JSON.stringify’s text for any answer', () => {
    fc.assert(
      fc.property(fc.oneof(list, answerValue), (body) => {
        assert.equal([...jsonPieces(body)].join(''), JSON.stringify(body) ?? '');
      }),
    );
  });

  it('joins to the same text when values must be split to stay within the limit', () => {
    fc.assert(
      fc.property(fc.oneof(list, answerValue), fc.integer({ min: 12, max: 60 }), (body, within) => {
        const pieces = [...jsonPieces(body, within)];
        assert.equal(pieces.join(''), JSON.stringify(body) ?? '');
      }),
    );
  });

  it('cuts a long string into slices, never between the halves of a pair', () => {
    const emoji = '🌱';
    const text = `${'\u0001'.repeat(9)}${emoji}${'a'.repeat(20)}${emoji}`;
    const pieces = [...valuePieces(text, 60)];
    assert.ok(pieces.length > 3, 'the string was split');
    assert.equal(pieces.join(''), JSON.stringify(text));
    for (const p of pieces) assert.ok(p.length <= 60, `${p.length} characters`);
    assert.ok(!pieces.join('').includes('\\ud83c'), 'no half of the pair was escaped on its own');
  });

  it('splits a list item by item and an oversized item by its fields', () => {
    const body = { items: [{ id: 1, text: 'x'.repeat(100) }, { id: 2 }], next_cursor: null };
    assert.deepEqual(
      [...jsonPieces(body, 50)].slice(0, 6),
      ['{', '"items":', '[', '{', '"id":', '1'],
      'the first item did not fit, so it is split',
    );
    assert.ok([...jsonPieces(body, 50)].includes('{"id":2}'), 'the second fits whole');
  });

  it('rethrows what is not an overflow (a cycle)', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    assert.throws(() => [...jsonPieces({ items: [cyclic] })], TypeError);
  });
});

describe('gathered', () => {
  it('joins pieces into chunks of about the size, a long piece alone', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 30 })), fc.integer({ min: 1, max: 40 }), (pieces, size) => {
        const chunks = [...gathered(pieces, size)];
        assert.equal(chunks.join(''), pieces.join(''));
        for (const c of chunks)
          assert.ok(c.length < size + 30, `a chunk of ${c.length} characters for size ${size}`);
      }),
    );
  });
});
