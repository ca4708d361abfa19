/**
 * What `startServer` leaves on disk is its owner's only: the data dir it creates is 0700, and in a data dir that
 * already existed 0755 the database, its WAL and SHM, the token and server.json are 0600.
 */
import assert from 'node:assert/strict';
import { chmodSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { resolveConfig } from '../../../server/config.js';
import { startServer } from '../../../server/main.js';
import { makeTempDir } from '../../helpers/test-app.js';

const root = makeTempDir();
after(() => rmSync(root, { recursive: true, force: true }));
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** Each file of the data dir with its mode, while the server runs (the WAL, SHM and server.json go at close). */
async function startAndList(dataDir: string): Promise<Map<string, string>> {
  const server = await startServer(resolveConfig({ port: 0, dataDir }, { SITELOUPE_LOG_LEVEL: 'silent' }));
  try {
    // A write, so the WAL holds something.
    await fetch(new URL('/sites', server.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ start_url: 'https://example.com/' }),
    });
    return new Map(readdirSync(dataDir).map((f) => [f, mode(join(dataDir, f))]));
  } finally {
    await server.close();
  }
}

describe('data dir modes', { skip: process.platform === 'win32' }, () => {
  it('creates the data dir 0700', async () => {
    const dataDir = join(root, 'new', 'siteloupe');
    await startAndList(dataDir);
    assert.equal(mode(dataDir), '700');
  });

  it('keeps every file 0600 in a data dir that already existed 0755', async () => {
    const dataDir = makeTempDir();
    chmodSync(dataDir, 0o755);
    const umask = process.umask(0o022);
    try {
      const files = await startAndList(dataDir);
      for (const f of ['siteloupe.db', 'siteloupe.db-wal', 'siteloupe.db-shm', 'api-token', 'server.json']) {
        assert.ok(files.has(f), `${f} in ${[...files.keys()].join(', ')}`);
      }
      for (const [f, m] of files) assert.equal(m, '600', f);
    } finally {
      process.umask(umask);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
