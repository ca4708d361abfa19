/** Clusters over duplicate and merge pairs: communities, their label, and the page suggested as canonical. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildClusters } from '../../../../server/domain/similarity/clusters.js';

const pages = new Map([
  [1, { title: 'Pruning roses in winter', inlinks: 5, clicks: 10 }],
  [2, { title: 'How to prune roses', inlinks: 5, clicks: 40 }],
  [3, { title: 'Rose pruning guide', inlinks: 2, clicks: 900 }],
  [10, { title: 'Composting at home', inlinks: 1, clicks: 0 }],
  [11, { title: 'Composting for beginners', inlinks: 3, clicks: 0 }],
]);
const pairs = [
  { page_a: 1, page_b: 2, reranker: 0.9 },
  { page_a: 1, page_b: 3, reranker: 0.85 },
  { page_a: 2, page_b: 3, reranker: 0.88 },
  { page_a: 10, page_b: 11, reranker: 0.95 },
];

describe('buildClusters', () => {
  it('groups connected pages and labels each group by the title words they share', () => {
    const clusters = buildClusters({ pairs, pages });
    assert.deepEqual(
      clusters.map((c) => c.pages.map(([id]) => id).sort((a, b) => a - b)),
      [
        [1, 2, 3],
        [10, 11],
      ],
    );
    assert.match(clusters[1]!.label, /composting/i);
  });

  it('suggests the page with most inlinks, then most Search Console clicks, as the one to keep', () => {
    const [roses, compost] = buildClusters({ pairs, pages });
    assert.equal(
      roses!.representative_page,
      2,
      'ties on inlinks go to clicks; 900 clicks do not beat inlinks',
    );
    assert.equal(compost!.representative_page, 11);
  });
});
