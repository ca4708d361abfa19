/**
 * `server.json` is removed on every exit a server process sees: `siteloupe serve` stopped by SIGINT, SIGTERM or
 * SIGHUP, and a process that dies of an uncaught exception or an unhandled rejection. A file another server has
 * written since is left alone.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { PROJECT_ROOT } from '../../../server/version.js';
import { CLI_BIN, ensureBuilt } from '../../helpers/build.js';
import { spawnChild } from '../../helpers/child-server.js';
import { tempDirsRemovedAfter } from '../../helpers/test-app.js';

const CRASHING = join(PROJECT_ROOT, 'test', 'fixtures', 'servers', 'crashing-server.ts');
const tempDir = tempDirsRemovedAfter();
before(() => ensureBuilt());

const serverFile = (dataDir: string) => join(dataDir, 'server.json');

async function serve(dataDir: string) {
  const child = spawnChild([CLI_BIN, 'serve', '--port', '0', '--data-dir', dataDir, '--no-open']);
  const [, url] = (await child.waitFor(/running at (http:\/\/127\.0\.0\.1:\d+\/)/)) as [string, string];
  const info = JSON.parse(readFileSync(serverFile(dataDir), 'utf8')) as { url: string; pid: number };
  assert.deepEqual([info.url, info.pid], [url, child.proc.pid]);
  return child;
}

describe('server.json on exit', () => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    it(`is removed when siteloupe serve is stopped by ${signal}`, async () => {
      const dataDir = tempDir();
      const child = await serve(dataDir);
      child.proc.kill(signal);
      const exit = await child.exited;
      assert.equal(exit.code, 0, `${JSON.stringify(exit)} ${child.stdout()} ${child.stderr()}`);
      assert.equal(existsSync(serverFile(dataDir)), false);
    });
  }

  for (const mode of ['throw', 'reject'] as const) {
    it(`is removed when the process dies of an ${mode === 'throw' ? 'uncaught exception' : 'unhandled rejection'}`, async () => {
      const dataDir = tempDir();
      const child = spawnChild(['--import', 'tsx', CRASHING, dataDir, mode]);
      await child.waitFor(/READY http/);
      assert.ok(existsSync(serverFile(dataDir)));
      child.proc.kill('SIGUSR2');
      const exit = await child.exited;
      assert.notEqual(exit.code, 0);
      assert.match(child.stderr(), mode === 'throw' ? /planted crash/ : /planted rejection/);
      assert.equal(existsSync(serverFile(dataDir)), false);
    });
  }

  it('is left alone when another server has written it since', async () => {
    const dataDir = tempDir();
    const child = await serve(dataDir);
    const other = `${JSON.stringify({ url: 'http://127.0.0.1:9/', port: 9, pid: process.pid })}\n`;
    writeFileSync(serverFile(dataDir), other);
    child.proc.kill('SIGTERM');
    assert.equal((await child.exited).code, 0, child.stderr());
    assert.equal(readFileSync(serverFile(dataDir), 'utf8'), other);
  });
});
