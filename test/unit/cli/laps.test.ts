/**
 * The demo's timings: every lap runs from the end of the one before and the first from the process's start, so
 * the parts add up to the total a user waited, however long starting took.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Laps } from '../../../server/cli/laps.js';
import { progressLine } from '../../../server/cli/job-watcher.js';

describe('Laps', () => {
  it('counts the first lap from the process start and the total as the sum of the laps', () => {
    const clock = [49_000, 50_400, 58_000];
    const laps = new Laps(() => clock.shift()!);
    laps.lap('starting');
    assert.equal(laps.took('crawl'), ' · 1.4 s');
    laps.lap('stopping');
    assert.equal(laps.total(), '58.0 s');
    assert.equal(laps.parts(), 'starting 49.0 s, crawl 1.4 s, stopping 7.6 s');
  });
});

describe('progressLine', () => {
  it('counts against a total, or shows the message alone before anything is counted', () => {
    assert.equal(
      progressLine({ phase: 'crawling', done: 12, total: 45, message: 'crawling' }, 'URLs'),
      '12/45 URLs · crawling',
    );
    assert.equal(
      progressLine({ phase: 'auditing', done: 0, total: null, message: 'Running the checks' }, 'checks'),
      'Running the checks',
      'no "0 checks"',
    );
    assert.equal(progressLine({ phase: 'x', done: 3, total: null, message: '' }, 'steps'), '3 steps');
  });
});
