/** A campaign action's result in words, as the campaign page shows it when the action finishes. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { actionSummary } from '../../../renderer/src/views/campaign-action-summary.js';

const byKind = { new_content: 10, refresh: 0, merge: 2, internal_link: 1 };

describe('actionSummary', () => {
  it('says what an expand proposed, by kind, and what it left out', () => {
    assert.equal(
      actionSummary('expand', { added: 13, candidates: 165, duplicates: 3, by_kind: byKind }),
      '13 targets proposed (10 new content, 2 merge, 1 internal link) from 165 candidates, 3 duplicates left out.',
    );
    assert.equal(
      actionSummary('expand', { added: 0, candidates: 1, duplicates: 0, by_kind: {} }),
      '0 targets proposed from 1 candidate.',
    );
  });

  it('says what a rebuild replaced and kept', () => {
    assert.equal(
      actionSummary('rebuild', {
        removed: 12,
        added: 13,
        kept: 1,
        candidates: 40,
        duplicates: 1,
        by_kind: byKind,
      }),
      '12 proposed targets replaced by 13 (10 new content, 2 merge, 1 internal link) from 40 candidates, ' +
        '1 duplicate left out; 1 decided or manual target kept.',
    );
  });

  it('says how many targets a refresh rescored and how many lost their page', () => {
    assert.equal(actionSummary('refresh', { rescored: 1, stale: 0 }), '1 target rescored from current data.');
    assert.equal(
      actionSummary('refresh', { rescored: 25, stale: 2 }),
      '25 targets rescored from current data (2 of them about a page that is gone).',
    );
  });

  it('says nothing without a result', () => {
    assert.equal(actionSummary('rebuild', null), '');
  });
});
