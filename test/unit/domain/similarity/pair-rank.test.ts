/**
 * The order of what to act on (pair-rank.ts): duplicates, then merges, then pairs a canonical already settles,
 * then related pairs ranked for linking — a pair whose pages already link each other from their text is worth
 * nothing more, however high its score, and one with traffic comes before one without.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { linkGap, pairRank, type RankInput } from '../../../../server/domain/similarity/pair-rank.js';

const ctx = { relatedFloor: 0.6, maxClicks: 1000 };
const pair = (o: Partial<RankInput>): RankInput => ({
  outcome: 'related',
  reranker: 0.7,
  jaccard: 0.1,
  links: { a_to_b: null, b_to_a: null },
  clicks: null,
  settled: false,
  ...o,
});

describe('pair rank', () => {
  it('puts duplicates before merges, merges before settled ones, and those before any related pair', () => {
    const ranks = [
      pairRank(pair({ outcome: 'duplicate', reranker: 0.5, jaccard: 0.92 }), ctx),
      pairRank(pair({ outcome: 'merge', reranker: 0.81 }), ctx),
      pairRank(pair({ outcome: 'duplicate', reranker: 1, jaccard: 1, settled: true }), ctx),
      pairRank(pair({ reranker: 1, clicks: 1000 }), ctx),
    ];
    assert.deepEqual(
      ranks.map((r) => Math.floor(r)),
      [3, 2, 1, 0],
    );
  });

  it('ranks a related pair by the link still missing: none, navigation only, from the text', () => {
    const gap = (a: RankInput['links']['a_to_b'], b: RankInput['links']['b_to_a']) =>
      linkGap({ a_to_b: a, b_to_a: b });
    assert.equal(gap(null, null), 1);
    assert.equal(gap('navigation', 'navigation'), 0.5);
    assert.equal(gap('text', null), 0.5);
    assert.equal(gap('text', 'text'), 0);
    const linked = pairRank(pair({ reranker: 1, links: { a_to_b: 'text', b_to_a: 'text' } }), ctx);
    const unlinked = pairRank(pair({ reranker: 0.65 }), ctx);
    assert.equal(linked, 0, 'two pages that link each other from their text need nothing');
    assert.ok(unlinked > 0);
  });

  it('puts a more specific overlap first, and pages with traffic before pages without', () => {
    const low = pairRank(pair({ reranker: 0.62 }), ctx);
    const high = pairRank(pair({ reranker: 0.78 }), ctx);
    const busy = pairRank(pair({ reranker: 0.62, clicks: 800 }), ctx);
    assert.ok(high > low);
    assert.ok(busy > low);
    for (const r of [low, high, busy]) assert.ok(r >= 0 && r < 1, `${r}`);
  });
});
