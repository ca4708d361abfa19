/**
 * Reading while the crawler writes: 50 concurrent API clients, each with one request in flight at all times, page
 * through pages, single pages, their links, the link graph and the summary while a crawl of the fixture site
 * runs (for its first LOAD_MS: under this load one process serves reads far faster than it crawls, so the crawl
 * would outlast any test). Every answer must be a 200 that matches its schema (the test app validates
 * responses), never SQLITE_BUSY or a 5xx, and the crawl must still find exactly the pages, edges and skipped
 * URLs the fixture's oracle expects, fetching each URL once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Agent } from 'undici';
import { jobResult } from '../../helpers/crawl-site.js';
import { snapshotCrawl } from '../../helpers/crawl-db.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

const CLIENTS = 50;
const LOAD_MS = 20_000;

let t: TestApp;
let site: FixtureSite;
let agent: Agent;
before(async () => {
  t = await createTestApp();
  site = await startFixtureSite({ seed: 5 });
  agent = new Agent({ connections: CLIENTS });
});
after(async () => {
  await agent.close();
  await t.close();
  await site.close();
});

interface Stats {
  requests: number;
  failures: string[];
  latencies: number[];
}

async function get(path: string, stats: Stats): Promise<unknown> {
  const started = performance.now();
  try {
    const res = await fetch(`${t.baseUrl}${path}`, {
      headers: t.auth,
      // @ts-expect-error undici's fetch takes a dispatcher; the DOM typings do not know it.
      dispatcher: agent,
    });
    const body = (await res.json()) as unknown;
    stats.requests++;
    stats.latencies.push(performance.now() - started);
    if (res.status !== 200)
      stats.failures.push(`${path} → ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return res.status === 200 ? body : null;
  } catch (err) {
    stats.failures.push(`${path} → ${(err as Error).message}`);
    return null;
  }
}

type Items<T> = { items: T[]; next_cursor: string | null };

/** One client: a mix of list, detail, links and graph reads, in a loop until `done()`. */
async function client(n: number, siteId: number, done: () => boolean, stats: Stats): Promise<void> {
  const sorts = ['-inlinks', 'url', '-word_count', 'depth'];
  let cursor: string | null = null;
  for (let round = 0; !done(); round++) {
    const list = (await get(
      `/pages?site_id=${siteId}&limit=50&sort=${sorts[(n + round) % sorts.length]}`,
      stats,
    )) as Items<{ id: number }> | null;
    const page = list?.items[(n * 7 + round) % Math.max(1, list.items.length)];
    if (page) {
      await get(`/pages/${page.id}`, stats);
      await get(`/pages/${page.id}/links?direction=${round % 2 ? 'in' : 'out'}`, stats);
    }
    const graph = (await get(
      `/sites/${siteId}/link-graph?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      stats,
    )) as { next_cursor: string | null } | null;
    cursor = graph?.next_cursor ?? null;
    if (round % 3 === n % 3) await get(`/sites/${siteId}/summary`, stats);
    if (round % 5 === n % 5) await get(`/pages?site_id=${siteId}&q=garden&limit=20`, stats);
  }
}

describe('the API while a crawl runs', () => {
  it(`answers ${CLIENTS} concurrent readers without an error`, { timeout: 90_000 }, async () => {
    const created = await t.call('sites.create', {
      start_url: site.startUrl,
      settings: { max_requests_per_second: 30, concurrency: 6 },
    });
    const siteId = created.id;
    const stats: Stats = { requests: 0, failures: [], latencies: [] };
    let finished = false;
    const loadEnds = Date.now() + LOAD_MS;
    const crawl = jobResult(t, await t.call('crawl.start', { site_id: siteId }), 80_000).finally(
      () => (finished = true),
    );
    const done = () => finished || Date.now() > loadEnds;
    const clients = Array.from({ length: CLIENTS }, (_, n) => client(n, siteId, done, stats));
    const [result] = await Promise.all([crawl, ...clients]);

    const sorted = [...stats.latencies].sort((a, b) => a - b);
    const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(0);
    console.log(
      `${stats.requests} requests during a ${result.seconds} s crawl of ${result.fetched} URLs; ` +
        `latency p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${p(1)} ms`,
    );
    assert.deepEqual(stats.failures.slice(0, 10), []);
    assert.ok(stats.requests >= CLIENTS * 10, `only ${stats.requests} requests were made`);

    // The readers took nothing from the crawl.
    const got = snapshotCrawl(t.dir, siteId);
    const want = site.expected();
    assert.deepEqual([...got.pages.keys()].sort(), [...want.pages.keys()].sort());
    for (const [url, e] of want.pages) assert.equal(got.pages.get(url)!.status_code, e.status_code, url);
    assert.equal(got.edges.size, want.edges.length);
    assert.deepEqual([...got.others].sort(), [...want.others].map(([u, o]) => [u, o.reason]).sort());
    assert.deepEqual(
      [...site.requests].filter(([, n]) => n > 1),
      [],
      'no URL fetched twice',
    );
  });
});
