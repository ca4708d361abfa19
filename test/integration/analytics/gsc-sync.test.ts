/**
 * The Search Console sync with Google's real client against a local server speaking the API's JSON: a signed
 * service-account JWT is exchanged for a token, every week is paged by startRow, a 429 and a 503 are retried,
 * rows land with their URLs registered, a second sync of the same range changes nothing, a property the account
 * cannot read fails the job with a clear reason, and the installed-app OAuth token works the same way.
 */
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { storedKeys, withoutFragment } from '../../fixtures/gsc/gsc-plant.js';
import type { JobOf } from '../../../server/schemas/jobs.js';
import { jobOutcome, sendSync, startGscSite, sync, type GscSite } from '../../helpers/gsc-site.js';
import { assertProblem } from '../../helpers/test-app.js';

let g: GscSite;
let first: JobOf<'gsc_sync'>;

before(async () => {
  g = await startGscSite({ rowLimit: 50 });
  g.fake.failNext({ status: 429, retryAfter: 1 }, { status: 503 });
  first = await jobOutcome(g.t, await sync(g));
});
after(async () => g?.close());

const count = (sql: string, ...args: unknown[]) => (g.t.db.prepare(sql).get(...args) as { n: number }).n;

describe('POST /analytics/gsc/sync', () => {
  it('stores every planted row, one per page × query × date after fragments fold into pages', () => {
    assert.equal(first.status, 'succeeded', JSON.stringify(first.error));
    const keys = storedKeys(g.plant.rows);
    assert.equal(
      count(`SELECT COUNT(*) AS n FROM gsc_rows WHERE site_id = ? AND grain = 'pqd'`, g.siteId),
      keys.size,
    );
    assert.equal(first.result!.fetched, g.plant.rows.length);
    assert.equal(first.result!.stored, keys.size);
    assert.equal(first.result!.changed, keys.size);
    const clicks = count(`SELECT SUM(clicks) AS n FROM gsc_rows WHERE site_id = ?`, g.siteId);
    assert.equal(
      clicks,
      withoutFragment(g.plant.rows).reduce((a, r) => a + r.clicks, 0),
    );
  });

  it('pages each week by startRow until an empty page, after the 429 and 503 were retried', () => {
    const weeks = new Set(g.fake.log.map((e) => e.startDate));
    assert.equal(weeks.size, 9, 'nine weeks of 7 days');
    const retried = g.fake.log.slice(0, 3).map((e) => e.status);
    assert.deepEqual(retried, [429, 503, 200]);
    assert.equal(first.result!.retries, 2);
    for (const week of weeks) {
      const calls = g.fake.log.filter((e) => e.startDate === week && e.status === 200);
      assert.deepEqual(
        calls.map((c) => c.startRow),
        calls.map((_, i) => i * 50),
        `startRow steps by rowLimit in ${week}`,
      );
      assert.equal(calls.at(-1)!.rows, 0, 'the last page of a week is empty');
      assert.ok(calls.slice(0, -1).every((c) => c.rows === 50 || c === calls.at(-2)));
      assert.ok(calls.length >= 3, 'a week spans several pages at rowLimit 50');
    }
    assert.deepEqual(g.fake.tokenGrants, ['jwt-bearer'], 'one token, reused');
  });

  it('registers Search Console URLs with the gsc source, folding #fragments', () => {
    const rows = g.t.db
      .prepare(`SELECT url, sources FROM urls WHERE site_id = ? AND (sources & 4) != 0`)
      .all(g.siteId) as { url: string }[];
    assert.deepEqual(rows.map((r) => r.url).sort(), [...g.plant.pages].sort());
    assert.ok(!rows.some((r) => r.url.includes('#')));
  });

  it('changes nothing when the same range is synced again', async () => {
    const before = g.t.db.prepare('SELECT * FROM gsc_rows ORDER BY id').all();
    const again = await jobOutcome(g.t, await sync(g));
    assert.equal(again.status, 'succeeded');
    assert.equal(again.result!.changed, 0);
    assert.equal(again.result!.urls_added, 0);
    assert.deepEqual(g.t.db.prepare('SELECT * FROM gsc_rows ORDER BY id').all(), before);
  });

  it('fails the job, naming the property, when the account cannot read it', async () => {
    const job = await jobOutcome(g.t, await sync(g, { property: 'sc-domain:wholesale-bulbs.example' }));
    assert.equal(job.status, 'failed');
    assert.equal(job.error!.type, 'urn:siteloupe:problem:gsc-forbidden');
    assert.equal(job.error!.retryable, false);
    assert.match(job.error!.detail, /sc-domain:wholesale-bulbs\.example/);
    assert.match(job.error!.detail, /cannot read/);
    assert.match(job.error!.detail, new RegExp(g.serviceAccount.key.client_email.replace(/\./g, '\\.')));
    assert.match(job.error!.detail, /sufficient permission/, 'Google’s own explanation is kept');
  });

  it('validates the request and refuses to start without credentials', async () => {
    const bad = assertProblem(
      await g.t.post('/analytics/gsc/sync', {
        site_id: g.siteId,
        property: 'example.com',
        date_from: '2026-03-05',
        date_to: '2026-03-01',
      }),
      400,
      'validation',
    );
    assert.deepEqual(bad.errors!.map((e) => e.path).sort(), ['body.date_from', 'body.property']);
    const y9999 = assertProblem(
      await sendSync(g, { date_from: '9999-12-30', date_to: '9999-12-31' }),
      400,
      'validation',
    );
    assert.deepEqual(
      y9999.errors!.map((e) => e.path),
      ['body.date_from', 'body.date_to'],
    );
    assert.match(y9999.errors![0]!.message, /years 2000 to 2100/);
    const tooLong = assertProblem(
      await sendSync(g, { date_from: '2024-01-01', date_to: '2026-03-29' }),
      400,
      'validation',
    );
    assert.deepEqual(
      tooLong.errors!.map((e) => e.path),
      ['body.date_to'],
    );
    assert.match(tooLong.errors![0]!.message, /16 months/);
    assertProblem(await sendSync(g, { date_to: '2026-02-30' }), 400, 'validation');
    assertProblem(await sendSync(g, { site_id: 4242 }), 404, 'not-found');
    const del = await g.t.del('/analytics/gsc/credentials');
    assert.equal(del.status, 204);
    const none = assertProblem(await sendSync(g), 409, 'conflict');
    // The same words show in the app's Search Console tab: they name the app's way and the API's.
    assert.match(none.detail!, /Connect Search Console first/);
    assert.match(
      none.detail!,
      /in the app: Analytics → Search Console → Connect; API: PUT \/analytics\/gsc\/credentials/,
    );
    assert.match(none.detail!, /API: POST \/analytics\/gsc\/import/);

    // A sync queued before the credentials went fails when the runner starts it, in words for both readers.
    const run = g.t.services.gscSync.run(
      g.siteId,
      { property: g.property, date_from: g.plant.firstDate, date_to: '2026-03-29' },
      {
        signal: new AbortController().signal,
        progress: () => {},
        loadCheckpoint: () => null,
        saveCheckpoint: () => {},
      },
    );
    await assert.rejects(run, (err: Error & { kind?: string }) => {
      assert.equal(err.kind, 'gsc-unauthorized');
      assert.match(
        err.message,
        /removed before the sync ran\. Connect Search Console again \(in the app: Analytics → Search Console → Connect; API: PUT \/analytics\/gsc\/credentials\), then start the sync again\.$/,
      );
      return true;
    });
  });

  it('syncs with an installed-app OAuth refresh token too', async () => {
    // The key files are sent as Google hands them out, raw: the body type is a preprocessed union.
    const res = await g.t.http.put('/analytics/gsc/credentials').set(g.t.auth).send(g.oauth);
    const put = g.t.answer('analytics.putGscCredentials', res);
    assert.deepEqual(
      { type: put.type, client_id: put.client_id, configured: put.configured },
      { type: 'oauth', client_id: g.oauth.client_id, configured: true },
    );
    const job = await jobOutcome(g.t, await sync(g, { date_from: '2026-03-23' }));
    assert.equal(job.status, 'succeeded', JSON.stringify(job.error));
    assert.equal(job.result!.changed, 0);
    assert.ok(Number(job.result!.fetched) > 0);
    assert.ok(g.fake.tokenGrants.includes('refresh_token'));
  });

  it('fails with the token endpoint’s reason when Google refuses the credentials', async () => {
    await g.t.http
      .put('/analytics/gsc/credentials')
      .set(g.t.auth)
      .send({ ...g.oauth, refresh_token: '1//0gRevokedTokenThatGoogleNoLongerAccepts' });
    const job = await jobOutcome(g.t, await sync(g, { date_from: '2026-03-23' }));
    assert.equal(job.status, 'failed');
    assert.equal(job.error!.type, 'urn:siteloupe:problem:gsc-unauthorized');
    assert.match(job.error!.detail, /invalid_grant/);
    assert.match(
      job.error!.detail,
      /Connect Search Console again with a valid key or token \(in the app: Analytics → Search Console → Replace credentials; API: PUT \/analytics\/gsc\/credentials\)\.$/,
    );
  });

  it('keeps credentials in a 0600 file and never returns or logs a secret', async () => {
    const res = await g.t.http.put('/analytics/gsc/credentials').set(g.t.auth).send(g.serviceAccount.key);
    const put = g.t.answer('analytics.putGscCredentials', res);
    assert.deepEqual(Object.keys(put).sort(), [
      'client_email',
      'client_id',
      'configured',
      'stored_at',
      'type',
    ]);
    const file = join(g.t.dir, 'gsc-credentials.json');
    if (process.platform !== 'win32') assert.equal(statSync(file).mode & 0o777, 0o600);
    const info = await g.t.call('analytics.gscCredentials');
    assert.equal(info.client_email, g.serviceAccount.key.client_email);
    const jobs = await g.t.call('jobs.list', { site_id: g.siteId, limit: 100 });
    const secrets = [
      ...g.serviceAccount.key.private_key
        .split('\n')
        .filter((l) => l && !l.startsWith('-----'))
        .slice(0, 3),
      g.oauth.client_secret,
      g.oauth.refresh_token,
      ...g.fake.issuedTokens,
    ];
    const seen = [
      JSON.stringify(put),
      JSON.stringify(info),
      JSON.stringify(jobs),
      g.logs.join('\n'),
      JSON.stringify(g.t.db.prepare('SELECT params, checkpoint, result, error, message FROM jobs').all()),
    ].join('\n');
    for (const s of secrets) assert.ok(!seen.includes(s), 'a secret appeared in a response, log or job row');
  });

  it('refuses plain-http Search Console endpoints off this machine, naming the fields', async () => {
    const before = await g.t.call('system.getSettings');
    const p = assertProblem(
      await g.t.send('system.updateSettings', {
        gsc_api_root: 'http://searchconsole.example/',
        gsc_token_url: 'http://oauth2.example/token',
      }),
      400,
      'validation',
    );
    assert.deepEqual(
      p.errors!.map((e) => e.path),
      ['body.gsc_api_root', 'body.gsc_token_url'],
    );
    assert.match(p.errors![0]!.message, /https/);
    const after = await g.t.call('system.getSettings');
    assert.deepEqual([after.gsc_api_root, after.gsc_token_url], [before.gsc_api_root, before.gsc_token_url]);
    // https anywhere, and http on 127.0.0.1, are accepted.
    await g.t.call('system.updateSettings', {
      gsc_api_root: 'https://searchconsole.example/',
      gsc_token_url: g.fake.tokenUrl,
    });
    await g.t.call('system.updateSettings', { gsc_api_root: before.gsc_api_root });
  });

  it('refuses keys that are not keys, naming the field', async () => {
    const res = await g.t.http
      .put('/analytics/gsc/credentials')
      .set(g.t.auth)
      .send({
        ...g.serviceAccount.key,
        private_key: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n',
      });
    const p = assertProblem(res, 400, 'validation');
    assert.deepEqual(
      p.errors!.map((e) => e.path),
      ['body.private_key'],
    );
    const unknown = await g.t.http
      .put('/analytics/gsc/credentials')
      .set(g.t.auth)
      .send({ client_id: 'x', client_secret: 'y' });
    assertProblem(unknown, 400, 'validation');
  });
});
