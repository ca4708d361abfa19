/**
 * Where a crawl may go (domain/crawl/target-policy.ts): never to this app's own port or to the link-local
 * addresses where cloud machines serve their metadata, unless the setting allows it, in whatever spelling the
 * address comes, decided on the resolved address of every connection (a name can point anywhere, and change);
 * private ranges and other loopback ports stay open. A site's `user:pass@` moves out of its URL into its
 * settings, is sent to its own origin only, and is never shown back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { finishedJob, runJob } from '../../helpers/crawl-site.js';
import { mapLocalhostNames } from '../../helpers/localhost-names.js';
import { assertProblem, createTestApp, type TestApp } from '../../helpers/test-app.js';
import { startStagingSite, type StagingSite } from '../../fixtures/servers/staging-site.js';

let t: TestApp;
let appPort: number;
let staging: StagingSite;
/** The test's own hosts file: flipped between lookups to play a name whose answer changes. */
const names = new Map<string, string>();
let unmap: () => void;

const FAST = { max_requests_per_second: 200, concurrency: 4, timeout_ms: 5000 };

before(async () => {
  unmap = mapLocalhostNames(names);
  t = await createTestApp();
  appPort = Number(new URL(t.baseUrl).port);
  staging = await startStagingSite({
    username: 'ana',
    password: 'p@ss:Quokka7',
    otherHostLink: (port) => `http://www.localhost:${port}/`,
  });
});
after(async () => {
  await t.close();
  await staging.close();
  unmap();
});

async function refused(startUrl: string, reason: RegExp) {
  const p = assertProblem(await t.send('sites.create', { start_url: startUrl }), 400, 'validation');
  assert.match(p.detail, reason, startUrl);
  assert.deepEqual(
    p.errors?.map((e) => e.path),
    ['body.start_url'],
    startUrl,
  );
}

async function pages(siteId: number) {
  return t.db
    .prepare(
      `SELECT u.url, p.status_code, p.fetch_error FROM urls u LEFT JOIN pages p ON p.id = u.id
       WHERE u.site_id = ? ORDER BY u.url`,
    )
    .all(siteId) as { url: string; status_code: number | null; fetch_error: string | null }[];
}

