/**
 * `sendJson`: an ordinary answer leaves exactly as `res.json` sent it (bytes, Content-Type, Content-Length,
 * HEAD); a long one is streamed with the same bytes and waits for the client (a paused reader holds back the
 * writes instead of the whole answer piling up in memory); a failure after the first byte is logged and cuts
 * the connection, one before it reaches the route's error handling.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import express, { type Response } from 'express';
import { sendJson, WHOLE_ANSWER_CHARS } from '../../../server/http/json-stream.js';
import { createLogger } from '../../../server/logger.js';

const MB = 1 << 20;
const logged: string[] = [];
const logger = createLogger('debug', (line) => logged.push(line));
/** Characters each route's answer wrote, read while the client holds back. */
const written = new Map<string, number>();
let bodies: Record<string, unknown> = {};
let server: http.Server;
let base: string;

function counting(path: string, res: Response) {
  const write = res.write.bind(res) as (chunk: string) => boolean;
  written.set(path, 0);
  res.write = ((chunk: string) => {
    written.set(path, written.get(path)! + chunk.length);
    return write(chunk);
  }) as typeof res.write;
}

before(async () => {
  const app = express();
  app.set('etag', false);
  app.get('/json/:name', (req, res) => {
    res.json(bodies[req.params.name]);
  });
  app.get('/stream/:name', async (req, res) => {
    counting(req.params.name, res);
    try {
      await sendJson(req, res, bodies[req.params.name], logger);
    } catch (err) {
      res.status(500).json({ failed: String(err) });
    }
  });
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise((r) => server.close(r)));

function request(path: string, method = 'GET'): Promise<IncomingMessage> {
  return new Promise((resolve, reject) =>
    http.request(`${base}${path}`, { method }, resolve).on('error', reject).end(),
  );
}
const read = async (res: IncomingMessage) => Buffer.concat(await res.toArray());

describe('sendJson', () => {
  it('sends an ordinary answer exactly as res.json does', async () => {
    bodies = {
      list: {
        items: [{ id: 1, title: 'Café – 日本語 🌱 \u0001 "q"', when: new Date(0), gone: undefined }],
        next_cursor: null,
      },
      empty: { items: [], next_cursor: 'abc' },
      array: [1, 'two', null, undefined],
      scalar: 'text',
    };
    for (const name of Object.keys(bodies)) {
      for (const method of ['GET', 'HEAD']) {
        const [a, b] = [await request(`/json/${name}`, method), await request(`/stream/${name}`, method)];
        assert.equal(b.statusCode, a.statusCode);
        for (const h of ['content-type', 'content-length', 'transfer-encoding'])
          assert.equal(b.headers[h], a.headers[h], `${method} ${name}: ${h}`);
        assert.deepEqual(await read(b), await read(a), `${method} ${name}: the same bytes`);
      }
    }
  });

  it('streams a long answer with the same bytes, waiting while the client does not read', async () => {
    const text = 'x'.repeat(MB);
    bodies = { long: { items: Array.from({ length: 64 }, (_, id) => ({ id, text })), next_cursor: null } };
    const expected = Buffer.from(JSON.stringify(bodies.long));
    const res = await request('/stream/long');
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(res.headers['content-length'], undefined);
    assert.equal(res.headers['transfer-encoding'], 'chunked');
    // Read past the first part (sent before any wait), then stop reading.
    const received: Buffer[] = [];
    let bytes = 0;
    await new Promise<void>((resolve) => {
      const onData = (chunk: Buffer) => {
        received.push(chunk);
        bytes += chunk.length;
        if (bytes < 2 * WHOLE_ANSWER_CHARS) return;
        res.pause();
        res.off('data', onData);
        resolve();
      };
      res.on('data', onData);
    });
    await new Promise((r) => setTimeout(r, 300));
    const whilePaused = written.get('long')!;
    assert.ok(
      whilePaused < expected.length / 2,
      `${(whilePaused / MB).toFixed(1)} MB of ${(expected.length / MB).toFixed(1)} MB written while the client read ${(bytes / MB).toFixed(1)} MB`,
    );
    received.push(await read(res));
    assert.ok(Buffer.concat(received).equals(expected));
  });

  it('logs a failure after the first byte and cuts the connection', async () => {
    const text = 'x'.repeat(MB);
    const bomb = {
      toJSON() {
        throw new Error('cannot serialise this item');
      },
    };
    bodies = { late: { items: [...Array.from({ length: 6 }, () => ({ text })), bomb], next_cursor: null } };
    logged.length = 0;
    const res = await request('/stream/late');
    assert.equal(res.statusCode, 200);
    await assert.rejects(read(res), /aborted/);
    assert.equal(logged.length, 1);
    assert.match(logged[0]!, /error GET \/stream\/late failed after its answer began; the connection is cut/);
    assert.match(logged[0]!, /cannot serialise this item/);
  });

  it('throws a failure before the first byte, so it can still be answered', async () => {
    const bomb = {
      toJSON() {
        throw new Error('cannot serialise this item');
      },
    };
    bodies = { early: { items: [bomb], next_cursor: null } };
    const res = await request('/stream/early');
    assert.equal(res.statusCode, 500);
    assert.deepEqual(JSON.parse((await read(res)).toString()), {
      failed: 'Error: cannot serialise this item',
    });
  });
});
