/**
 * The query's words in a result's passage (passage-highlight.ts, #37): matched case-insensitively and by a light
 * stem (plural, -ing, -ed, a final e), function words never marked, offsets into the passage as given.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { highlights, queryStems, stem } from '../../../../server/domain/embeddings/passage-highlight.js';

const marked = (query: string, text: string) =>
  highlights(text, queryStems(query)).map(([s, e]) => text.slice(s, e));

describe('passage highlights', () => {
  it('marks the query’s words whatever their case and inflection', () => {
    assert.deepEqual(
      marked(
        'index a table',
        'Indexes speed up reads. CREATE INDEX builds one; indexing a big TABLE takes time.',
      ),
      ['Indexes', 'INDEX', 'indexing', 'TABLE'],
    );
    assert.deepEqual(marked('stored queries', 'A query is stored; storing queries costs.'), [
      'query',
      'stored',
      'storing',
      'queries',
    ]);
    assert.deepEqual(marked('splitting tomatoes', 'Tomatoes split when watered unevenly.'), [
      'Tomatoes',
      'split',
    ]);
  });

  it('leaves function words unmarked, and marks nothing for a query of them alone', () => {
    assert.deepEqual(marked('how to keep the lock', 'How to keep it: the lock is kept.'), ['keep', 'lock']);
    assert.deepEqual(marked('how to', 'How to do it.'), []);
  });

  it('gives offsets into the passage as sent, across non-ASCII text', () => {
    const text = 'Ünïcode “vacuum” — VACUUM FULL';
    const ranges = highlights(text, queryStems('vacuum'));
    assert.deepEqual(
      ranges.map(([s, e]) => text.slice(s, e)),
      ['vacuum', 'VACUUM'],
    );
    assert.equal(ranges[0]![0], text.indexOf('vacuum'));
  });

  it('stems consistently, not into dictionary words', () => {
    assert.equal(stem('classes'), stem('class'));
    assert.equal(stem('running'), stem('run'));
    assert.equal(stem('analyses'), stem('analyse'));
    assert.notEqual(stem('index'), stem('indent'));
  });
});
