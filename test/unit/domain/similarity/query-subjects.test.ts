/**
 * Shared Search Console queries as a pair's subject (query-subjects.ts): the overlap of two pages' impressions
 * over queries, with queries many pages rank for counting for little, and pages with too few impressions no
 * evidence at all.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { QuerySubjects, type PageQueryRow } from '../../../../server/domain/similarity/query-subjects.js';

const rows = (page: number, queries: Record<string, number>): PageQueryRow[] =>
  Object.entries(queries).map(([query, impressions]) => ({ url_id: page, query, impressions }));

describe('query subjects', () => {
  it('reads two pages shown for the same searches as one subject, whatever else they rank for', () => {
    const q = new QuerySubjects([
      ...rows(1, { 'prune roses': 300, 'when to cut back roses': 100, 'rose pruning tools': 100 }),
      ...rows(2, { 'prune roses': 200, 'when to cut back roses': 150, 'climbing roses': 50 }),
      ...rows(3, { 'lawn seed for shade': 400 }),
    ]);
    // min(0.6, 0.5) + min(0.2, 0.375) = 0.7 of the two spreads in common.
    assert.ok(Math.abs(q.agreement(1, 2) - 0.7) < 1e-9, String(q.agreement(1, 2)));
    assert.equal(q.agreement(2, 1), q.agreement(1, 2), 'symmetric');
    assert.equal(q.agreement(1, 3), 0);
    assert.equal(q.agreement(1, 99), 0, 'a page without data is no evidence');
  });

  it('counts a query many pages rank for in proportion to how specific it is', () => {
    const brand = Object.fromEntries([...Array(10).keys()].map((i) => [i + 10, 'northwind garden'] as const));
    const q = new QuerySubjects([
      ...rows(1, { 'northwind garden': 90, 'prune roses': 10 }),
      ...rows(2, { 'northwind garden': 90, 'lawn seed': 10 }),
      ...Object.entries(brand).map(([id, query]) => ({ url_id: Number(id), query, impressions: 50 })),
    ]);
    // 0.9 shared, but through a query twelve pages rank for: 0.9 / 11.
    assert.ok(q.agreement(1, 2) < 0.1, String(q.agreement(1, 2)));
  });

  it('is not diluted by pages Search Console lists once at the bottom of a query', () => {
    const q = new QuerySubjects([
      ...rows(1, { 'prune roses': 400 }),
      ...rows(2, { 'prune roses': 300 }),
      ...[3, 4, 5].flatMap((id) => rows(id, { 'prune roses': 1 })),
    ]);
    assert.equal(q.agreement(1, 2), 1);
  });

  it('needs enough impressions on both pages to say anything', () => {
    const q = new QuerySubjects([...rows(1, { 'prune roses': 3 }), ...rows(2, { 'prune roses': 500 })]);
    assert.equal(q.agreement(1, 2), 0);
    assert.equal(new QuerySubjects([]).empty, true);
  });
});
