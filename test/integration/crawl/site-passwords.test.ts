/**
 * A site's Basic-auth password lives in the data dir's secret store (a 0600 file the domain owns), never in the
 * SQLite file or its WAL; the crawl reads it from there and still logs in; deleting the site or clearing its
 * credentials removes it; a password the store lost is refused with what to do, not crawled with an empty one.
 * A database from before migration 30 opened by the app moves its passwords into the store.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ConflictError } from '../../../server/domain/errors.js';
import { sitePasswordsFileName } from '../../../server/domain/sites/site-passwords.js';
import { openDatabase } from '../../../server/store/index.js';
import { MIGRATIONS } from '../../../server/store/migrations/index.js';
import { runJob } from '../../helpers/crawl-site.js';
import { createTestApp, makeTempDir, type TestApp } from '../../helpers/test-app.js';
import { startStagingSite, type StagingSite } from '../../fixtures/servers/staging-site.js';

const PASSWORD = 'p@ss:Quokka7-e41c';
const FAST = { max_requests_per_second: 200, concurrency: 4, timeout_ms: 5000 };

let t: TestApp;
let staging: StagingSite;
before(async () => {
  t = await createTestApp();
  staging = await startStagingSite({ username: 'ana', password: PASSWORD });
});
after(async () => {
  await t.close();
  await staging.close();
});

const secretFile = (app: TestApp) => join(app.dir, sitePasswordsFileName(app.file));

/** Whether the database file or its WAL holds these bytes anywhere. */
function inDatabase(file: string, text: string): boolean {
  const needle = Buffer.from(text, 'utf8');
  return [file, `${file}-wal`].some((f) => existsSync(f) && readFileSync(f).includes(needle));
}

describe('site passwords in the secret store', () => {
  it('keeps the password out of the SQLite file and its WAL, and the crawl still logs in', async () => {
    const site = await t.call('sites.create', {
      start_url: `http://127.0.0.1:${staging.port}/`,
      http_auth: { username: 'ana', password: PASSWORD },
      settings: FAST,
    });
    assert.deepEqual(site.http_auth, { username: 'ana', password_set: true });
    assert.equal(inDatabase(t.file, PASSWORD), false, 'no password in the database');
    const secret = secretFile(t);
    assert.equal(statSync(secret).mode & 0o777, 0o600);
    assert.ok(readFileSync(secret, 'utf8').includes(JSON.stringify(PASSWORD)));

    staging.requests.length = 0;
    const result = await runJob(t, 'crawl.start', { site_id: site.id });
    assert.ok(result.fetched >= 3, JSON.stringify(result));
    const expected = `Basic ${Buffer.from(`ana:${PASSWORD}`).toString('base64')}`;
    assert.ok(staging.requests.length >= 3);
    for (const r of staging.requests) assert.equal(r.authorization, expected, r.path);
    const statuses = t.db
      .prepare('SELECT p.status_code FROM pages p JOIN urls u ON u.id = p.id WHERE u.site_id = ?')
      .pluck()
      .all(site.id);
    assert.ok(statuses.length >= 3 && statuses.every((s) => s === 200), JSON.stringify(statuses));
    assert.equal(inDatabase(t.file, PASSWORD), false, 'nor after the crawl');
    assert.equal(inDatabase(t.file, expected.slice('Basic '.length)), false, 'nor the header sent');

    await t.call('sites.delete', { site_id: site.id });
    assert.equal(existsSync(secret), false, 'deleting the site removes its password');
  });

  it('removes the password when the credentials are cleared or lose it, keeps the other sites’', async () => {
    const a = await t.call('sites.create', {
      start_url: `http://127.0.0.1:${staging.port}/a`,
      http_auth: { username: 'ana', password: 'first-Wombat-1' },
    });
    const b = await t.call('sites.create', {
      start_url: `http://127.0.0.1:${staging.port}/b`,
      http_auth: { username: 'bo', password: 'second-Numbat-2' },
    });
    const stored = () => readFileSync(secretFile(t), 'utf8');
    await t.call('sites.update', { site_id: a.id, http_auth: null });
    assert.doesNotMatch(stored(), /first-Wombat-1/);
    assert.match(stored(), /second-Numbat-2/);
    const noPassword = await t.call('sites.update', {
      site_id: b.id,
      http_auth: { username: 'bo', password: '' },
    });
    assert.deepEqual(noPassword.http_auth, { username: 'bo', password_set: false });
    assert.equal(existsSync(secretFile(t)), false);
    assert.deepEqual(t.services.sites.credentials(b.id)?.credentials, { username: 'bo', password: '' });
    await t.call('sites.delete', { site_id: a.id });
    await t.call('sites.delete', { site_id: b.id });
  });

  it('refuses to crawl with a password the secret store lost, saying what to do', async () => {
    const site = await t.call('sites.create', {
      start_url: `http://127.0.0.1:${staging.port}/`,
      http_auth: { username: 'ana', password: PASSWORD },
    });
    rmSync(secretFile(t));
    assert.throws(
      () => t.services.sites.credentials(site.id),
      (err: unknown) =>
        err instanceof ConflictError &&
        /missing from the data dir's secret store.*http_auth/.test(err.message),
    );
    await t.call('sites.delete', { site_id: site.id });
  });
});

describe('a database from before migration 30', () => {
  it('has its passwords moved into the secret store when the app opens it, and the crawl logs in', async () => {
    const dir = makeTempDir();
    after(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'siteloupe.db');
    const old = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.id < 30) });
    const now = new Date().toISOString();
    old
      .prepare(
        `INSERT INTO sites (id, name, start_url, origin, settings, created_at, updated_at)
         VALUES (1, 'staging', ?, ?, ?, ?, ?)`,
      )
      .run(
        `http://127.0.0.1:${staging.port}/`,
        `http://127.0.0.1:${staging.port}`,
        JSON.stringify(FAST),
        now,
        now,
      );
    old
      .prepare(`INSERT INTO site_credentials (site_id, username, password) VALUES (1, 'ana', ?)`)
      .run(PASSWORD);
    old.close();

    const app = await createTestApp({ dbFile: file });
    try {
      assert.deepEqual((await app.call('sites.get', { site_id: 1 })).http_auth, {
        username: 'ana',
        password_set: true,
      });
      assert.equal(inDatabase(file, PASSWORD), false);
      assert.ok(
        readFileSync(join(dir, sitePasswordsFileName(file)), 'utf8').includes(JSON.stringify(PASSWORD)),
      );
      staging.requests.length = 0;
      const result = await runJob(app, 'crawl.start', { site_id: 1 });
      assert.ok(result.fetched >= 3, JSON.stringify(result));
      const expected = `Basic ${Buffer.from(`ana:${PASSWORD}`).toString('base64')}`;
      assert.ok(staging.requests.every((r) => r.authorization === expected));
    } finally {
      await app.close();
    }
  });
});
