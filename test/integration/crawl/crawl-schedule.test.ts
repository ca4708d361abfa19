/**
 * Scheduled crawls through the real app, on a clock the test moves: a schedule shows as `next_crawl_at`, a time
 * that comes starts exactly one crawl marked as scheduled, times never pile up behind a crawl that is still
 * queued, a machine that slept through times crawls once when it wakes (and not at all with `run_missed` off),
 * and the same holds across a restart on the same database file. Bad expressions are a 400 naming the field.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CallArgs } from '../../../server/contract/index.js';
import type { JobOf } from '../../../server/schemas/jobs.js';
import { FAST_CRAWL, jobResult } from '../../helpers/crawl-site.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { assertProblem, createTestApp, makeTempDir, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

const EVERY_15 = '*/15 * * * *'; // the same instants in every time zone, so the test does not depend on the machine's

let site: FixtureSite;
before(async () => {
  site = await startFixtureSite({ articles: 4 });
});
after(async () => {
  await site.close();
});

async function addSite(t: TestApp, settings: CallArgs<'sites.create'>['settings'] = {}): Promise<number> {
  const created = await t.call('sites.create', {
    start_url: site.startUrl,
    settings: { ...FAST_CRAWL, ...settings },
  });
  return created.id;
}

async function crawls(t: TestApp, siteId: number): Promise<JobOf<'crawl'>[]> {
  const { items } = await t.call('jobs.list', { site_id: siteId, kind: ['crawl'] });
  return items.filter((j): j is JobOf<'crawl'> => j.kind === 'crawl').reverse();
}

async function finished(t: TestApp, job: JobOf<'crawl'>): Promise<void> {
  await jobResult(t, job, 60_000);
}

/** The app's scheduler, moved along with the clock. */
const advance = (t: TestApp, clock: FakeClock, to: string) =>
  clock.advanceTo(to, () => t.scheduler!.settled());

