/**
 * A download waits for its reader: while the client reads nothing, the server does not go on reading rows and
 * piling their text up in memory. exceljs commits XLSX rows without heeding its zip: a paused `pages.xlsx` of
 * these 1,500 pages held 43 MB, and one of 6,000 pages 170 MB, until rows were made to wait for the zip (now
 * 10 MB; `pages.json` 4.5 MB, about one read of rows).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';

const MB = 1 << 20;
const PAGES = 1500;
/** Random text, which the zip cannot shrink much: 1,500 titles of 30 K characters make 45 MB. */
const title = (i: number) => `${i} ${randomBytes(22_500).toString('base64')}`;

let t: TestApp;
let siteId: number;

before(async () => {
  t = await createTestApp({ startRunner: false });
  siteId = t.store.sites.insert({
    name: 'Long titles',
    start_url: 'https://long.test/',
    origin: 'https://long.test',
    settings: {},
  }).id;
  const url = t.db.prepare<[number, string]>(
    `INSERT INTO urls (site_id, url, internal, state, depth, priority, sources, followable, first_seen_at)
     VALUES (?, ?, 1, 'done', 0, 0, 1, 1, '2026-01-01T00:00:00.000Z')`,
  );
  const page = t.db.prepare<[number, number, string, string]>(
    `INSERT INTO pages (id, site_id, url, title, status_code, content_type, indexable, depth, crawled_at)
     VALUES (?, ?, ?, ?, 200, 'text/html', 1, 0, '2026-01-01T00:00:00.000Z')`,
  );
  t.db.transaction(() => {
    for (let i = 0; i < PAGES; i++) {
      const address = `https://long.test/p${i}`;
      page.run(Number(url.run(siteId, address).lastInsertRowid), siteId, address, title(i));
    }
  })();
});
after(async () => {
  await t.close();
});

function get(path: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) =>
    http.get(`${t.baseUrl}${path}`, { headers: t.auth }, resolve).on('error', reject),
  );
}

// A collection before each reading, so that what is counted is what is held, not garbage.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Memory in buffers and in the JS heap. */
function held(): number {
  gc();
  const m = process.memoryUsage();
  return m.arrayBuffers + m.heapUsed;
}

describe('downloads wait for their reader', () => {
  for (const format of ['xlsx', 'json'] as const) {
    it(`pages.${format} holds little while the client reads nothing`, async () => {
      const before = held();
      const res = await get(`/export/pages.${format}?site_id=${siteId}`);
      assert.equal(res.statusCode, 200);
      res.pause();
      await sleep(1000);
      const grown = held() - before;
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.resume();
      await new Promise((r) => res.on('end', r));
      assert.ok(bytes > 30 * MB, `the whole file came (${(bytes / MB).toFixed(0)} MB)`);
      assert.ok(grown < 25 * MB, `${(grown / MB).toFixed(0)} MB held while the client read nothing`);
    });
  }
});
