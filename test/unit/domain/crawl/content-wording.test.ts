/**
 * The words that say a page is unfinished or empty (content-wording.ts): placeholder phrases in the title,
 * description and main text, and "0 products found" / "no longer available" in a short main text only.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentWording, EMPTY_MAX_WORDS } from '../../../../server/domain/crawl/content-wording.js';

describe('content wording', () => {
  it('finds placeholder phrases where they are, once each, across line breaks and case', () => {
    const c = contentWording(
      'Lorem Ipsum | Shop',
      'Your text here',
      'Intro.\nLorem ipsum dolor\nsit amet, consectetur adipiscing elit. Lorem ipsum again.',
      12,
    );
    assert.deepEqual(c.placeholder, [
      { phrase: 'lorem ipsum', where: 'title' },
      { phrase: 'your text here', where: 'meta_description' },
      { phrase: 'dolor sit amet', where: 'main_text' },
      { phrase: 'consectetur adipiscing elit', where: 'main_text' },
    ]);
  });

  it('does not read placeholder words inside other words or ordinary text', () => {
    assert.deepEqual(
      contentWording('Placeholders in SQL', null, 'Use $1 as a placeholder. Dolorous text.', 8),
      {},
    );
  });

  it('reads a short page saying it has nothing to show', () => {
    assert.equal(
      contentWording('Chillies', null, 'Chillies\n0 products found in Chillies.', 6).empty_wording,
      '0 products found',
    );
    assert.equal(
      contentWording('Fern', null, 'Sorry, this product is no longer available.', 7).empty_wording,
      'this product is no longer available',
    );
    assert.equal(
      contentWording('Search', null, 'No results found for “fern”.', 5).empty_wording,
      'No results found',
    );
  });

  it('leaves alone a long page quoting the words, and a manual saying a query returns no results', () => {
    const long = `${'word '.repeat(EMPTY_MAX_WORDS)} 0 products found`;
    assert.equal(contentWording('T', null, long, EMPTY_MAX_WORDS + 3).empty_wording, undefined);
    assert.equal(
      contentWording('T', null, 'The query returns no results when the table is empty.', 10).empty_wording,
      undefined,
    );
  });
});
