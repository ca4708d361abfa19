/**
 * The notice after a scheduled crawl (server/jobs/change-notices.ts): once the scheduled crawl and its audit are
 * done, one `site.changed` event with what changed since the crawl before, on the bus and on `/events`; none for
 * a manual crawl, and none again when a later audit of the same crawl finishes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SiteChangedEvent } from '../../../server/schemas/events.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { jobsSettled } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { startChangingSite, type ChangingSite } from '../../fixtures/servers/changing-site.js';

let site: ChangingSite;
let t: TestApp;
const clock = new FakeClock('2030-01-07T10:07:00.000Z');
const events: SiteChangedEvent[] = [];

before(async () => {
  site = await startChangingSite();
  t = await createTestApp({ followUps: true, scheduler: { clock } });
  t.services.bus.on('site.changed', (e) => events.push(e));
});
after(async () => {
  await t.close();
  await site.close();
});

const settled = () => jobsSettled(t);

describe('change notices', () => {
  it('tell what changed after a scheduled crawl, once, and never after a manual one', async () => {
    const created = await t.call('sites.create', {
      start_url: site.startUrl,
      settings: { max_requests_per_second: 200, concurrency: 4, use_sitemaps: false },
    });
    const siteId = created.id;
    await t.call('crawl.start', { site_id: siteId });
    await settled();
    site.setVersion(2);
    await t.call('crawl.start', { site_id: siteId });
    await settled();
    assert.equal(events.length, 0, 'a manual crawl sends no notice');

    site.setVersion(1);
    await t.call('sites.update', { site_id: siteId, settings: { crawl_schedule: '*/15 * * * *' } });
    await clock.advanceTo('2030-01-07T10:15:00.000Z', () => t.scheduler!.settled());
    await settled();
    assert.equal(events.length, 1, JSON.stringify(events));
    const [event] = events;
    const snapshots = (await t.call('history.snapshots', { site_id: siteId })).items;
    assert.deepEqual([event!.from, event!.to], [snapshots[1]!.crawl_id, snapshots[0]!.crawl_id]);
    // Version 1 again: the new arrivals, the offers page and the about-us page are gone (the broken link's
    // target, a 404 no page links to any more, was never a page).
    assert.match(event!.message, /^127\.0\.0\.1(:\d+)?: .*\b3 pages removed$/);
    assert.equal(event!.summary.removed, 3);

    // A later audit of the same crawl (as after a similarity analysis) tells nothing new.
    await t.call('audit.run', { site_id: siteId });
    await settled();
    assert.equal(events.length, 1);
  });
});
