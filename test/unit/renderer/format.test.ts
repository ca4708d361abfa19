/** The renderer's count wording: the views say "1 target", never "1 targets". */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fmtCount } from '../../../renderer/src/format.js';

describe('fmtCount', () => {
  it('uses the singular only at exactly 1', () => {
    assert.equal(fmtCount(1, 'target'), '1 target');
    assert.equal(fmtCount(0, 'target'), '0 targets');
    assert.equal(fmtCount(2, 'page'), '2 pages');
  });

  it('takes an irregular plural and groups thousands as the other figures do', () => {
    assert.equal(fmtCount(1, 'query', 'queries'), '1 query');
    assert.equal(fmtCount(3, 'query', 'queries'), '3 queries');
    assert.equal(fmtCount(2500, 'row'), `${(2500).toLocaleString()} rows`);
  });
});
