/** Runs are planned in order of length, so a run pads to a near neighbour, and never exceed their caps. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planBatches } from '../../../../server/adapters/embedder/encoder-batches.js';

describe('planBatches', () => {
  const lengths = [40, 12, 256, 13, 40, 200, 12, 90, 91, 250];

  it('orders rows by length and holds every row once', () => {
    const batches = planBatches(lengths, 3, 10_000);
    const rows = batches.flat();
    assert.deepEqual(
      [...rows].sort((a, b) => a - b),
      lengths.map((_, i) => i),
    );
    const inOrder = rows.map((r) => lengths[r]!);
    assert.deepEqual(
      inOrder,
      [...inOrder].sort((a, b) => a - b),
    );
    assert.ok(batches.every((b) => b.length <= 3));
  });

  it('cuts a run before its padded size passes the token cap', () => {
    const batches = planBatches(lengths, 32, 512);
    for (const b of batches) {
      const longest = Math.max(...b.map((r) => lengths[r]!));
      assert.ok(b.length === 1 || b.length * longest <= 512, JSON.stringify(b));
    }
    assert.deepEqual(batches.at(-1), [2]); // 256 tokens: two of those would pass 512
  });

  it('runs one text a run when asked (models whose activation scales span the run)', () => {
    assert.deepEqual(planBatches([5, 3, 4], 1, 10_000), [[1], [2], [0]]);
  });
});
