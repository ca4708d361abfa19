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
import type { JobOf } from '../../../server/schemas/jobs.js';
import { FAST_CRAWL } from '../../helpers/crawl-site.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { assertProblem, createTestApp, makeTempDir, waitFor, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

const EVERY_15 = '*/15 * * * *'; // the same instants in every time zone, so the test does not depend on the machine's

let site: FixtureSite;
before(async () => {
  site = await startFixtureSite({ articles: 4 });
});
after(async () => {
  await site.close();
});

async function addSite(t: TestApp, settings: object = {}): Promise<number> {
  const res = await t.post('/sites', { start_url: site.startUrl, settings: { ...FAST_CRAWL, ...settings } });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.id as number;
}

async function crawls(t: TestApp, siteId: number): Promise<JobOf<'crawl'>[]> {
  const res = await t.get(`/jobs?site_id=${siteId}&kind=crawl`);
  assert.equal(res.status, 200);
  return (res.body.items as JobOf<'crawl'>[]).reverse();
}

async function finished(t: TestApp, jobId: number): Promise<void> {
  const status = await waitFor(
    async () => {
      const s = ((await t.get(`/jobs/${jobId}`)).body as { status: string }).status;
      return ['succeeded', 'failed', 'cancelled'].includes(s) ? s : undefined;
    },
    60_000,
    `crawl ${jobId}`,
  );
  assert.equal(status, 'succeeded');
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
      const plain = await t.get(`/sites/${siteId}`);
      assert.equal(plain.body.next_crawl_at, null);
      assert.equal(plain.body.settings.crawl_schedule, null);
      assert.equal(plain.body.settings.run_missed, true);

      const set = await t.patch(`/sites/${siteId}`, { settings: { crawl_schedule: EVERY_15 } });
      assert.equal(set.status, 200, JSON.stringify(set.body));
      assert.equal(set.body.next_crawl_at, '2030-01-07T10:15:00.000Z');
      assert.equal(set.body.settings.crawl_schedule, EVERY_15);
      // When the schedule was set is the scheduler's bookkeeping: never shown.
      assert.equal('crawl_schedule_since' in set.body.settings, false);
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
      await finished(t, started[0]!.id);
      assert.equal((await t.get(`/sites/${siteId}`)).body.next_crawl_at, '2030-01-07T10:30:00.000Z');
      await advance(t, clock, '2030-01-07T10:29:59.000Z');
      assert.equal((await crawls(t, siteId)).length, 1);

      // A bad expression is the client's mistake, named with croner's reason; the schedule stays as it was.
      const bad = assertProblem(
        await t.patch(`/sites/${siteId}`, { settings: { crawl_schedule: '61 * * * *' } }),
        400,
        'validation',
      ) as { errors: { path: string; message: string }[] };
      assert.deepEqual(
        bad.errors.map((e) => e.path),
        ['body.settings.crawl_schedule'],
      );
      assert.match(bad.errors[0]!.message, /not a valid cron expression: .*minute/);
      assert.equal((await t.get(`/sites/${siteId}`)).body.settings.crawl_schedule, EVERY_15);
      const created = assertProblem(
        await t.post('/sites', { start_url: site.startUrl, settings: { crawl_schedule: 'every monday' } }),
        400,
        'validation',
      ) as { errors: { path: string }[] };
      assert.deepEqual(
        created.errors.map((e) => e.path),
        ['body.settings.crawl_schedule'],
      );

      // One crawl cannot carry the site's schedule.
      const override = assertProblem(
        await t.post('/crawl/start', {
          site_id: siteId,
          settings: { crawl_schedule: EVERY_15, run_missed: false },
        }),
        400,
        'validation',
      ) as { errors: { path: string; message: string }[] };
      assert.deepEqual(
        override.errors.map((e) => e.path),
        ['body.settings.crawl_schedule', 'body.settings.run_missed'],
      );
      assert.match(override.errors[0]!.message, /setting of the site/);

      // A crawl a person starts carries no trigger.
      const manual = await t.post('/crawl/start', { site_id: siteId });
      assert.equal(manual.status, 202);
      assert.deepEqual(manual.body.params, { mode: 'spider' });
      await finished(t, manual.body.id);

      // No schedule, no next crawl, and nothing starts.
      const cleared = await t.patch(`/sites/${siteId}`, { settings: { crawl_schedule: null } });
      assert.equal(cleared.body.next_crawl_at, null);
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
      await finished(t, missed[0]!.id);
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
      await Promise.all([finished(t, next!.id), finished(t, first!.id)]);
      await t.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
