/**
 * A schedule's times that fall in a daylight-saving gap are named, with what croner does instead: skipped (the
 * review's `*\/15 2 14 3 *` in America/New_York loses 2027 and next runs in 2028) or moved to the end of the gap;
 * an hourly schedule that only loses the hour that does not exist, and zones or times without a gap, say nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nextRunAfter } from '../../../../server/domain/schedule/crawl-schedule.js';
import { dstGapWarnings, scheduleWarnings } from '../../../../server/domain/schedule/dst-gaps.js';

const NOW = new Date('2026-11-28T10:00:00.000Z');
const NY = 'America/New_York';

describe('daylight-saving gaps in a schedule', () => {
  it('names the year a yearly schedule skips, and when it next runs', () => {
    // What the warning is about: croner's next run after 2026 is in 2028.
    assert.equal(nextRunAfter('*/15 2 14 3 *', NOW, NY)?.toISOString(), '2028-03-14T06:00:00.000Z');
    const [warning, ...rest] = dstGapWarnings('*/15 2 14 3 *', NOW, NY);
    assert.deepEqual(rest, []);
    assert.match(warning!, /^On 2027-03-14 clocks in America\/New_York go forward from 02:00 to 03:00/);
    assert.match(warning!, /02:00, 02:15, 02:30 and 02:45 do not exist that day/);
    assert.match(warning!, /skipped, and the next is 2028-03-14 02:00\.$/);
  });

  it('says a daily time in the gap moves to its end, every year, counting the dates past the third', () => {
    const warnings = dstGapWarnings('30 2 * * *', NOW, NY);
    assert.equal(warnings.length, 4);
    assert.match(
      warnings[0]!,
      /On 2027-03-14 .* 02:30 does not exist that day: one crawl runs at 03:00 instead\./,
    );
    assert.match(warnings[1]!, /^On 2028-03-12 /);
    assert.match(warnings[2]!, /^On 2029-03-11 /);
    assert.match(warnings[3]!, /^The same happens on 1 more date up to 2030-03-10\.$/);
  });

  it('finds gaps in other zones and hemispheres, and half-hour changes', () => {
    assert.match(dstGapWarnings('30 2 * 3 0', NOW, 'Europe/Paris')[0]!, /^On 2027-03-28 .*Europe\/Paris/);
    // Sydney goes forward on the first Sunday of October.
    assert.match(dstGapWarnings('15 2 * 10 0', NOW, 'Australia/Sydney')[0]!, /^On 2027-10-03 /);
    // Lord Howe Island goes forward half an hour, 02:00 → 02:30: 02:15 is lost, 02:30 is not.
    assert.match(dstGapWarnings('15 2 * 10 0', NOW, 'Australia/Lord_Howe')[0]!, /02:00 to 02:30/);
    assert.deepEqual(dstGapWarnings('30 2 * 10 0', NOW, 'Australia/Lord_Howe'), []);
  });

  it('says nothing when no time is lost that matters: no gap, no DST, or a day that keeps its crawls', () => {
    assert.deepEqual(dstGapWarnings('0 6 * * 1', NOW, NY), []);
    assert.deepEqual(dstGapWarnings('*/15 2 14 3 *', NOW, 'UTC'), []);
    assert.deepEqual(dstGapWarnings('*/15 2 14 3 *', NOW, 'Asia/Tokyo'), []);
    assert.deepEqual(dstGapWarnings('0 * * * *', NOW, 'Europe/Paris'), []);
    assert.deepEqual(scheduleWarnings(null, NOW, NY), []);
  });
});
