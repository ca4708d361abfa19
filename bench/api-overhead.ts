/**
 * What the API conventions cost per request: `GET /sites` through the full app (Host/Origin guard, token check,
 * zod query validation, SQLite read, JSON) against a bare Express handler that returns the same JSON, both on
 * 127.0.0.1 in this process with keep-alive clients. Prints requests/s of each and the ratio.
 *
 *   npx tsx bench/api-overhead.ts [requests=20000] [concurrency=16]
 */
import { Agent, request } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createTestApp } from '../test/helpers/test-app.js';

const total = Number(process.argv[2] ?? 20_000);
const concurrency = Number(process.argv[3] ?? 16);

async function hammer(port: number, path: string, headers: Record<string, string>): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let sent = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
        res.resume().on('end', resolve);
      });
      req.on('error', reject).end();
    });
  const worker = async () => {
    while (sent < total) {
      sent++;
      await one();
    }
  };
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  agent.destroy();
  return total / seconds;
}

const t = await createTestApp();
for (let i = 0; i < 20; i++) await t.post('/sites', { start_url: `https://bench${i}.test/` });
const payload = (await t.get('/sites?limit=20')).body as unknown;

const bare = express();
bare.get('/sites', (_req, res) => void res.json(payload));
const bareServer = bare.listen(0, '127.0.0.1');
await once(bareServer, 'listening');
const barePort = (bareServer.address() as AddressInfo).port;

// Warm both, then measure the baseline and Siteloupe alternately, twice, keeping the best of each.
await hammer(barePort, '/sites', {});
await hammer(t.port, '/sites?limit=20', t.auth);
let baseline = 0;
let siteloupe = 0;
for (let round = 0; round < 2; round++) {
  baseline = Math.max(baseline, await hammer(barePort, '/sites', {}));
  siteloupe = Math.max(siteloupe, await hammer(t.port, '/sites?limit=20', t.auth));
}
console.log(`bare express      ${baseline.toFixed(0)} req/s`);
console.log(`siteloupe /sites  ${siteloupe.toFixed(0)} req/s`);
console.log(
  `ratio             ${(siteloupe / baseline).toFixed(2)}× of bare express (${total} requests, ${concurrency} concurrent)`,
);
bareServer.close();
await t.close();
