/**
 * The crawler against a site that fights back (test/fixtures/servers/hostile-site.ts): the crawl must finish,
 * memory must stay bounded, every URL it met must end with a status or a classified error (or a skip reason),
 * and the ordinary pages next to the hostile ones must all be there as if nothing had happened.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { jobResult } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { HUGE_BYTES, startHostileSite, type HostileSite } from '../../fixtures/servers/hostile-site.js';
import { CAFE_TITLE, JA_TITLE, MANY_LINKS, NORMAL_PAGES } from '../../fixtures/servers/hostile-pages.js';

let t: TestApp;
let site: HostileSite;
before(async () => {
  t = await createTestApp();
  site = await startHostileSite();
});
after(async () => {
  await t.close();
  await site.close();
});

const MAX_PAGE_BYTES = 2 * 1024 * 1024;
const SETTINGS = {
  max_requests_per_second: 1000,
  concurrency: 8,
  timeout_ms: 1500,
  max_page_bytes: MAX_PAGE_BYTES,
  max_pages: 100_000,
};

interface Row {
  url: string;
  state: string;
  reason: string | null;
  status_code: number | null;
  fetch_error: string | null;
  title: string | null;
  encoding: string | null;
  truncated: number | null;
  bytes: number | null;
  content_type: string | null;
  outlinks: number | null;
}

/** Peak resident memory while `fn` runs, sampled every 20 ms. */
async function peakRss<T>(fn: () => Promise<T>): Promise<{ value: T; peak: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const value = await fn();
    return { value, peak: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

describe('crawling a hostile site', () => {
  it(
    'finishes with every URL classified, memory bounded and the ordinary pages intact',
    { timeout: 90_000 },
    async () => {
      const created = await t.call('sites.create', { start_url: site.startUrl, settings: SETTINGS });
      const siteId = created.id;
      const baseline = process.memoryUsage().rss;
      const { value: result, peak } = await peakRss(async () =>
        jobResult(t, await t.call('crawl.start', { site_id: siteId }), 80_000),
      );

      const rows = t.db
        .prepare(
          `SELECT u.url, u.state, u.reason, p.status_code, p.fetch_error, p.title, p.encoding, p.truncated, p.bytes,
                p.content_type, p.outlinks
         FROM urls u LEFT JOIN pages p ON p.id = u.id WHERE u.site_id = ?`,
        )
        .all(siteId) as Row[];
      const byPath = new Map(rows.map((r) => [new URL(r.url).pathname + new URL(r.url).search, r]));
      const row = (path: string) => {
        const r = byPath.get(path);
        assert.ok(r, `${path} is known`);
        return r;
      };

      // Every URL ends fetched (with a status or a classified error) or skipped with a reason.
      for (const r of rows) {
        if (r.state === 'done') {
          assert.ok(r.status_code !== null || r.fetch_error !== null, `${r.url} has a status or an error`);
        } else {
          assert.equal(r.state, 'skipped', `${r.url} is ${r.state}`);
          assert.ok(r.reason, `${r.url} has a skip reason`);
        }
      }

      // The ordinary pages, including those only the hostile pages link to, are all there.
      const ok = (path: string, title: string) => {
        const r = row(path);
        assert.deepEqual([r.status_code, r.fetch_error, r.title], [200, null, title], path);
      };
      ok('/', 'Hostile Hosting');
      for (let n = 1; n <= NORMAL_PAGES; n++) ok(`/ok/${n}`, `Guide ${n}: raised beds`);
      ok('/after/huge', 'After huge');
      ok('/after/bomb', 'After bomb');
      ok('/after/invalid', 'After invalid');
      for (let i = 0; i < MANY_LINKS; i += 997) ok(`/item/${i}`, `Item ${i}`);
      const items = rows.filter((r) => r.url.includes('/item/') && r.status_code === 200).length;
      assert.equal(items, MANY_LINKS, 'every item linked from the 10,000-link page');
      assert.ok((row('/many-links').outlinks ?? 0) >= MANY_LINKS);

      // Redirect loops end; an endless chain is followed max_redirects (10) hops and no further.
      for (const path of ['/loop/a', '/loop/b', '/loop/self'])
        assert.equal(row(path).fetch_error, 'redirect_loop', path);
      assert.equal(row('/chain/1').fetch_error, 'too_many_redirects');
      assert.equal(row('/chain/11').status_code, 302);
      assert.deepEqual([row('/chain/12').state, row('/chain/12').reason], ['skipped', 'not_crawled']);
      assert.equal(site.requests.get('/chain/12'), undefined);

      // Bodies are cut at max_page_bytes, compressed or not, and the crawler hangs up on the rest.
      for (const path of ['/huge', '/bomb']) {
        const r = row(path);
        assert.deepEqual([r.status_code, r.truncated, r.bytes], [200, 1, MAX_PAGE_BYTES], path);
      }
      assert.equal(row('/huge').title, 'Huge page');
      assert.ok(site.sent.huge < HUGE_BYTES / 2, `huge page: the server sent ${site.sent.huge} bytes`);
      assert.deepEqual(
        [row('/download.bin').status_code, row('/download.bin').content_type, row('/download.bin').bytes],
        [200, 'application/octet-stream', 1024 ** 3],
      );

      // Failures without a status are classified.
      assert.deepEqual([row('/drip').status_code, row('/drip').fetch_error], [null, 'body_too_slow']);
      assert.deepEqual([row('/stall').status_code, row('/stall').fetch_error], [null, 'timeout']);
      assert.equal(row('/reset').fetch_error, 'connection_reset');
      assert.equal(row('/reset-mid').fetch_error, 'connection_reset');
      assert.equal(row('/error').status_code, 500);
      assert.equal(row('/busy').status_code, 503);
      assert.equal(site.requests.get('/busy'), 3, '503 retried twice');

      // Charsets: a wrong or missing label gives replacement characters, never a failure; meta and unknown labels work.
      assert.match(row('/charset/wrong').title!, /^Caf\uFFFD cr\uFFFDme/);
      assert.match(row('/charset/missing').title!, /^Caf\uFFFD cr\uFFFDme/);
      assert.deepEqual([row('/charset/meta').title, row('/charset/meta').encoding], [JA_TITLE, 'Shift_JIS']);
      assert.equal(row('/charset/bogus').title, CAFE_TITLE);
      assert.equal(row('/invalid').status_code, 200);

      // Traps end: the calendar and the self-nesting relative link are cut, their further URLs recorded.
      const calendar = rows.filter((r) => r.url.includes('/calendar/'));
      const fetchedCalendar = calendar.filter((r) => r.state === 'done').length;
      assert.ok(fetchedCalendar < 2500, `${fetchedCalendar} calendar pages fetched`);
      assert.ok(calendar.some((r) => r.state === 'skipped' && r.reason === 'not_crawled'));
      assert.ok((result.trap_urls ?? 0) > 0, 'the job result counts trap URLs');
      assert.equal(row('/trap/rel/more/more/').status_code, 200);
      assert.deepEqual(
        [row('/trap/rel/more/more/more/').state, row('/trap/rel/more/more/more/').reason],
        ['skipped', 'not_crawled'],
      );

      // Redirects toward cloud metadata or "this computer" are recorded and never followed; links with
      // credentials are followed without them, and no stored URL keeps userinfo.
      for (const path of ['/to-metadata', '/to-metadata-mapped', '/to-unspecified'])
        assert.ok([301, 302].includes(row(path).status_code!), path);
      const offsite = rows.filter((r) => /169\.254|a9fe|0\.0\.0\.0/.test(r.url));
      assert.equal(offsite.length, 3, JSON.stringify(offsite));
      for (const r of offsite) assert.deepEqual([r.state, r.reason], ['skipped', 'outside_scope'], r.url);
      ok('/after/creds', 'After creds');
      assert.ok(
        rows.every((r) => !new URL(r.url).username),
        'a URL kept its userinfo',
      );

      // Nothing is fetched more than once, except the retries of transient failures (two at most).
      const repeated = [...site.requests]
        .filter(([, n]) => n > 1)
        .map(([p]) => p)
        .sort();
      assert.deepEqual(repeated, ['/busy', '/drip', '/reset', '/reset-mid', '/stall']);
      assert.ok([...site.requests.values()].every((n) => n <= 3));

      const growth = (peak - baseline) / 2 ** 20;
      console.log(
        `hostile crawl: ${rows.length} URLs, peak RSS +${growth.toFixed(0)} MiB, ${JSON.stringify(result)}`,
      );
      assert.ok(growth < 400, `RSS grew ${growth.toFixed(0)} MiB`);
    },
  );
});
