/**
 * The crawl's resource phase (docs/crawler.md, "Resources and external links") is long work, so it shows its
 * progress, stops promptly when cancelled — without waiting for slow requests in flight — and a resumed crawl
 * checks only what was left: every resource and external URL is checked once across both runs (a HEAD answered
 * 405 or without an image's size, then its GET, is one check), no page is fetched again, the job reports what
 * the whole phase checked, and the audit equals the audit of an uninterrupted crawl. Resources are never pages.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CheckId } from '../../../server/schemas/audit-checks.js';
import type { Job, JobProgress } from '../../../server/schemas/jobs.js';
import { finishedJob, runJob } from '../../helpers/crawl-site.js';
import { createTestApp, waitFor, type TestApp } from '../../helpers/test-app.js';
import { startRoasterySite, type RoasterySite } from '../../fixtures/sites/roastery-site.js';

/** Each resource and external URL answers after this: the phase takes about 3 s at this concurrency (84 requests, 4 at a time). */
const DELAY_MS = 100;
/**
 * A request in flight when the crawl is cancelled is held by the server, so it would end only at this timeout:
 * a cancel that waited for its requests would take at least this long.
 */
const TIMEOUT_MS = 8_000;
/**
 * How long a cancel may take: the API call, the abort, and the results already in hand written in one
 * transaction — tens of milliseconds measured; a second leaves room for a loaded 2-core machine and stays far
 * below TIMEOUT_MS, which a cancel that waits on its held requests cannot beat.
 */
const CANCEL_BOUND_MS = 1_000;
const SETTINGS = {
  max_requests_per_second: 100,
  concurrency: 4,
  render_js: 'off' as const,
  timeout_ms: TIMEOUT_MS,
  use_sitemaps: false,
};
const PHASE = 'checking resources';
/** Checks whose findings come from the resource phase: compared with their evidence, not only their URLs. */
const RESOURCE_CHECKS: CheckId[] = [
  'image_broken',
  'resource_broken',
  'image_too_large',
  'external_link_broken',
];

let site: RoasterySite;
let ref: TestApp;
let app: TestApp;
let refResult: Awaited<ReturnType<typeof runJob<'crawl.start'>>>;
let refProgress: JobProgress;
let siteId: number;
let job: Job;
/** The progress the job reported when it was cancelled. */
let atCancel: JobProgress;

/** Every finding of the site's latest audit, as `check url` → evidence (resource checks) or null. */
async function auditOf(t: TestApp, id: number): Promise<Map<string, unknown>> {
  await runJob(t, 'audit.run', { site_id: id });
  const out = new Map<string, unknown>();
  for (const issue of await t.callAll('audit.issues', { site_id: id, limit: 100 }))
    for (const f of await t.callAll('audit.findings', { site_id: id, check: issue.check, limit: 200 }))
      out.set(`${f.check} ${f.url}`, RESOURCE_CHECKS.includes(f.check) ? f.evidence : null);
  return out;
}

before(async () => {
  site = await startRoasterySite({ delayMs: DELAY_MS });
  ref = await createTestApp();
  const refSite = await ref.call('sites.create', { start_url: site.startUrl, settings: SETTINGS });
  const started = await ref.call('crawl.start', { site_id: refSite.id });
  refResult = (await finishedJob(ref, started, 30_000)).result!;
  refProgress = (await ref.call('jobs.get', { job_id: started.id })).progress;
  site.reset();
  app = await createTestApp();
  siteId = (await app.call('sites.create', { start_url: site.startUrl, settings: SETTINGS })).id;
});
after(async () => {
  await app?.close();
  await ref?.close();
  await site?.close();
});

