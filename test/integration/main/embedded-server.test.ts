/**
 * The desktop shell's server, started the way main/main.ts starts it but under plain Node (no Electron binary
 * exists here): a real port, a real SQLite file in the data dir given, the token link a window opens, and a
 * stop that frees the port and closes the database while an event stream is still open.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { startEmbeddedServer } from '../../../main/embedded-server.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = makeTempDir();
  dirs.push(d);
  return d;
};
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const QUIET = { ...process.env, SITELOUPE_LOG_LEVEL: 'warn' };

/** A stand-in for the packaged app's dist/renderer, with a line only this test writes. */
function uiDirWith(marker: string): string {
  const dir = join(tempDir(), 'renderer');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>Siteloupe</title><p>${marker}</p>`);
  return dir;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe('embedded server (the Electron shell under Node)', () => {
  it('listens on 127.0.0.1 with a token link, keeps its data in the data dir, serves the UI and stops once', async () => {
    const dataDir = join(tempDir(), 'userData', 'data'); // not created yet, as on a first start
    const marker = `embedded-ui-${process.pid}`;
    const server = await startEmbeddedServer({ dataDir, uiDir: uiDirWith(marker), env: QUIET });

    const match = /^http:\/\/127\.0\.0\.1:(\d+)\/\?token=([\w-]+)$/.exec(server.openUrl);
    assert.ok(match, `openUrl ${server.openUrl} is a loopback http URL with a token`);
    const [, portText, token] = match as unknown as [string, string, string];
    const port = Number(portText);
    assert.ok(port > 0);
    assert.equal(server.origin, `http://127.0.0.1:${port}`);
    assert.equal(server.dataDir, dataDir);
    assert.equal(readFileSync(join(dataDir, 'api-token'), 'utf8').trim(), token);

    const health = await fetch(`${server.origin}/health`);
    assert.equal(health.status, 200);
    const body = (await health.json()) as { db: { path: string; schema_version: number } };
    assert.equal(body.db.path, join(dataDir, 'siteloupe.db'));
    assert.ok(body.db.schema_version >= 1);
    assert.ok(statSync(join(dataDir, 'siteloupe.db')).isFile());

    // What the window does: open the token link, keep the cookie, land on the UI.
    const landing = await fetch(server.openUrl, { redirect: 'manual' });
    assert.equal(landing.status, 302);
    assert.equal(landing.headers.get('location'), '/');
    const setCookie = landing.headers.get('set-cookie') ?? '';
    assert.match(setCookie, new RegExp(`^siteloupe_token=${token};`));
    assert.match(setCookie, /HttpOnly/i);
    const cookie = setCookie.split(';')[0]!;

    const ui = await fetch(`${server.origin}/`, { headers: { cookie, accept: 'text/html' } });
    assert.equal(ui.status, 200);
    assert.match(ui.headers.get('content-type')!, /^text\/html/);
    assert.match(await ui.text(), new RegExp(marker));

    assert.equal((await fetch(`${server.origin}/sites`, { headers: { cookie } })).status, 200);
    const refused = await fetch(`${server.origin}/sites`);
    assert.equal(refused.status, 401);
    assert.match(refused.headers.get('content-type')!, /^application\/problem\+json/);

    // The window keeps an event stream open; stopping must not wait for it to end on its own.
    const events = await fetch(`${server.origin}/events`, { headers: { cookie } });
    assert.equal(events.status, 200);
    const reader = events.body!.getReader();
    void reader.read().catch(() => undefined);

    const first = server.stop(10_000);
    const second = server.stop();
    assert.equal(second, first, 'stop() hands back the first call’s promise');
    assert.equal(await first, 'closed');
    assert.equal(await server.stop(), 'closed');
    await reader.cancel().catch(() => undefined);

    assert.ok(await portIsFree(port), `port ${port} is free after stop()`);
    await assert.rejects(fetch(`${server.origin}/health`), 'nothing answers on the old port');
    // SQLite removes the WAL file when the last connection closes: the database was closed, not abandoned.
    assert.equal(existsSync(join(dataDir, 'siteloupe.db-wal')), false);
  });

  it('reads the model and sample site from the resources folder it is given', async () => {
    const resourcesDir = tempDir(); // like process.resourcesPath with no model in it
    const server = await startEmbeddedServer({ dataDir: tempDir(), resourcesDir, env: QUIET });
    try {
      const health = (await (await fetch(`${server.origin}/health`)).json()) as {
        status: string;
        model: { ready: boolean };
      };
      assert.equal(health.model.ready, false);
      assert.equal(health.status, 'degraded');
    } finally {
      assert.equal(await server.stop(), 'closed');
    }
  });

  it('reuses the data dir and its token on the next start', async () => {
    const dataDir = tempDir();
    const first = await startEmbeddedServer({ dataDir, env: QUIET });
    await first.stop();
    const second = await startEmbeddedServer({ dataDir, env: QUIET });
    try {
      const token = (url: string) => new URL(url).searchParams.get('token');
      assert.equal(token(second.openUrl), token(first.openUrl));
      assert.equal((await fetch(`${second.origin}/health`)).status, 200);
    } finally {
      await second.stop();
    }
  });
});
