/**
 * `url_repetitive_path`'s rule (url-repetitive-path.ts): a run of segments followed by itself, or one segment
 * three times anywhere, numbers alone not counting.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { repetitivePath } from '../../../../server/domain/audit/url-repetitive-path.js';

describe('repetitive URL paths', () => {
  it('finds a segment that follows itself, with how many times', () => {
    assert.deepEqual(repetitivePath('/shop/shop/'), { segments: ['shop'], times: 2 });
    assert.deepEqual(repetitivePath('/shop/shop/shop/item'), { segments: ['shop'], times: 3 });
    assert.deepEqual(repetitivePath('/advice/guides/guides/watering/'), { segments: ['guides'], times: 2 });
  });

  it('finds a run of segments that follows itself', () => {
    assert.deepEqual(repetitivePath('/a/b/a/b/'), { segments: ['a', 'b'], times: 2 });
    assert.deepEqual(repetitivePath('/x/en/docs/en/docs/en/docs/p.html'), {
      segments: ['en', 'docs'],
      times: 3,
    });
  });

  it('finds one segment three times anywhere', () => {
    assert.deepEqual(repetitivePath('/shop/x/shop/y/shop/'), { segments: ['shop'], times: 3 });
    assert.equal(repetitivePath('/shop/x/shop/'), null);
  });

  it('leaves dates, numbered cells and ordinary paths alone', () => {
    assert.equal(repetitivePath('/2024/01/01/new-year/'), null);
    assert.equal(repetitivePath('/grid/1/1/'), null);
    assert.equal(repetitivePath('/docs/15/sql-select.html'), null);
    assert.equal(repetitivePath('/'), null);
    assert.equal(repetitivePath('/library/os.path.html'), null);
  });

  it('compares segments as written: case differs, so they differ', () => {
    assert.equal(repetitivePath('/Shop/shop/'), null);
  });
});
