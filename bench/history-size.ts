/**
 * What crawl history costs on disk (issue #20: ≤ 1.5× the database of one crawl after ten crawls). A generated
 * 20,000-page site (bench/site/generated-site.ts) is crawled ten times through the app's own crawl job; between
 * crawls 2 % of its articles change (a new title and an added paragraph), cumulatively, as an editor's week
 * would. After the first crawl and after the tenth the database is vacuumed into a copy and measured, so free
 * pages do not count. Baseline in the same run: what the snapshots would cost as full copies (the first
 * snapshot's bytes per crawl kept).
 *
 *   npm run bench:history -- [pages=20000] [crawls=10] [changed=0.02]
 */
import { statSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { generatedSite } from './site/generated-site.js';
import { machineLine } from './site/machine.js';
import { createTestApp, makeTempDir, waitFor } from '../test/helpers/test-app.js';

const [pagesArg, crawlsArg, changedArg] = process.argv.slice(2);
const PAGES = Number(pagesArg ?? 20_000);
const CRAWLS = Number(crawlsArg ?? 10);
const CHANGED = Number(changedArg ?? 0.02);

const site = generatedSite(PAGES);
let round = 0;
/** Rounds (≤ the current one) in which page `i` changed: a page keeps its last edit. */
function edits(i: number): number {
  let n = 0;
  for (let r = 1; r <= round; r++)
    if (((Math.imul(i + 1, 2654435761) ^ Math.imul(r, 40503)) >>> 0) % 10_000 < CHANGED * 10_000) n++;
  return n;
}
const index = new Map(Array.from({ length: PAGES }, (_, i) => [site.path(i), i]));

const server = createServer((req, res) => {
  const path = req.url ?? '/';
  if (path === '/robots.txt')
    return void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
  let html = site.render(path);
  if (html === null) return void res.writeHead(404).end();
  const i = index.get(path) ?? 0;
  const n = i > 0 ? edits(i) : 0; // every page but the home page may be edited
  if (n > 0) {
    html = html
      .replace(/<title>([^<]*)/, `<title>$1 (revised ${n})`)
      .replace(
        /<\/h1>/,
        `</h1><p>Revised ${n} times: the advice on timing now follows this year's late frost.</p>`,
      );
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
});
server.listen(0, '127.0.0.1');
await once(server, 'listening');
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const t = await createTestApp();
const dir = makeTempDir();
const created = await t.post('/sites', {
  start_url: `${origin}/`,
  settings: { max_requests_per_second: 1000, concurrency: 16, max_pages: PAGES + 1000, use_sitemaps: false },
});
const siteId = created.body.id as number;

/** Bytes of the database vacuumed into a fresh file, and of the history tables alone. */
function measure(label: string): { total: number; history: number } {
  const file = join(dir, `${label}.db`);
  rmSync(file, { force: true });
  t.db.exec(`VACUUM INTO '${file}'`);
  const total = statSync(file).size;
  let history = 0;
  try {
    history = (
      t.db
        .prepare(
          `SELECT SUM(pgsize) AS b FROM dbstat WHERE name IN ('url_states', 'crawl_snapshots', 'url_states_crawl', 'crawl_snapshots_site')`,
        )
        .get() as { b: number }
    ).b;
  } catch {
    history = NaN; // SQLite without dbstat
  }
  return { total, history };
}

const mib = (b: number) => `${(b / 2 ** 20).toFixed(1)} MiB`;
let first: { total: number; history: number } | null = null;
const rows: string[] = [];
for (let c = 1; c <= CRAWLS; c++) {
  round = c - 1;
  const started = performance.now();
  const job = await t.post('/crawl/start', { site_id: siteId });
  const done = (await waitFor(
    async () => {
      const j = (await t.get(`/jobs/${job.body.id}`)).body as { status: string; result: { fetched: number } };
      return ['succeeded', 'failed', 'cancelled'].includes(j.status) ? j : undefined;
    },
    3_600_000,
    'the crawl',
  )) as { status: string; result: { fetched: number } };
  if (done.status !== 'succeeded') throw new Error(`crawl ${c} ${done.status}`);
  const snap = (await t.get(`/sites/${siteId}/snapshots?limit=1`)).body.items[0] as {
    urls: number;
    changed: number;
  };
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  rows.push(
    `crawl ${c}: ${done.result.fetched} fetched in ${secs} s, snapshot ${snap.urls} URLs, ${snap.changed} rows written`,
  );
  console.log(rows.at(-1));
  if (c === 1) first = measure('after-1');
}
const last = measure(`after-${CRAWLS}`);
const changes = (await t.get(`/sites/${siteId}/changes?limit=1`)).body.summary as Record<string, number>;

console.log(`\nmachine: ${machineLine()}`);
console.log(`pages ${PAGES}, crawls ${CRAWLS}, ${CHANGED * 100} % of articles edited per crawl`);
console.log(`database after 1 crawl:  ${mib(first!.total)} (history tables ${mib(first!.history)})`);
console.log(`database after ${CRAWLS} crawls: ${mib(last.total)} (history tables ${mib(last.history)})`);
console.log(`ratio (target ≤ 1.5): ${(last.total / first!.total).toFixed(3)}`);
const fullCopies = first!.total + (CRAWLS - 1) * first!.history;
console.log(
  `baseline, full copy per crawl: ${mib(fullCopies)} → ratio ${(fullCopies / first!.total).toFixed(3)}`,
);
console.log(`last comparison: ${JSON.stringify(changes)}`);
await t.close();
server.close();
rmSync(dir, { recursive: true, force: true });