describe('the resource phase of a crawl', () => {
  it('reports its progress, and a cancel stops it at once, abandoning the requests in flight', async () => {
    assert.equal(refResult.resources_checked, site.resources.length, 'the reference checked every resource');
    job = await app.call('crawl.start', { site_id: siteId });
    // A quarter of the way into the phase.
    const seen = await waitFor(
      async () => {
        const p = (await app.call('jobs.get', { job_id: job.id })).progress;
        return p.phase === PHASE && p.total && p.done >= p.total / 4 ? p : undefined;
      },
      15_000,
      'the resource phase',
    );
    assert.equal(seen.total, site.resources.length);
    assert.match(seen.message, /^\d+ of \d+ resources and external links checked/);
    assert.ok(seen.done < seen.total!, `${seen.done} of ${seen.total} when seen`);

    // From now on the server answers nothing; once every request then in flight is held (one delay later), and
    // answers sent before were read, the crawl has requests in flight that would only end at their timeout.
    site.hold();
    await new Promise((r) => setTimeout(r, DELAY_MS + 100));
    const inFlight = site.held().held;
    assert.ok(inFlight >= 1, 'requests are in flight when the crawl is cancelled');
    assert.equal(site.inFlight(), inFlight, 'every request in flight is held');

    const t0 = Date.now();
    await app.call('crawl.cancel', { job_id: job.id });
    const ended = await finishedJob(app, job, TIMEOUT_MS);
    const took = Date.now() - t0;
    assert.equal(ended.status, 'cancelled');
    assert.ok(took < CANCEL_BOUND_MS, `cancelled in ${took} ms`);
    atCancel = ended.progress;
    assert.equal(atCancel.phase, PHASE);
    assert.ok(atCancel.done > 0 && atCancel.done < atCancel.total!, JSON.stringify(atCancel));
    // The crawl closed every held request rather than waiting for it.
    await waitFor(() => (site.held().abandoned === site.held().held ? true : undefined), 2_000, 'abandoned');
    assert.equal(site.held().held, inFlight, 'no request was sent after the cancel');
    site.release();
  });

  it('resumes with what was left: each resource checked once across both runs, no page fetched again', async () => {
    assert.ok(atCancel, 'the crawl was cancelled');
    const resumed = await app.call('crawl.resume', { job_id: job.id });
    // The phase carries on from where it stopped, counted over the whole phase. The job shows the progress it
    // was cancelled with until the resumed run reports its own.
    const key = (p: JobProgress) => [p.phase, p.done, p.total, p.message].join(' | ');
    const first = await waitFor(
      async () => {
        const j = await app.call('jobs.get', { job_id: resumed.id });
        if (j.status !== 'running' && j.status !== 'queued') return j.progress;
        const p = j.progress;
        return j.status === 'running' && p.phase === PHASE && key(p) !== key(atCancel) ? p : undefined;
      },
      15_000,
      'the resumed resource phase',
    );
    assert.equal(first.phase, PHASE, 'the resumed crawl went through the resource phase');
    assert.equal(first.total, site.resources.length);
    assert.ok(first.done >= atCancel.done, `resumed at ${first.done}, cancelled at ${atCancel.done}`);

    const done = await finishedJob(app, resumed, 30_000);
    assert.equal(done.status, 'succeeded', JSON.stringify(done.error));
    assert.equal(done.result?.resources_checked, refResult.resources_checked);
    assert.equal(done.result?.external_unreachable, false);
    assert.deepEqual(
      [done.progress.done, done.progress.total],
      [refProgress.done, refProgress.total],
      'the finished phase counts what the uninterrupted one counted',
    );

    const checks = new Map<string, number>();
    // robots.txt is read again by the resumed run, as by any run: it is not one of the checks.
    for (const s of site.served)
      if (!s.partial && !s.url.endsWith('/robots.txt')) checks.set(s.url, (checks.get(s.url) ?? 0) + 1);
    const twice = [...checks].filter(([, n]) => n > 1);
    assert.deepEqual(twice, [], 'no URL checked twice');
    for (const url of site.resources) assert.equal(checks.get(url), 1, `${url} checked once`);
    for (const url of site.pages) {
      const gets = site.served.filter((s) => s.url === url);
      assert.deepEqual(
        gets.map((s) => s.method),
        ['GET'],
        `${url} fetched once`,
      );
    }
  });

  it('ends with the audit of an uninterrupted crawl, and resources are no pages', async () => {
    assert.equal((await finishedJob(app, job, 30_000)).status, 'succeeded', 'the resumed crawl ended');
    const expected = await auditOf(ref, (await ref.call('sites.list', {})).items[0]!.id);
    const got = await auditOf(app, siteId);
    assert.deepEqual([...got.keys()].sort(), [...expected.keys()].sort());
    for (const [key, evidence] of expected) assert.deepEqual(got.get(key), evidence, key);

    // The comparison is not vacuous: what was planted is found.
    const listed = (check: CheckId) =>
      [...got.keys()]
        .filter((k) => k.startsWith(`${check} `))
        .map((k) => k.slice(check.length + 1).replace(site.shopOrigin, ''))
        .sort();
    // The missing thumbnail is on the home page and the shop's list too.
    assert.deepEqual(listed('image_broken'), [
      '/',
      '/shop/',
      '/shop/brazil-cerrado/',
      '/shop/kenya-nyeri-aa/',
    ]);
    assert.ok(listed('image_too_large').includes('/shop/house-espresso/'));
    assert.ok(listed('image_too_large').includes('/blog/why-we-roast-light/'), 'an image sized by counting');
    assert.equal(listed('resource_broken').length, 13, 'print.css on 5 posts, reviews.js on 8 products');
    assert.deepEqual(listed('external_link_broken'), [
      '/blog/a-guide-to-pour-over/',
      '/blog/how-we-source-green-coffee/',
      '/blog/water-for-brewing/',
    ]);

    const pages = await app.callAll('pages.list', { site_id: siteId, limit: 500 });
    assert.deepEqual(pages.map((p) => p.url).sort(), [...site.pages].sort());
    const s = await app.call('sites.get', { site_id: siteId });
    assert.equal(s.stats.pages, site.pages.length, 'the site counts its pages alone');
  });
});
