import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  asTitle,
  gscPhrase,
  listOf,
  num,
  pageName,
  pageSubject,
  plural,
} from '../../../../server/domain/campaigns/wording.js';

describe('rationale wording', () => {
  it('names a page by its heading, then its title, then its path', () => {
    const url = 'https://garden.test/blog/roses/';
    assert.equal(
      pageName({ h1: 'Pruning Roses', title: 'Pruning Roses | Northwind', url }),
      '“Pruning Roses”',
    );
    assert.equal(
      pageName({ h1: '  ', title: 'Pruning Roses | Northwind', url }),
      '“Pruning Roses | Northwind”',
    );
    assert.equal(pageName({ title: null, url }), '/blog/roses/');
  });

  it('gives a page’s subject as its name without the quotes', () => {
    const url = 'https://garden.test/blog/roses/';
    assert.equal(
      pageSubject({ h1: ' Pruning Roses ', title: 'Pruning Roses | Northwind', url }),
      'Pruning Roses',
    );
    assert.equal(
      pageSubject({ h1: null, title: 'Pruning Roses | Northwind', url }),
      'Pruning Roses | Northwind',
    );
    assert.equal(pageSubject({ title: null, url }), '/blog/roses/');
  });

  it('lists in plain English and says how many more there are', () => {
    assert.equal(listOf([]), '');
    assert.equal(listOf(['A']), 'A');
    assert.equal(listOf(['A', 'B']), 'A and B');
    assert.equal(listOf(['A', 'B', 'C']), 'A, B and C');
    assert.equal(listOf(['A', 'B', 'C', 'D', 'E']), 'A, B, C and 2 more');
  });

  it('formats numbers the same on every machine', () => {
    assert.equal(num(1234567), '1,234,567');
    assert.equal(num(38), '38');
    assert.equal(num(4.25), '4.3');
    assert.equal(num(-1200), '−1,200');
    assert.equal(plural(1, 'click'), '1 click');
    assert.equal(plural(4760, 'impression'), '4,760 impressions');
    assert.equal(
      gscPhrase({ clicks: 56, impressions: 4760, ctr: 0.01, position: 38 }),
      '56 clicks from 4,760 impressions, average position 38',
    );
  });

  it('turns a topic into a title without changing its words', () => {
    assert.equal(asTitle('  growing   avocados indoors '), 'Growing avocados indoors');
    assert.equal(asTitle('iPhone garden apps'), 'IPhone garden apps');
  });
});
