/** Splitting a sync's date range into weeks: exact weeks, a short last week, and the ends of the calendar. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dateChunks } from '../../../../server/domain/analytics/gsc-sync.js';

describe('dateChunks', () => {
  it('cuts a range into weeks, the last one ending on date_to', () => {
    assert.deepEqual(dateChunks('2026-02-01', '2026-02-17'), [
      ['2026-02-01', '2026-02-07'],
      ['2026-02-08', '2026-02-14'],
      ['2026-02-15', '2026-02-17'],
    ]);
    assert.deepEqual(dateChunks('2026-02-01', '2026-02-14').at(-1), ['2026-02-08', '2026-02-14']);
  });

  it('gives one single-day chunk when date_from is date_to', () => {
    assert.deepEqual(dateChunks('2026-03-29', '2026-03-29'), [['2026-03-29', '2026-03-29']]);
  });

  it('crosses month, leap-day and year ends without gaps or overlaps', () => {
    const chunks = dateChunks('2023-12-20', '2024-03-05');
    assert.deepEqual(chunks[1], ['2023-12-27', '2024-01-02']);
    assert.deepEqual(chunks.at(-1), ['2024-02-28', '2024-03-05'], 'the leap day is inside the last week');
    for (let i = 1; i < chunks.length; i++) {
      const gap = Date.parse(chunks[i]![0]) - Date.parse(chunks[i - 1]![1]);
      assert.equal(gap, 86_400_000, `week ${i} starts the day after week ${i - 1} ends`);
    }
  });

  it('ends when the range ends in the last week of year 9999 instead of looping forever', () => {
    assert.deepEqual(dateChunks('9999-12-20', '9999-12-31'), [
      ['9999-12-20', '9999-12-26'],
      ['9999-12-27', '9999-12-31'],
    ]);
    assert.deepEqual(dateChunks('9999-12-30', '9999-12-31'), [['9999-12-30', '9999-12-31']]);
  });

  it('gives nothing for a reversed range and refuses what is not a date', () => {
    assert.deepEqual(dateChunks('2026-03-05', '2026-03-01'), []);
    assert.throws(() => dateChunks('2026-03-05', 'someday'), RangeError);
  });
});
