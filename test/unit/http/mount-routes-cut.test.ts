/**
 * A streamed answer that fails after its first byte can no longer become a problem: `mountRoutes` logs it as an
 * error and cuts the connection, so the client sees an incomplete answer and the log says why; a client that
 * hangs up mid-download is no server error (one debug line).
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import express from 'express';
import { mountRoutes } from '../../../server/http/define-route.js';
import { createLogger } from '../../../server/logger.js';
import { routeDef } from '../../helpers/route-def.js';

const logged: string[] = [];
let server: http.Server;
let base: string;
let downloadEnded: () => void;
const ended = new Promise<void>((r) => (downloadEnded = r));

before(async () => {
  const router = express.Router();
  mountRoutes(
    router,
    [
      routeDef({
        path: '/broken',
        operationId: 'sites.broken',
        stream: async (_input, _req, res) => {
          res.status(200).set('Content-Type', 'text/csv');
          res.write('url,title\n');
          await sleep(10);
          throw new Error('the database went away');
        },
      }),
      routeDef({
        path: '/endless',
        operationId: 'sites.endless',
        stream: async (_input, _req, res) => {
          res.status(200).set('Content-Type', 'text/csv');
          try {
            await pipeline(
              Readable.from(
                (async function* () {
                  for (;;) {
                    yield 'x'.repeat(64 * 1024);
                    await sleep(1);
                  }
                })(),
              ),
              res,
            );
          } finally {
            downloadEnded();
          }
        },
      }),
    ],
    { bodyLimitBytes: 1024, logger: createLogger('debug', (line) => logged.push(line)) },
  );
  const app = express();
  app.use(router);
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise((r) => server.close(r)));

const get = (path: string) =>
  new Promise<IncomingMessage>((resolve, reject) => http.get(`${base}${path}`, resolve).on('error', reject));

describe('mountRoutes after the first byte', () => {
  it('logs a stream that failed mid-answer and cuts the connection', async () => {
    logged.length = 0;
    const res = await get('/broken');
    assert.equal(res.statusCode, 200);
    await assert.rejects(res.toArray(), /aborted/);
    assert.equal(logged.length, 1);
    assert.match(logged[0]!, /error GET \/broken failed after its answer began; the connection is cut/);
    assert.match(logged[0]!, /the database went away/);
  });

  it('notes a client that hung up as debug, not as an error', async () => {
    logged.length = 0;
    const res = await get('/endless');
    await once(res, 'data');
    res.destroy();
    await ended;
    await sleep(20);
    assert.equal(logged.length, 1, logged.join(''));
    assert.match(logged[0]!, /debug GET \/endless: the client closed the connection/);
  });
});
