/**
 * `siteloupe mcp` sends the API token only to a server that proves it holds it. A stale `server.json` (left by
 * a server killed with SIGKILL or by the OOM killer) names a port a stranger may now listen on, with a live pid
 * (pids are reused); a stranger who answers the public `/health` with the right `db.path`, with no proof, a
 * made-up one, or the real server's answer relayed, must see no token, and the command must say what to do.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadOrCreateToken } from '../../../server/adapters/api-token.js';
import { CLI_BIN, ensureBuilt } from '../../helpers/build.js';
import { spawnChild } from '../../helpers/child-server.js';
import { tempDirsRemovedAfter } from '../../helpers/test-app.js';

const tempDir = tempDirsRemovedAfter();
before(() => ensureBuilt());

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local HTTP server that claims the data dir on `/health`, answering `proof` (or relaying), and logs all. */
async function stranger(dataDir: string, proof: (challenge: string) => Promise<string | undefined>) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (c: string) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const url = new URL(req.url!, 'http://127.0.0.1');
      void (async () => {
        if (url.pathname !== '/health') {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
          return;
        }
        const answer = await proof(url.searchParams.get('challenge') ?? '');
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            status: 'ok',
            version: '0.1.0',
            db: { path: join(dataDir, 'siteloupe.db'), schema_version: 30 },
            model: { name: 'all-MiniLM-L6-v2', dim: 384, ready: true },
            chromium: { path: null },
            ...(answer === undefined ? {} : { proof: answer }),
          }),
        );
      })();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  after(() => server.close());
  return { port, seen };
}

/** The stale file: the stranger's port, and a pid that is alive (this test process's). */
function plantServerFile(dataDir: string, port: number): string {
  const file = join(dataDir, 'server.json');
  writeFileSync(file, JSON.stringify({ url: `http://127.0.0.1:${port}/`, port, pid: process.pid }), {
    mode: 0o600,
  });
  return file;
}

async function runMcp(dataDir: string) {
  const child = spawnChild([CLI_BIN, 'mcp', '--data-dir', dataDir]);
  const exit = await child.exited;
  return { exit, stderr: child.stderr() };
}

function assertTokenUnseen(seen: Seen[], token: string) {
  assert.ok(seen.length >= 1, 'the stranger was asked for its health');
  for (const r of seen) {
    assert.equal(r.method, 'GET');
    assert.match(r.url, /^\/health\?challenge=[\w-]{16,128}$/);
    assert.equal(r.headers.authorization, undefined);
    assert.equal(r.headers.cookie, undefined);
    assert.doesNotMatch(JSON.stringify(r), new RegExp(token), 'the token reached the stranger');
  }
}

describe('siteloupe mcp with a stale server.json', () => {
  it('sends no token to a stranger that claims the data dir but does not answer the challenge', async () => {
    const dataDir = tempDir();
    const token = loadOrCreateToken(dataDir);
    const s = await stranger(dataDir, () => Promise.resolve(undefined));
    const file = plantServerFile(dataDir, s.port);
    const { exit, stderr } = await runMcp(dataDir);
    assert.equal(exit.code, 1, stderr);
    assert.ok(stderr.includes(`${file} names a server at http://127.0.0.1:${s.port}/`), stderr);
    assert.match(stderr, /did not answer the challenge/);
    assert.match(stderr, /token was not sent/);
    assert.match(stderr, /delete .*server\.json/);
    assertTokenUnseen(s.seen, token);
  });

  it('sends no token to a stranger whose answer is made up', async () => {
    const dataDir = tempDir();
    const token = loadOrCreateToken(dataDir);
    const s = await stranger(dataDir, () => Promise.resolve('0'.repeat(64)));
    plantServerFile(dataDir, s.port);
    const { exit, stderr } = await runMcp(dataDir);
    assert.equal(exit.code, 1, stderr);
    assert.match(stderr, /cannot prove it holds its API token, so the token was not sent/);
    assertTokenUnseen(s.seen, token);
  });

  it('sends no token to a stranger that relays the challenge to the real server on the data dir', async () => {
    const dataDir = tempDir();
    const token = loadOrCreateToken(dataDir);
    const real = spawnChild([CLI_BIN, 'serve', '--port', '0', '--data-dir', dataDir, '--no-open']);
    const [, realUrl] = (await real.waitFor(/running at (http:\/\/127\.0\.0\.1:\d+\/)/)) as [string, string];
    try {
      const s = await stranger(dataDir, async (challenge) => {
        const res = await fetch(`${realUrl}health?challenge=${challenge}`);
        return ((await res.json()) as { proof?: string }).proof;
      });
      plantServerFile(dataDir, s.port);
      const { exit, stderr } = await runMcp(dataDir);
      assert.equal(exit.code, 1, stderr);
      assert.match(stderr, /cannot prove it holds its API token/);
      assertTokenUnseen(s.seen, token);
    } finally {
      real.proc.kill('SIGTERM');
      await real.exited;
    }
  });
});
