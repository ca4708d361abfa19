/**
 * The schedule rules as pure functions of a clock reading: the next run, daylight-saving changes (croner's, in a
 * pinned zone so the test does not depend on the machine's), the missed-run decision (nothing, one crawl however
 * many times passed, none when `run_missed` is off) and the bookkeeping of when a schedule was set.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  decideRun,
  latestOf,
  latestRunBetween,
  nextCrawlAt,
  nextRunAfter,
  withScheduleSince,
} from '../../../../server/domain/schedule/crawl-schedule.js';
import { cronOf, cronProblem, CronExpression } from '../../../../server/schemas/cron.js';
import { CrawlSettingsOverride, CrawlSettingsPatch } from '../../../../server/schemas/sites.js';

const BERLIN = 'Europe/Berlin';
const at = (iso: string) => new Date(iso);
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe('next run', () => {
  it('is the first scheduled time strictly after the given one', () => {
    // Wednesday 2030-01-09 12:00 UTC → Monday 2030-01-14 06:00.
    assert.equal(
      nextRunAfter('0 6 * * 1', at('2030-01-09T12:00:00Z'), 'UTC')?.toISOString(),
      '2030-01-14T06:00:00.000Z',
    );
    // Exactly at a scheduled time, the next is the one after it.
    assert.equal(
      nextRunAfter('0 6 * * 1', at('2030-01-14T06:00:00Z'), 'UTC')?.toISOString(),
      '2030-01-21T06:00:00.000Z',
    );
    assert.equal(
      nextRunAfter('*/15 * * * *', at('2030-01-09T12:07:30Z'), 'UTC')?.toISOString(),
      '2030-01-09T12:15:00.000Z',
    );
  });

  it('keeps local wall-clock time across daylight-saving changes', () => {
    // Mondays 06:00 in Berlin: 05:00 UTC in winter, 04:00 UTC after the clocks go forward on 2025-03-30.
    const runs = cronOf('0 6 * * 1', BERLIN).nextRuns(2, at('2025-03-20T00:00:00Z'));
    assert.deepEqual(
      runs.map((d) => d.toISOString()),
      ['2025-03-24T05:00:00.000Z', '2025-03-31T04:00:00.000Z'],
    );
  });

  it('runs a time that does not exist on the spring-forward day once, and a repeated one once', () => {
    // 02:30 does not exist in Berlin on 2025-03-30 (02:00 → 03:00): the crawl still happens that day, once.
    const spring = cronOf('30 2 * * *', BERLIN).nextRuns(3, at('2025-03-29T00:00:00Z'));
    assert.equal(spring.length, 3);
    assert.deepEqual(
      spring.map((d) => d.toISOString().slice(0, 10)),
      ['2025-03-29', '2025-03-30', '2025-03-31'],
    );
    // 02:30 happens twice on 2025-10-26 (03:00 → 02:00): one crawl that night, not two.
    const autumn = cronOf('30 2 * * *', BERLIN).nextRuns(3, at('2025-10-25T00:00:00Z'));
    assert.deepEqual(
      autumn.map((d) => d.toISOString().slice(0, 10)),
      ['2025-10-25', '2025-10-26', '2025-10-27'],
    );
  });

  it('is what a site shows as next_crawl_at, and null without a schedule', () => {
    assert.equal(nextCrawlAt(null, at('2030-01-09T12:07:00Z')), null);
    assert.equal(nextCrawlAt('*/15 * * * *', at('2030-01-09T12:07:00Z')), '2030-01-09T12:15:00.000Z');
  });
});

describe('the latest time that passed', () => {
  it('counts a time exactly at now, and none at or before the anchor', () => {
    const e = '*/15 * * * *';
    assert.equal(
      latestRunBetween(e, at('2030-01-09T12:00:00Z'), at('2030-01-09T12:15:00Z'), 'UTC')?.toISOString(),
      '2030-01-09T12:15:00.000Z',
    );
    assert.equal(latestRunBetween(e, at('2030-01-09T12:15:00Z'), at('2030-01-09T12:29:59Z'), 'UTC'), null);
    assert.equal(
      latestRunBetween(e, at('2030-01-09T12:15:00Z'), at('2030-01-09T12:44:00Z'), 'UTC')?.toISOString(),
      '2030-01-09T12:30:00.000Z',
    );
  });
});

