import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  collapseWhitespace,
  countWords,
  TextCollector,
  words,
} from '../../../../server/domain/crawl/main-text.js';

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

describe('countWords', () => {
  it('counts exactly the matches of the contract’s word pattern', () => {
    const samples = [
      '',
      '   ',
      'one',
      "Don't stop — it's a well-known, mother-in-law’s 4×4 trick.",
      "trailing- -leading ' quoted ' it''s a--b x'",
      'naïve café résumé (decomposed: cafe\u0301)',
      '北風ガーデニング は 2024 年',
      'Ünïcödé 𝒜𝒷𝒸 math letters, emoji 🌱🌱 and 𝟙𝟚 digits',
      'tabs\tand\nnewlines\u00a0nbsp',
      '\ud835 lone surrogate \udc9c end',
    ];
    for (const s of samples) assert.equal(countWords(s), s.match(WORD)?.length ?? 0, JSON.stringify(s));
  });

  it('agrees with words()', () => {
    const s = "It's the gardener’s well-tended plot — 12 beds, 3 paths.";
    assert.equal(countWords(s), words(s).length);
    assert.deepEqual(words(s), [
      "it's",
      'the',
      'gardener’s',
      'well-tended',
      'plot',
      '12',
      'beds',
      '3',
      'paths',
    ]);
  });
});

describe('TextCollector', () => {
  it('collapses whitespace, turns block breaks into single newlines and reads sub-ranges', () => {
    const t = new TextCollector();
    t.breakBlock();
    t.append('  Hello\n  ', 5);
    t.append('world ', 5);
    t.breakBlock();
    t.breakBlock();
    const start = t.position;
    t.append('\tSecond\u00a0line ', 10);
    t.breakBlock();
    t.append(' ', 0);
    t.breakBlock();
    assert.equal(t.text(), 'Hello world\nSecond line');
    assert.equal(t.text(start, t.position), 'Second line');
    assert.equal(t.chars, 20);
  });
});

describe('collapseWhitespace', () => {
  // Every character \s matches, plus neighbours that must stay: page text hashes depend on this exact rule.
  const WHITESPACE = [' ', '\t', '\n', '\v', '\f', '\r', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028'];
  const chars = fc.constantFrom(
    ...WHITESPACE,
    '\u2029',
    '\u202f',
    '\u205f',
    '\u3000',
    '\ufeff',
    'a',
    'Z',
    '-',
    '\u200b',
  );

  it('is exactly replace(/\\s+/g, " ") then trim, for any mix of whitespace', () => {
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 40 }), (parts) => {
        const s = parts.join('');
        assert.equal(collapseWhitespace(s), s.replace(/\s+/g, ' ').trim());
      }),
      { numRuns: 2000 },
    );
  });
});
