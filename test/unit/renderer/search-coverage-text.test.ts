/** The line a search answer gets while the site is being embedded, in the words the Search view shows. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { coverageText } from '../../../renderer/src/views/search-coverage-text.js';

const embedding = { pages: 1169, embed_job_ids: [12], complete: false };

describe('coverageText', () => {
  it('says how many pages are searchable so far and when the results will be full', () => {
    assert.equal(
      coverageText({ ...embedding, searchable_pages: 412, passages_pending: 412, eta_seconds: 170 }),
      '412 of 1,169 pages searchable so far; full results in about 3 min.',
    );
    assert.equal(
      coverageText({ ...embedding, searchable_pages: 1169, passages_pending: 757, eta_seconds: 40 }),
      '1,169 pages searchable, 757 of them by their title and opening lines only so far; full results in about 40 s.',
    );
    assert.equal(
      coverageText({ ...embedding, searchable_pages: 1169, passages_pending: 1169, eta_seconds: null }),
      '1,169 pages searchable, by their title and opening lines only so far; full results when the embedding has finished.',
    );
  });

  it('says what to do when the embedding stopped, or has not happened', () => {
    const idle = { pages: 1169, embed_job_ids: [], eta_seconds: null };
    assert.match(
      coverageText({ ...idle, searchable_pages: 1169, passages_pending: 30, complete: false })!,
      /^30 of 1,169 pages are searchable by their title and opening lines only: .* Rebuild the embeddings/,
    );
    assert.match(
      coverageText({ ...idle, searchable_pages: 0, passages_pending: 0, complete: true })!,
      /^None of the 1,169 pages is embedded yet/,
    );
  });

  it('says nothing when the results cover the site', () => {
    const full = { pages: 1169, embed_job_ids: [], eta_seconds: null, passages_pending: 0, complete: true };
    assert.equal(coverageText({ ...full, searchable_pages: 1169 }), null);
    // Pages with no title and no text never get a vector: nothing is coming, nothing to say.
    assert.equal(coverageText({ ...full, searchable_pages: 1160 }), null);
  });
});
