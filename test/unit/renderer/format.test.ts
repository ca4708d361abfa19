/** The renderer's count wording: the views say "1 target", never "1 targets". */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fmtCount, fmtShare, siteUrl } from '../../../renderer/src/format.js';

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

describe('fmtShare', () => {
  it('keeps small shares apart and never calls a share that is not zero 0%', () => {
    assert.equal(fmtShare(0), '0%');
    assert.equal(fmtShare(0.0004), '<0.1%');
    assert.equal(fmtShare(0.028), '2.8%');
    assert.equal(fmtShare(0.333), '33%');
    assert.equal(fmtShare(1), '100%');
  });
});

describe('siteUrl', () => {
  it('shows a URL on the site by its path, any other whole', () => {
    const origin = 'https://garden.test';
    assert.equal(siteUrl('https://garden.test/blog/?p=2', origin), '/blog/?p=2');
    assert.equal(siteUrl('https://cdn.example/img.png', origin), 'https://cdn.example/img.png');
    assert.equal(siteUrl('not a url', origin), 'not a url');
    assert.equal(siteUrl('https://garden.test/a', undefined), 'https://garden.test/a');
  });
});
