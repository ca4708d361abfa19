/**
 * A search passage's section (passage-section.ts, #37): found again in its page's main text by walking the page's
 * passages in order (so a passage repeated on the page is the right copy), placed under the nearest heading
 * before it, and anchored to that heading's section or, when it has no anchor, the nearest enclosing one.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  passageOffset,
  passageSection,
  sectionUrl,
} from '../../../../server/domain/embeddings/passage-section.js';
import type { StoredHeading } from '../../../../server/store/views/passage-sections-view.js';

const MAIN = [
  '4.1. Lexical Structure', // 0
  'SQL input consists of a sequence of commands.', // 1
  '4.1.1. Identifiers', // 2
  'Tokens such as SELECT are key words. Note the case.', // 3
  'Caution', // 4
  'Note the case. Quoted identifiers keep it.', // 5
  '4.1.2. Constants', // 6
  'Note the case.', // 7
].join('\n');

const HEADINGS: StoredHeading[] = [
  { level: 1, text: 'PostgreSQL Manual' }, // a sidebar heading: not in the main text
  { level: 2, text: '4.1. Lexical Structure', anchor: 'SQL-SYNTAX-LEXICAL', line: 0 },
  { level: 3, text: '4.1.1. Identifiers', anchor: 'SQL-SYNTAX-IDENTIFIERS', line: 2 },
  { level: 4, text: 'Caution', line: 4 },
  { level: 3, text: '4.1.2. Constants', anchor: 'SQL-SYNTAX-CONSTANTS', line: 6 },
];

/** The passages a splitter could have made of MAIN: sentences, a block's lines joined by a space. */
const PASSAGES = [
  '4.1. Lexical Structure SQL input consists of a sequence of commands.',
  '4.1.1. Identifiers Tokens such as SELECT are key words.',
  'Note the case.',
  'Caution Note the case.',
  'Quoted identifiers keep it.',
  '4.1.2. Constants',
  'Note the case.',
];

const sectionOf = (ord: number) =>
  passageSection({ main_text: MAIN, headings: HEADINGS, passages: PASSAGES.slice(0, ord + 1) });

describe('passageSection', () => {
  it('places a passage in the nearest section before it, with that section’s anchor', () => {
    assert.deepEqual(sectionOf(0), { heading: '4.1. Lexical Structure', anchor: 'SQL-SYNTAX-LEXICAL' });
    assert.deepEqual(sectionOf(1), { heading: '4.1.1. Identifiers', anchor: 'SQL-SYNTAX-IDENTIFIERS' });
    assert.deepEqual(sectionOf(5), { heading: '4.1.2. Constants', anchor: 'SQL-SYNTAX-CONSTANTS' });
  });

  it('finds a repeated sentence where the passage order puts it, not its first copy', () => {
    // "Note the case." is on lines 3, 5 and 7: the 3rd passage is line 3's, the 7th line 7's.
    assert.equal(sectionOf(2)?.heading, '4.1.1. Identifiers');
    assert.deepEqual(sectionOf(6), { heading: '4.1.2. Constants', anchor: 'SQL-SYNTAX-CONSTANTS' });
    assert.equal(passageOffset(MAIN, PASSAGES.slice(0, 7)), MAIN.lastIndexOf('Note the case.'));
  });

  it('finds a passage whose spaces differ from the text’s, as the sentence splitter makes them', () => {
    // The page ran two sentences together; the splitter put a space between them.
    const main = 'Intro\nSee the manual.Then run it.\nSetup\nAfter.';
    const headings: StoredHeading[] = [
      { level: 2, text: 'Intro', anchor: 'intro', line: 0 },
      { level: 2, text: 'Setup', anchor: 'setup', line: 2 },
    ];
    const passages = ['Intro See the manual. Then run it.', 'Setup After.'];
    assert.equal(passageOffset(main, passages.slice(0, 1)), 0);
    assert.equal(passageOffset(main, passages), main.indexOf('Setup'));
    assert.deepEqual(passageSection({ main_text: main, headings, passages }), {
      heading: 'Setup',
      anchor: 'setup',
    });
  });

  it('passes over a heading without an anchor (an admonition), to the section it interrupts', () => {
    // "Caution" is an h4 box inside 4.1.1: the passage after it is in 4.1.1, and the link and its words agree.
    assert.deepEqual(sectionOf(4), { heading: '4.1.1. Identifiers', anchor: 'SQL-SYNTAX-IDENTIFIERS' });
    assert.deepEqual(
      passageSection({
        main_text: 'Intro\nNotes\nText.',
        headings: [
          { level: 1, text: 'Intro', line: 0 },
          { level: 2, text: 'Notes', line: 1 },
        ],
        passages: ['Intro Notes', 'Text.'],
      }),
      { heading: 'Notes', anchor: null },
      'no anchor anywhere: the nearest heading, no link',
    );
  });

  it('has no section when the text no longer holds the passage, or no heading precedes it', () => {
    assert.equal(
      passageSection({ main_text: MAIN, headings: HEADINGS, passages: ['Text that changed.'] }),
      null,
    );
    assert.equal(
      passageSection({
        main_text: 'Intro.\nTitle\nBody.',
        headings: [{ level: 2, text: 'Title', line: 1 }],
        passages: ['Intro.'],
      }),
      null,
    );
    // A page crawled before lines were recorded.
    assert.equal(
      passageSection({
        main_text: MAIN,
        headings: HEADINGS.map(({ level, text }) => ({ level, text })),
        passages: PASSAGES.slice(0, 1),
      }),
      null,
    );
  });
});

describe('sectionUrl', () => {
  it('puts the anchor in the fragment, encoded as a URL needs', () => {
    assert.equal(
      sectionUrl('https://docs.test/a.html', 'sect.apt-get'),
      'https://docs.test/a.html#sect.apt-get',
    );
    assert.equal(sectionUrl('https://docs.test/a.html', 'a b'), 'https://docs.test/a.html#a%20b');
    assert.equal(sectionUrl('https://docs.test/a.html', null), 'https://docs.test/a.html');
  });
});