describe('missed-run decision', () => {
  const hourly = '0 * * * *';
  const anchor = at('2030-01-09T12:00:00Z');

  it('waits while no scheduled time has passed since the anchor', () => {
    const d = decideRun(
      { expression: hourly, run_missed: true, anchor },
      at('2030-01-09T12:59:59Z'),
      MIN,
      'UTC',
    );
    assert.deepEqual(d, { action: 'wait' });
  });

  it('runs a time caught on time, whatever run_missed says', () => {
    for (const run_missed of [true, false]) {
      const d = decideRun(
        { expression: hourly, run_missed, anchor },
        at('2030-01-09T13:00:00.020Z'),
        MIN,
        'UTC',
      );
      assert.deepEqual(d, { action: 'run', scheduled_for: at('2030-01-09T13:00:00Z'), missed: false });
    }
  });

  it('runs one crawl for the latest time after many missed ones', () => {
    // A month closed: about 720 hourly times passed; one crawl, for the last of them.
    const now = at('2030-02-08T12:34:00Z');
    const d = decideRun({ expression: hourly, run_missed: true, anchor }, now, MIN, 'UTC');
    assert.deepEqual(d, { action: 'run', scheduled_for: at('2030-02-08T12:00:00Z'), missed: true });
    // Dealt with: the next decision at the same moment, from that time, waits.
    const again = decideRun(
      { expression: hourly, run_missed: true, anchor: at('2030-02-08T12:00:00Z') },
      now,
      MIN,
      'UTC',
    );
    assert.deepEqual(again, { action: 'wait' });
  });

  it('lets missed times go when run_missed is off', () => {
    const d = decideRun(
      { expression: hourly, run_missed: false, anchor },
      at('2030-01-12T09:30:00Z'),
      MIN,
      'UTC',
    );
    assert.deepEqual(d, { action: 'skip', scheduled_for: at('2030-01-12T09:00:00Z') });
  });

  it('counts every passed time as missed at start-up (no grace)', () => {
    const now = at('2030-01-09T13:00:30Z');
    assert.equal(decideRun({ expression: hourly, run_missed: false, anchor }, now, 0, 'UTC').action, 'skip');
    assert.equal(decideRun({ expression: hourly, run_missed: false, anchor }, now, MIN, 'UTC').action, 'run');
  });

  it('anchors on the latest of what was dealt with', () => {
    assert.equal(
      latestOf(null, at('2030-01-02T00:00:00Z'), undefined, at('2030-01-01T00:00:00Z')).toISOString(),
      '2030-01-02T00:00:00.000Z',
    );
    assert.equal(latestOf().getTime(), 0);
  });
});

describe('when the schedule was set', () => {
  const t1 = at('2030-01-01T00:00:00Z');
  const t2 = new Date(t1.getTime() + DAY);

  it('is set with a schedule, kept while it stays the same, moved when it changes, and dropped with it', () => {
    const set = withScheduleSince(null, { crawl_schedule: '0 6 * * 1' }, t1);
    assert.equal(set.crawl_schedule_since, t1.toISOString());
    const otherSetting = withScheduleSince(set, { ...set, run_missed: false, max_pages: 5 }, t2);
    assert.equal(otherSetting.crawl_schedule_since, t1.toISOString());
    const changed = withScheduleSince(set, { ...set, crawl_schedule: '0 7 * * 1' }, t2);
    assert.equal(changed.crawl_schedule_since, t2.toISOString());
    const dropped = withScheduleSince(changed, { ...changed, crawl_schedule: null }, t2);
    assert.equal('crawl_schedule_since' in dropped, false);
    assert.deepEqual(withScheduleSince(null, { max_pages: 5 }, t1), { max_pages: 5 });
  });
});

describe('validation', () => {
  it('gives croner’s reason for an expression it refuses', () => {
    assert.match(cronProblem('61 * * * *') ?? '', /minute/);
    assert.match(cronProblem('every monday') ?? '', /five|parts/);
    // Seconds are refused: five fields, as crontab has.
    assert.match(cronProblem('0 0 6 * * 1') ?? '', /5 parts/);
    assert.equal(cronProblem('0 0 30 2 *'), 'it never matches a date');
    assert.equal(cronProblem('0 6 * * 1'), null);
    assert.equal(cronProblem('@weekly'), null);
  });

  it('names the field in the settings patch, and a crawl override refuses the site’s schedule', () => {
    const bad = CrawlSettingsPatch.safeParse({ crawl_schedule: '61 * * * *' });
    assert.equal(bad.success, false);
    assert.deepEqual(bad.error?.issues[0]?.path, ['crawl_schedule']);
    assert.match(bad.error?.issues[0]?.message ?? '', /^is not a valid cron expression: .*minute/);
    assert.equal(CrawlSettingsPatch.safeParse({ crawl_schedule: null, run_missed: false }).success, true);
    assert.equal(CronExpression.parse('  0 6 * * 1 '), '0 6 * * 1');
    const override = CrawlSettingsOverride.safeParse({
      crawl_schedule: '0 6 * * 1',
      run_missed: true,
      max_pages: 3,
    });
    assert.deepEqual(
      override.error?.issues.map((i) => i.path.join('.')),
      ['crawl_schedule', 'run_missed'],
    );
  });
});
