/**
 * The Pages view's extraction filters and columns as the address holds them: each condition becomes the API's
 * own query key, reads back in words, and the rules a list is filtered or sorted by are always shown as columns.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Extractor } from '../../../renderer/src/api/types.js';
import {
  conditionsFor,
  describeFilter,
  extractFiltersFrom,
  queryOf,
  shownRules,
} from '../../../renderer/src/views/extraction-query.js';
import { EXTRACT_FILTER, EXTRACT_SORT } from '../../../server/schemas/pages.js';

let nextId = 1;
const rule = (name: string, kind: Extractor['kind'] = 'css', take = 'text'): Extractor => ({
  id: nextId++,
  site_id: 1,
  name,
  kind,
  selector: '.x',
  take,
  all: false,
  source: 'html',
  needs_recrawl: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const price = rule('price');
const sku = rule('sku');
const gtag = rule('has_gtag', 'contains');
const inStock = rule('in_stock', 'css', 'exists');
const more = ['a', 'b', 'c', 'd', 'e'].map((n) => rule(n));
const rules = [price, sku, gtag, inStock, ...more];

describe('extraction filters in the address', () => {
  it('offers yes / no for search and exists rules, text conditions for the rest', () => {
    assert.deepEqual(conditionsFor(gtag), ['yes', 'no']);
    assert.deepEqual(conditionsFor(inStock), ['yes', 'no']);
    assert.deepEqual(conditionsFor(price), ['contains', 'equals', 'exists', 'missing']);
  });

  it('spells each condition as the API’s query key, and reads it back in words', () => {
    const cases: [ReturnType<typeof queryOf>, string][] = [
      [queryOf('price', 'contains', '12'), 'price contains “12”'],
      [queryOf('price', 'equals', '€24.99'), 'price equals “€24.99”'],
      [queryOf('price', 'exists', ''), 'price has a value'],
      [queryOf('price', 'missing', ''), 'price has no value'],
      [queryOf('has_gtag', 'yes', ''), 'has_gtag is yes'],
      [queryOf('has_gtag', 'no', ''), 'has_gtag is no'],
    ];
    for (const [[key, value], words] of cases) {
      assert.match(key, EXTRACT_FILTER, `${key} is a filter the server takes`);
      assert.equal(describeFilter(key, value, rules), words);
    }
    assert.deepEqual(queryOf('has_gtag', 'no', ''), ['extract.has_gtag', 'false']);
    assert.deepEqual(queryOf('price', 'missing', ''), ['extract.price.exists', 'false']);
  });

  it('passes only the extraction filters on, with a value', () => {
    const params = new URLSearchParams(
      'q=blog&extract.price.contains=12&extract.has_gtag=false&extract.sku=',
    );
    assert.deepEqual(extractFiltersFrom(params), {
      'extract.price.contains': '12',
      'extract.has_gtag': 'false',
    });
  });
});

describe('extraction columns in the address', () => {
  const names = (query: string) => shownRules(new URLSearchParams(query), rules).map((r) => r.name);

  it('shows the first six rules until the analyst picks, in the rules’ order', () => {
    assert.deepEqual(names(''), ['price', 'sku', 'has_gtag', 'in_stock', 'a', 'b']);
    assert.deepEqual(names('cols=sku,price'), ['price', 'sku']);
    assert.deepEqual(names('cols=%2C'), []);
  });

  it('always shows the rules the list is filtered or sorted by', () => {
    assert.match('-extract.e', EXTRACT_SORT);
    assert.deepEqual(names('cols=%2C&sort=-extract.e'), ['e']);
    assert.deepEqual(names('cols=sku&extract.d.exists=true&extract.has_gtag=true'), ['sku', 'has_gtag', 'd']);
    assert.deepEqual(names('cols=%2C&sort=-inlinks'), [], 'a built-in sort adds no column');
  });
});
