import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  FREE_RUN,
  MAX_DEEP_PER_SHAPE,
  MAX_RUN,
  MAX_URL_LENGTH,
  TrapGuard,
} from '../../../../server/domain/crawl/trap-guard.js';

const O = 'https://example.com';

describe('TrapGuard', () => {
  it('refuses over-long URLs', () => {
    const g = new TrapGuard();
    const path = '/search?q=' + 'x'.repeat(MAX_URL_LENGTH);
    assert.equal(g.check(O + path, 1), 'url_too_long');
    assert.equal(g.check(O + '/search?q=short', 1), null);
  });

  it('refuses a path that repeats a segment a third time, but not repeated numbers', () => {
    const g = new TrapGuard();
    assert.equal(g.check(`${O}/trap/more/more/`, 3), null);
    assert.equal(g.check(`${O}/trap/more/more/more/`, 4), 'repeated_segment');
    assert.equal(g.check(`${O}/a/b/a/b/a/`, 4), 'repeated_segment');
    assert.equal(g.check(`${O}/archive/2020/10/10/10/`, 4), null);
    // The query is not a path.
    assert.equal(g.check(`${O}/x?a=more/more/more`, 4), null);
  });

  it('stops a calendar that links the next month for ever', () => {
    const g = new TrapGuard();
    let last = 0;
    for (let i = 0; i < 200; i++) {
      const year = 2024 + Math.floor(i / 12);
      const month = (i % 12) + 1;
      if (g.check(`${O}/calendar/${year}/${String(month).padStart(2, '0')}`, 1 + i) !== null) break;
      last = i;
    }
    assert.equal(last, MAX_RUN);
  });

  it('caps URLs of one shape deep below its first, and leaves shallow ones alone', () => {
    const g = new TrapGuard();
    assert.equal(g.check(`${O}/product/1`, 2), null);
    for (let i = 2; i < 5000; i++) assert.equal(g.check(`${O}/product/${i}`, 2 + (i % FREE_RUN)), null);
    let allowed = 0;
    for (let i = 0; i < MAX_DEEP_PER_SHAPE + 50; i++)
      if (g.check(`${O}/product/x${i}y`, 2 + FREE_RUN + 1) === null) allowed++;
    // A different shape (the `x`), so its own budget; the original shape still has all of its deep budget.
    assert.equal(allowed, MAX_DEEP_PER_SHAPE + 50);
    let deep = 0;
    for (let i = 0; i < MAX_DEEP_PER_SHAPE + 50; i++)
      if (g.check(`${O}/product/${i}`, 2 + FREE_RUN + 1) === null) deep++;
    assert.equal(deep, MAX_DEEP_PER_SHAPE);
  });

  it('measures from the shallowest URL of a shape, and ignores sitemap URLs and URLs without digits', () => {
    const g = new TrapGuard();
    assert.equal(g.check(`${O}/blog/page/9/`, 40), null);
    assert.equal(g.check(`${O}/blog/page/2/`, 1), null);
    assert.equal(g.check(`${O}/blog/page/99/`, 1 + MAX_RUN + 1), 'number_run');
    assert.equal(g.check(`${O}/blog/page/98/`, null), null);
    for (let d = 1; d < 300; d++) assert.equal(g.check(`${O}/deep/path/${'x'.repeat(d % 50)}`, d), null);
  });
});