describe('a crawl schedule', () => {
  it('shows the next crawl, starts exactly one crawl when the time comes, and refuses a bad expression', async () => {
    const clock = new FakeClock('2030-01-07T10:07:00.000Z');
    const t = await createTestApp({ scheduler: { clock } });
    try {
      const siteId = await addSite(t);
      const plain = await t.call('sites.get', { site_id: siteId });
      assert.equal(plain.next_crawl_at, null);
      assert.equal(plain.settings.crawl_schedule, null);
      assert.equal(plain.settings.run_missed, true);

      const set = await t.call('sites.update', { site_id: siteId, settings: { crawl_schedule: EVERY_15 } });
      assert.equal(set.next_crawl_at, '2030-01-07T10:15:00.000Z');
      assert.equal(set.settings.crawl_schedule, EVERY_15);
      // When the schedule was set is the scheduler's bookkeeping: never shown.
      assert.equal('crawl_schedule_since' in set.settings, false);
      // One timer, in a chunk no longer than five minutes, not one a minute.
      await t.scheduler!.settled();
      assert.deepEqual(clock.armed, [5 * 60_000]);

      await advance(t, clock, '2030-01-07T10:14:59.999Z');
      assert.equal((await crawls(t, siteId)).length, 0);
      await advance(t, clock, '2030-01-07T10:15:00.000Z');
      const started = await crawls(t, siteId);
      assert.equal(started.length, 1);
      assert.deepEqual(started[0]!.params, {
        mode: 'spider',
        trigger: 'schedule',
        scheduled_for: '2030-01-07T10:15:00.000Z',
      });
      await finished(t, started[0]!);
      assert.equal(
        (await t.call('sites.get', { site_id: siteId })).next_crawl_at,
        '2030-01-07T10:30:00.000Z',
      );
      await advance(t, clock, '2030-01-07T10:29:59.000Z');
      assert.equal((await crawls(t, siteId)).length, 1);

      // A bad expression is the client's mistake, named with croner's reason; the schedule stays as it was.
      const bad = assertProblem(
        await t.send('sites.update', { site_id: siteId, settings: { crawl_schedule: '61 * * * *' } }),
        400,
        'validation',
      );
      assert.deepEqual(
        bad.errors?.map((e) => e.path),
        ['body.settings.crawl_schedule'],
      );
      assert.match(bad.errors?.[0]?.message ?? '', /not a valid cron expression: .*minute/);
      assert.equal((await t.call('sites.get', { site_id: siteId })).settings.crawl_schedule, EVERY_15);
      const created = assertProblem(
        await t.send('sites.create', {
          start_url: site.startUrl,
          settings: { crawl_schedule: 'every monday' },
        }),
        400,
        'validation',
      );
      assert.deepEqual(
        created.errors?.map((e) => e.path),
        ['body.settings.crawl_schedule'],
      );

      // One crawl cannot carry the site's schedule: the override's type has no such fields, so this is sent raw.
      const override = assertProblem(
        await t.post('/crawl/start', {
          site_id: siteId,
          settings: { crawl_schedule: EVERY_15, run_missed: false },
        }),
        400,
        'validation',
      );
      assert.deepEqual(
        override.errors?.map((e) => e.path),
        ['body.settings.crawl_schedule', 'body.settings.run_missed'],
      );
      assert.match(override.errors?.[0]?.message ?? '', /setting of the site/);

      // A crawl a person starts carries no trigger.
      const manual = await t.call('crawl.start', { site_id: siteId });
      assert.deepEqual(manual.params, { mode: 'spider' });
      await finished(t, manual);

      // No schedule, no next crawl, and nothing starts.
      const cleared = await t.call('sites.update', { site_id: siteId, settings: { crawl_schedule: null } });
      assert.equal(cleared.next_crawl_at, null);
      await t.scheduler!.settled();
      assert.deepEqual(clock.armed, []);
      await advance(t, clock, '2030-01-07T11:30:00.000Z');
      assert.equal((await crawls(t, siteId)).length, 2);
    } finally {
      await t.close();
    }
  });

  it('lets a time go while the site’s crawl is still queued, rather than piling crawls up', async () => {
    const clock = new FakeClock('2030-01-07T10:07:00.000Z');
    // No runner: the first scheduled crawl stays queued through every later time.
    const t = await createTestApp({ startRunner: false, scheduler: { clock } });
    try {
      const siteId = await addSite(t, { crawl_schedule: EVERY_15 });
      await advance(t, clock, '2030-01-07T11:05:00.000Z');
      const queued = await crawls(t, siteId);
      assert.equal(queued.length, 1);
      assert.equal(queued[0]!.params.scheduled_for, '2030-01-07T10:15:00.000Z');
    } finally {
      await t.close();
    }
  });

  it('crawls once for the times a sleeping machine missed, and not at all with run_missed off', async () => {
    const clock = new FakeClock('2030-01-07T10:07:00.000Z');
    const t = await createTestApp({ startRunner: false, scheduler: { clock } });
    try {
      const catchUp = await addSite(t, { crawl_schedule: EVERY_15 });
      const letGo = await addSite(t, { crawl_schedule: EVERY_15, run_missed: false });
      // Asleep for three days: the wall clock moves, the timer does not count it and fires late on waking.
      await clock.sleepUntil('2030-01-10T09:01:00.000Z', () => t.scheduler!.settled());
      const missed = await crawls(t, catchUp);
      assert.equal(missed.length, 1);
      assert.equal(missed[0]!.params.scheduled_for, '2030-01-10T09:00:00.000Z');
      assert.equal((await crawls(t, letGo)).length, 0);
      // Awake, the next time is on time: it runs with run_missed off too.
      await advance(t, clock, '2030-01-10T09:15:00.000Z');
      const onTime = await crawls(t, letGo);
      assert.equal(onTime.length, 1);
      assert.equal(onTime[0]!.params.scheduled_for, '2030-01-10T09:15:00.000Z');
      assert.equal((await crawls(t, catchUp)).length, 1, 'its first crawl is still queued');
    } finally {
      await t.close();
    }
  });

  it('starts one missed crawl at the next start, across restarts, and none with run_missed off', async () => {
    const dir = makeTempDir();
    const dbFile = join(dir, 'siteloupe.db');
    const open = (clock: FakeClock) => createTestApp({ dbFile, scheduler: { clock } });
    try {
      let t = await open(new FakeClock('2030-01-07T10:07:00.000Z'));
      const catchUp = await addSite(t, { crawl_schedule: EVERY_15 });
      const letGo = await addSite(t, { crawl_schedule: EVERY_15, run_missed: false });
      await t.close();

      // Closed for three days: about 290 times passed; the start starts one crawl, for the latest.
      t = await open(new FakeClock('2030-01-10T10:07:00.000Z'));
      const missed = await crawls(t, catchUp);
      assert.equal(missed.length, 1);
      assert.equal(missed[0]!.params.trigger, 'schedule');
      assert.equal(missed[0]!.params.scheduled_for, '2030-01-10T10:00:00.000Z');
      assert.equal((await crawls(t, letGo)).length, 0);
      await finished(t, missed[0]!);
      await t.close();

      // Started again before the next time: that crawl was the missed one, so nothing more starts.
      const clock = new FakeClock('2030-01-10T10:09:00.000Z');
      t = await open(clock);
      assert.equal((await crawls(t, catchUp)).length, 1);
      assert.equal((await crawls(t, letGo)).length, 0);
      await advance(t, clock, '2030-01-10T10:15:00.000Z');
      const [, next] = await crawls(t, catchUp);
      assert.equal(next?.params.scheduled_for, '2030-01-10T10:15:00.000Z');
      const [first] = await crawls(t, letGo);
      assert.equal(first?.params.scheduled_for, '2030-01-10T10:15:00.000Z');
      await Promise.all([finished(t, next!), finished(t, first!)]);
      await t.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