describe('crawl targets', () => {
  it('refuses link-local metadata addresses in every spelling, and the unspecified address', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
      'http://[::ffff:169.254.169.254]/',
      'http://2852039166/',
      'http://0xa9.0xfe.0xa9.0xfe/',
      'http://[fe80::1]/',
      'http://[fd00:ec2::254]/latest/meta-data/',
    ])
      await refused(url, /link-local address.*crawl_allow_restricted_addresses/);
    for (const url of ['http://0.0.0.0:8080/', 'http://[::]/'])
      await refused(url, /unspecified address, which reaches this computer/);
  });

  it('refuses this app itself, by address or by a name that resolves to it', async () => {
    await refused(`http://127.0.0.1:${appPort}/`, /this Siteloupe's own address/);
    await refused(`http://localhost:${appPort}/sites`, /localhost resolves to 127\.0\.0\.1: .*own address/);
    await refused(`http://0.0.0.0:${appPort}/`, /own address/);
    names.set('tools.example', '127.0.0.1');
    await refused(`http://tools.example:${appPort}/`, /tools\.example resolves to 127\.0\.0\.1/);
  });

  it('keeps private ranges, other loopback ports and unresolvable names open', async () => {
    for (const url of [
      'http://10.20.30.40/',
      'http://192.168.1.10:8080/',
      'http://[fd12:3456::1]/',
      `http://127.0.0.1:${staging.port}/`,
      'https://intranet.invalid/',
    ]) {
      const created = await t.call('sites.create', { start_url: url });
      await t.call('sites.delete', { site_id: created.id });
    }
  });

  it('lets the setting open them, and closes them again', async () => {
    await t.call('system.updateSettings', { crawl_allow_restricted_addresses: true });
    try {
      const created = await t.call('sites.create', { start_url: 'http://169.254.169.254/' });
      await t.call('sites.delete', { site_id: created.id });
    } finally {
      await t.call('system.updateSettings', { crawl_allow_restricted_addresses: false });
    }
    await refused('http://169.254.169.254/', /link-local/);
  });

  it('decides on the address each connection is made to, so a name that changes its answer is caught', async () => {
    // Added while the name points at the staging server; then it points at the metadata address.
    names.set('shop.example', '127.0.0.1');
    const created = await t.call('sites.create', {
      start_url: `http://shop.example:${staging.port}/`,
      settings: { ...FAST, respect_robots: false, use_sitemaps: false },
      http_auth: { username: 'ana', password: 'p@ss:Quokka7' },
    });
    const siteId = created.id;
    names.set('shop.example', '169.254.169.254');
    try {
      // A crawl of the site is refused up front now.
      const start = await t.send('crawl.start', { site_id: siteId });
      const p = assertProblem(start, 400, 'validation');
      assert.match(p.detail, /shop\.example resolves to 169\.254\.169\.254: .*link-local/);
      // A list crawl (no up-front check) reaches no connection: every URL ends `address_refused`, at once.
      const before = staging.requests.length;
      const started = Date.now();
      await runJob(t, 'crawl.start', {
        site_id: siteId,
        mode: 'list',
        urls: [`http://shop.example:${staging.port}/tents`, `http://shop.example:${staging.port}/stoves`],
      });
      assert.ok(Date.now() - started < 4000, 'refused before any connection attempt could time out');
      const rows = await pages(siteId);
      assert.deepEqual(
        rows.map((r) => [new URL(r.url).pathname, r.status_code, r.fetch_error]),
        [
          ['/stoves', null, 'address_refused'],
          ['/tents', null, 'address_refused'],
        ],
      );
      assert.equal(staging.requests.length, before);
      // Trying extraction rules on one of its pages goes through the same check, and says why.
      const tried = await t.send('extraction.test', {
        site_id: siteId,
        url: `http://shop.example:${staging.port}/tents`,
        rules: [{ name: 'title', kind: 'css', selector: 'title' }],
      });
      const why = assertProblem(tried, 400, 'validation');
      assert.match(why.detail, /cannot be fetched: .*link-local/);
      assert.deepEqual(
        why.errors?.map((e) => e.path),
        ['body.url'],
      );
      assert.equal(staging.requests.length, before, 'no request was made');
      // Now the name points at this app's own port: refused as well.
      names.set('shop.example', '127.0.0.1');
      // self.example does not resolve yet: accepted, decided at the crawl.
      const self = await t.call('sites.create', {
        start_url: `http://self.example:${appPort}/`,
        settings: { ...FAST, respect_robots: false, use_sitemaps: false },
      });
      names.set('self.example', '127.0.0.1');
      await runJob(t, 'crawl.start', {
        site_id: self.id,
        mode: 'list',
        urls: [`http://self.example:${appPort}/sites`],
      });
      assert.deepEqual(
        (await pages(self.id)).map((r) => r.fetch_error),
        ['address_refused'],
      );
    } finally {
      names.set('shop.example', '127.0.0.1');
    }
  });
});

