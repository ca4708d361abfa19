/**
 * Saving a schedule whose times fall in a daylight-saving gap of the machine's zone says so in the site's answer
 * (`crawl_schedule_warnings`): the review's `*\/15 2 14 3 *` in America/New_York, set in November 2026, would
 * silently go without a crawl until March 2028.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FakeClock } from '../../helpers/fake-clock.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';

// The schedule is read in this computer's zone; Node reads TZ again when it changes.
const savedTz = process.env.TZ;
process.env.TZ = 'America/New_York';

let t: TestApp;
before(async () => {
  t = await createTestApp({ scheduler: { clock: new FakeClock('2026-11-28T10:00:00.000Z') } });
});
after(async () => {
  await t.close();
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe('a schedule in a daylight-saving gap', () => {
  it('is saved with a warning that names the skipped times and the next run, shown on every read', async () => {
    const created = await t.call('sites.create', {
      start_url: 'https://dst.example/',
      settings: { crawl_schedule: '*/15 2 14 3 *' },
    });
    assert.equal(created.next_crawl_at, '2028-03-14T06:00:00.000Z');
    assert.equal(created.crawl_schedule_warnings.length, 1);
    assert.match(
      created.crawl_schedule_warnings[0]!,
      /^On 2027-03-14 clocks in America\/New_York go forward from 02:00 to 03:00, .*02:00, 02:15, 02:30 and 02:45 .*skipped, and the next is 2028-03-14 02:00\.$/,
    );
    const read = await t.call('sites.get', { site_id: created.id });
    assert.deepEqual(read.crawl_schedule_warnings, created.crawl_schedule_warnings);

    const fixed = await t.call('sites.update', {
      site_id: created.id,
      settings: { crawl_schedule: '*/15 3 14 3 *' },
    });
    assert.deepEqual(fixed.crawl_schedule_warnings, []);
    const removed = await t.call('sites.update', { site_id: created.id, settings: { crawl_schedule: null } });
    assert.deepEqual(removed.crawl_schedule_warnings, []);
  });
});
