/** Clusters over duplicate and merge pairs: communities, their label, and the page to keep with why. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildClusters } from '../../../../server/domain/similarity/clusters.js';
import { groupPageToKeep, type KeepCandidate } from '../../../../server/domain/similarity/page-to-keep.js';

const titles = new Map([
  [1, 'Pruning roses in winter'],
  [2, 'How to prune roses'],
  [3, 'Rose pruning guide'],
  [10, 'Composting at home'],
  [11, 'Composting for beginners'],
]);
const candidates = new Map<number, KeepCandidate>(
  (
    [
      [1, '/roses/winter', 5, 10],
      [2, '/roses/how-to', 5, 40],
      [3, '/roses/guide', 2, 900],
      [10, '/compost/home', 1, 0],
      [11, '/compost/beginners', 3, 0],
    ] as const
  ).map(([id, url, inlinks, clicks]) => [
    id,
    { id, url: `https://garden.test${url}`, inlinks, clicks, indexable: true, canonical: null },
  ]),
);
const pairs = [
  { page_a: 1, page_b: 2, reranker: 0.9 },
  { page_a: 1, page_b: 3, reranker: 0.85 },
  { page_a: 2, page_b: 3, reranker: 0.88 },
  { page_a: 10, page_b: 11, reranker: 0.95 },
];
const keep = (members: number[]) =>
  groupPageToKeep(
    members.map((id) => candidates.get(id)!),
    () => null,
  );

describe('buildClusters', () => {
  it('groups connected pages and labels each group by the title words they share', () => {
    const clusters = buildClusters({ pairs, titles, keep });
    assert.deepEqual(
      clusters.map((c) => c.pages.map(([id]) => id).sort((a, b) => a - b)),
      [
        [1, 2, 3],
        [10, 11],
      ],
    );
    assert.match(clusters[1]!.label, /composting/i);
  });

  it('names the page to keep of each cluster, with the reason it beat the strongest other member', () => {
    const [roses, compost] = buildClusters({ pairs, titles, keep });
    // 1 and 2 tie on inlinks (5 each, more than 3's 2); 2 has more clicks than 1.
    assert.equal(roses!.representative_page, 2);
    assert.equal(roses!.representative_reason, 'clicks');
    assert.match(roses!.representative_detail, /40 Search Console clicks, .*\/roses\/winter 10/);
    assert.equal(compost!.representative_page, 11);
    assert.equal(compost!.representative_reason, 'inlinks');
  });
});