describe('credentials in a start URL', () => {
  it('are moved into the site, sent to its own origin only and never shown back', async () => {
    const created = await t.call('sites.create', {
      start_url: `http://ana:p%40ss%3AQuokka7@localhost:${staging.port}/`,
      settings: { ...FAST, follow_subdomains: true },
    });
    const siteId = created.id;
    assert.equal(created.start_url, `http://localhost:${staging.port}/`);
    assert.deepEqual(created.http_auth, { username: 'ana', password_set: true });
    const shown = JSON.stringify(await t.call('sites.get', { site_id: siteId }));
    assert.doesNotMatch(shown, /p@ss|p%40ss|Quokka/);

    staging.requests.length = 0;
    const result = await runJob(t, 'crawl.start', { site_id: siteId });
    assert.ok(result.fetched >= 4, JSON.stringify(result));
    const rows = await pages(siteId);
    const ok = rows.filter((r) => r.status_code === 200).map((r) => r.url);
    for (const path of ['/', '/tents', '/stoves'])
      assert.ok(ok.includes(`http://localhost:${staging.port}${path}`), `${path} crawled with the login`);
    assert.ok(ok.includes(`http://www.localhost:${staging.port}/`), 'the subdomain crawled');
    // The credentials went to the site's origin, robots.txt included, and never to the other host.
    const expected = `Basic ${Buffer.from('ana:p@ss:Quokka7').toString('base64')}`;
    for (const r of staging.requests) {
      if (r.host.startsWith('www.localhost')) assert.equal(r.authorization, null, r.path);
      else assert.equal(r.authorization, expected, `${r.host}${r.path}`);
    }
    assert.ok(staging.requests.some((r) => r.host.startsWith('www.localhost')));
    // No URL the crawl stored holds them either.
    assert.ok(rows.every((r) => !r.url.includes('@')));
    assert.doesNotMatch(JSON.stringify(await t.call('pages.list', { site_id: siteId })), /ana:|p%40ss/);
  });

  it('are refused when given twice, replaced, cleared, and dropped when the site moves to another origin', async () => {
    const twice = await t.send('sites.create', {
      start_url: `http://ana:x@127.0.0.1:${staging.port}/`,
      http_auth: { username: 'ana', password: 'y' },
    });
    const p = assertProblem(twice, 400, 'validation');
    assert.deepEqual(
      p.errors?.map((e) => e.path),
      ['body.http_auth'],
    );
    const bad = await t.send('sites.create', {
      start_url: `http://127.0.0.1:${staging.port}/`,
      http_auth: { username: 'a:b', password: '' },
    });
    assert.ok(
      assertProblem(bad, 400, 'validation').errors?.some((e) => e.path === 'body.http_auth.username'),
    );

    const created = await t.call('sites.create', {
      start_url: `http://127.0.0.1:${staging.port}/`,
      http_auth: { username: 'ana', password: 'p@ss:Quokka7' },
    });
    const id = created.id;
    assert.deepEqual(created.http_auth, { username: 'ana', password_set: true });
    const renamed = await t.call('sites.update', { site_id: id, name: 'Staging' });
    assert.deepEqual(renamed.http_auth, { username: 'ana', password_set: true }, 'kept when not given');
    const viaUrl = await t.call('sites.update', {
      site_id: id,
      start_url: `http://bo:s3cret@127.0.0.1:${staging.port}/tents`,
    });
    assert.equal(viaUrl.start_url, `http://127.0.0.1:${staging.port}/tents`);
    assert.deepEqual(viaUrl.http_auth, { username: 'bo', password_set: true });
    const cleared = await t.call('sites.update', { site_id: id, http_auth: null });
    assert.equal(cleared.http_auth, null);
    await t.call('sites.update', { site_id: id, http_auth: { username: 'ana', password: 'p@ss:Quokka7' } });
    const moved = await t.call('sites.update', { site_id: id, start_url: 'http://10.0.0.7/' });
    assert.equal(moved.http_auth, null, 'credentials stay with the origin they were given for');

    // A list crawl's URLs are listed with the job: their userinfo is not kept there.
    const listed = await t.call('sites.create', { start_url: `http://127.0.0.1:${staging.port}/` });
    const job = await t.call('crawl.start', {
      site_id: listed.id,
      mode: 'list',
      urls: [`http://ana:p%40ss%3AQuokka7@127.0.0.1:${staging.port}/tents`],
    });
    assert.doesNotMatch(JSON.stringify(await t.call('jobs.get', { job_id: job.id })), /ana:|p%40ss/);
    await finishedJob(t, job, 30_000);
  });
});
