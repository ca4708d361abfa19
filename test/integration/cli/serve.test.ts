/** `siteloupe serve` as a user runs it: the compiled bin, a real port, real signals. */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { CLI_BIN, ensureBuilt } from '../../helpers/build.js';
import { spawnChild } from '../../helpers/child-server.js';
import { tempDirsRemovedAfter } from '../../helpers/test-app.js';

const tempDir = tempDirsRemovedAfter();
before(() => ensureBuilt());

describe('siteloupe serve', () => {
  it('prints the URL with the token, serves the API, and stops cleanly on Ctrl-C', async () => {
    const dataDir = tempDir();
    const child = spawnChild([CLI_BIN, 'serve', '--port', '0', '--data-dir', dataDir, '--no-open']);
    const [, url, token] = (await child.waitFor(/Open: (http:\/\/127\.0\.0\.1:\d+\/)\?token=([\w-]+)/)) as [
      string,
      string,
      string,
    ];
    assert.equal(readFileSync(join(dataDir, 'api-token'), 'utf8').trim(), token);
    assert.equal(statSync(join(dataDir, 'api-token')).mode & 0o777, 0o600);
    assert.ok(statSync(join(dataDir, 'siteloupe.db')).isFile());

    const health = await fetch(`${url}health`);
    assert.equal(health.status, 200);
    const body = (await health.json()) as { version: string; db: { path: string; schema_version: number } };
    assert.equal(body.db.path, join(dataDir, 'siteloupe.db'));
    assert.ok(body.db.schema_version >= 1);

    const refused = await fetch(`${url}sites`);
    assert.equal(refused.status, 401);
    assert.match(refused.headers.get('content-type')!, /^application\/problem\+json/);

    const bad = await fetch(`${url}sites`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ start_url: 'not a url', extra: true }),
    });
    assert.equal(bad.status, 400);
    const problem = (await bad.json()) as { type: string; errors: { path: string }[] };
    assert.equal(problem.type, 'urn:siteloupe:problem:validation');
    assert.deepEqual(problem.errors.map((e) => e.path).sort(), ['body.extra', 'body.start_url']);

    const openapi = await fetch(`${url}openapi.json`);
    assert.equal(((await openapi.json()) as { openapi: string }).openapi, '3.1.0');

    child.proc.kill('SIGINT');
    const exit = await child.exited;
    assert.equal(exit.code, 0, child.stderr());
    assert.match(child.stdout(), /Stopping \(SIGINT\)/);
    assert.doesNotMatch(child.stderr(), new RegExp(token), 'the token never reaches the log');
  });

  it('--no-auth says so and serves without a token', async () => {
    const child = spawnChild([
      CLI_BIN,
      'serve',
      '--port',
      '0',
      '--data-dir',
      tempDir(),
      '--no-open',
      '--no-auth',
    ]);
    const [, url] = (await child.waitFor(/running at (http:\/\/127\.0\.0\.1:\d+\/)/)) as [string, string];
    await child.waitFor(/Authentication is OFF/);
    assert.equal((await fetch(`${url}sites`)).status, 200);
    child.proc.kill('SIGTERM');
    assert.equal((await child.exited).code, 0);
  });

  it('refuses a corrupt database with a message naming the file, and leaves it as it was', async () => {
    const dataDir = tempDir();
    const file = join(dataDir, 'siteloupe.db');
    writeFileSync(file, 'not a database '.repeat(500));
    const child = spawnChild([CLI_BIN, 'serve', '--port', '0', '--data-dir', dataDir, '--no-open']);
    const exit = await child.exited;
    assert.equal(exit.code, 1);
    assert.match(
      child.stderr(),
      new RegExp(`Cannot open database ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`),
    );
    assert.match(child.stderr(), /not a valid SQLite database/);
    assert.equal(readFileSync(file, 'utf8'), 'not a database '.repeat(500));
  });

  it('explains a port that is already in use', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    const port = (blocker.address() as { port: number }).port;
    try {
      const child = spawnChild([
        CLI_BIN,
        'serve',
        '--port',
        String(port),
        '--data-dir',
        tempDir(),
        '--no-open',
      ]);
      assert.equal((await child.exited).code, 1);
      assert.match(child.stderr(), new RegExp(`Port ${port} on 127\\.0\\.0\\.1 is in use.*--port`));
    } finally {
      blocker.close();
    }
  });

  it('reads SITELOUPE_DATA_DIR and SITELOUPE_PORT when no flags are given', async () => {
    const dataDir = tempDir();
    const child = spawnChild([CLI_BIN, 'serve', '--no-open'], {
      SITELOUPE_DATA_DIR: dataDir,
      SITELOUPE_PORT: '0',
    });
    await child.waitFor(/running at http:\/\/127\.0\.0\.1:\d+\//);
    // The lines may arrive in separate chunks: wait for the one this test is about.
    await child.waitFor(new RegExp(`Data: ${dataDir}`), 5_000);
    child.proc.kill('SIGTERM');
    assert.equal((await child.exited).code, 0);
  });
});
