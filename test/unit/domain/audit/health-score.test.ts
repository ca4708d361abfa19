/** The health score: 100 with nothing found, compounding penalties by weight and share, mutes and notices free. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { healthScore } from '../../../../server/domain/audit/health-score.js';

type Row = Parameters<typeof healthScore>[0][number];
const row = (over: Partial<Row>): Row => ({
  severity: 'issue',
  priority: 'high',
  share: 0,
  muted: false,
  ...over,
});

describe('healthScore', () => {
  it('is 100 when nothing is found and 50 for a high-priority issue on every URL', () => {
    assert.equal(healthScore([]), 100);
    assert.equal(healthScore([row({ share: 0 })]), 100);
    assert.equal(healthScore([row({ share: 1 })]), 50);
    assert.equal(healthScore([row({ share: 0.1 })]), 95);
  });

  it('compounds checks instead of adding them up past zero', () => {
    const all = Array.from({ length: 10 }, () => row({ share: 1 }));
    assert.equal(healthScore(all), 0);
    assert.equal(healthScore([row({ share: 1 }), row({ share: 1 })]), 25);
  });

  it('leaves out muted checks and notices', () => {
    assert.equal(healthScore([row({ share: 1, muted: true })]), 100);
    assert.equal(healthScore([row({ share: 1, severity: 'notice', priority: 'low' })]), 100);
    assert.equal(healthScore([row({ share: 1, severity: 'warning', priority: 'medium' })]), 85);
  });
});
