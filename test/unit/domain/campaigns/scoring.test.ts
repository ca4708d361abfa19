import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { demand, mix, sumFigures } from '../../../../server/domain/campaigns/scoring.js';

describe('target scores', () => {
  it('mixes parts into [0, 1], rounded to three decimals', () => {
    assert.equal(
      mix([
        [0.6, 0.6],
        [0.5, 0.4],
      ]),
      0.56,
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double(), fc.double({ min: 0, max: 10, noNaN: true })), { maxLength: 5 }),
        (parts) => {
          const s = mix(parts);
          return s >= 0 && s <= 1 && Math.round(s * 1000) / 1000 === s;
        },
      ),
    );
  });

  it('measures demand on a log scale of impressions, and none without data', () => {
    assert.equal(demand(null), 0);
    assert.equal(demand({ impressions: 0 }), 0);
    assert.ok(Math.abs(demand({ impressions: 99 }) - 0.5) < 0.001);
    assert.equal(demand({ impressions: 1_000_000 }), 1);
    assert.ok(demand({ impressions: 10 }) < demand({ impressions: 100 }));
  });

  it('sums figures of several pages with the position weighted by impressions', () => {
    assert.equal(sumFigures([null, null]), null);
    assert.deepEqual(
      sumFigures([
        { clicks: 10, impressions: 100, ctr: 0.1, position: 2 },
        null,
        { clicks: 0, impressions: 300, ctr: 0, position: 10 },
      ]),
      { clicks: 10, impressions: 400, ctr: 0.025, position: 8 },
    );
  });
});
