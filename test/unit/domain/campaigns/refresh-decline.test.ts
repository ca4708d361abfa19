/**
 * When a page on a topic counts as declining for a refresh: its clicks fell by the campaign's share, or its
 * average position (weighted by impressions) worsened by the campaign's number of places, each window with enough
 * impressions for the average to mean something.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { declineFigures } from '../../../../server/domain/campaigns/refresh-source.js';
import { CAMPAIGN_SETTINGS_DEFAULTS } from '../../../../server/schemas/campaigns.js';
import type { GscPageTrend } from '../../../../server/domain/analytics/gsc-queries.js';

const s = CAMPAIGN_SETTINGS_DEFAULTS; // decline_ratio 0.3, min_previous_clicks 10, position_drop 3
const trend = (t: Partial<GscPageTrend>): GscPageTrend => ({
  recent_clicks: 40,
  previous_clicks: 40,
  recent_impressions: 800,
  previous_impressions: 800,
  recent_position: 4,
  previous_position: 4,
  ...t,
});

describe('a declining page', () => {
  it('is one whose clicks fell by the share, counted as that share', () => {
    const f = declineFigures(trend({ recent_clicks: 10 }), s);
    assert.deepEqual(
      [f.declining, f.byClicks, f.byPosition, f.decline, f.share],
      [true, true, false, 0.75, 0.75],
    );
  });

  it('is one whose average position worsened by the places, with steady clicks', () => {
    const f = declineFigures(trend({ recent_position: 11.2, previous_position: 4.1 }), s);
    assert.deepEqual([f.declining, f.byClicks, f.byPosition, f.positionDrop], [true, false, true, 7.1]);
    assert.equal(f.share, 0.71, 'ten places lost count in full');
    assert.equal(declineFigures(trend({ recent_position: 20, previous_position: 2 }), s).share, 1);
  });

  it('is not one whose position held, rose, or fell by fewer places', () => {
    for (const [recent, previous] of [
      [4, 4],
      [2.5, 8],
      [6.9, 4],
    ] as const) {
      const f = declineFigures(trend({ recent_position: recent, previous_position: previous }), s);
      assert.equal(f.declining, false, `${previous} → ${recent}`);
      assert.equal(f.share, 0);
    }
  });

  it('reads no position from a window of few impressions, nor a fall from few clicks', () => {
    const thin = declineFigures(
      trend({ recent_position: 30, previous_position: 3, previous_impressions: 99 }),
      s,
    );
    assert.equal(thin.declining, false);
    assert.equal(thin.positionDrop, 0);
    const few = declineFigures(trend({ previous_clicks: 9, recent_clicks: 0 }), s);
    assert.equal(few.declining, false);
    assert.equal(declineFigures(trend({ recent_position: null }), s).declining, false);
  });

  it('follows the campaign’s own thresholds', () => {
    const t = trend({ recent_position: 6, previous_position: 4 });
    assert.equal(declineFigures(t, s).declining, false);
    assert.equal(declineFigures(t, { ...s, position_drop: 2 }).declining, true);
  });
});
