/**
 * The link graph at scale (issue #23): generated sites of 10,000 and 100,000 pages (about 14 links a page) seeded
 * straight into SQLite (bench/site/large-link-graph.ts), then the graph API called over HTTP as the UI calls it,
 * with the app built as the server builds it (no response validation). Measured per size:
 *
 * - baseline: what the old Link graph view loaded — `GET /sites/{id}/link-graph` pages of 10,000 edges with the
 *   orphans, until it had 40,000 edges (it drew no more) — and the whole graph paged to the end;
 * - the structure view's `GET …/link-graph/groups` the first time (the link index is built from SQLite), the
 *   first time in the next run (a fresh app on the same database: the index is read back from `link_indexes`),
 *   warm (median of 5), and nested (`depth=2`) with the largest group expanded;
 * - the focus view's `GET /pages/{id}/link-graph` at 1 and 2 hops; a path to the deepest page; a link's impact.
 *
 *   node --import tsx bench/link-graph.ts [sizes=10000,100000]
 */
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp } from '../server/app.js';
import { EventBus } from '../server/domain/events.js';
import { createServices } from '../server/domain/services.js';
import { createLogger } from '../server/logger.js';
import { createStore, openDatabase } from '../server/store/index.js';
import { PROJECT_ROOT, VERSION } from '../server/version.js';
import { makeTempDir } from '../test/helpers/test-app.js';
import { seedLinkGraphSite } from './site/large-link-graph.js';
import { machineLine } from './site/machine.js';

const SIZES = (process.argv[2] ?? '10000,100000').split(',').map(Number);
const TOKEN = 'bench-token-0123456789abcdefghijklmnopqrstuvwxyz';

async function measure(pages: number) {
  const dir = makeTempDir('siteloupe-link-graph-');
  const file = join(dir, 'siteloupe.db');
  const store = createStore(openDatabase(file), file);
  const t0 = performance.now();
  const seeded = seedLinkGraphSite(store, { pages });
  const seedSeconds = (performance.now() - t0) / 1000;
  const logger = createLogger('silent');
  /** The app as the server builds it, on this store; a second one stands for the next run (nothing in memory). */
  async function serve() {
    const services = createServices(store, new EventBus(), {
      version: VERSION,
      resourcesDir: join(PROJECT_ROOT, 'resources'),
      logger,
    });
    const { app } = buildApp({
      services,
      logger,
      token: TOKEN,
      version: VERSION,
      bodyLimitBytes: 1024 * 1024,
      uiDir: join(dir, 'no-ui'),
    });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }
  const first = await serve();
  let base = first.base;

  /** One GET, timed to the last byte of the body; returns the parsed JSON too. */
  async function get(path: string): Promise<{ ms: number; body: Record<string, unknown>; bytes: number }> {
    const start = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const text = await res.text();
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
    return { ms, body: JSON.parse(text) as Record<string, unknown>, bytes: text.length };
  }
  async function median(path: string, runs = 5): Promise<number> {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push((await get(path)).ms);
    return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
  }
  /** The old view: pages of 10,000 edges (orphans on the first) until `maxEdges`, or the end. */
  async function oldView(maxEdges: number): Promise<{ ms: number; edges: number; requests: number }> {
    let cursor: string | null = null;
    let edges = 0;
    let ms = 0;
    let requests = 0;
    do {
      const q = `limit=10000&include_orphans=true${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await get(`/sites/${seeded.siteId}/link-graph?${q}`);
      ms += res.ms;
      requests++;
      edges += (res.body.edges as unknown[]).length;
      cursor = res.body.next_cursor as string | null;
    } while (cursor && edges < maxEdges);
    return { ms, edges, requests };
  }

  const site = `/sites/${seeded.siteId}/link-graph`;
  const baseline = await oldView(40_000);
  const full = await oldView(Number.POSITIVE_INFINITY);
  const cold = await get(`${site}/groups`);
  const warm = await median(`${site}/groups`);
  // The next run: a fresh app on the same database reads the index back instead of building it.
  const next = await serve();
  base = next.base;
  const restarted = await get(`${site}/groups`);
  const groups = cold.body.groups as { id: string; size: number }[];
  const second = (await get(`${site}/groups?depth=2`)).body.groups as { id: string; size: number }[];
  const largest = [...second].sort((a, b) => b.size - a.size)[0]!;
  const nested = await get(`${site}/groups?depth=2&expand=${encodeURIComponent(largest.id)}`);
  const focus1 = await median(`/pages/${seeded.samplePageId}/link-graph?hops=1`);
  const focus2 = await get(`/pages/${seeded.samplePageId}/link-graph?hops=2`);
  const focus2ms = await median(`/pages/${seeded.samplePageId}/link-graph?hops=2`);
  const deepest = store.db
    .prepare<[number], number>('SELECT id FROM urls WHERE site_id = ? ORDER BY depth DESC LIMIT 1')
    .pluck()
    .get(seeded.siteId)!;
  const path = await get(`${site}/path?to=${deepest}`);
  const hops = path.body.pages as { id: number }[];
  const impact = await get(`${site}/link-impact?source=${hops[1]!.id}&target=${hops[2]!.id}`);

  first.server.close();
  next.server.close();
  store.db.close();
  rmSync(dir, { recursive: true, force: true });
  return {
    pages,
    links: seeded.links,
    seedSeconds,
    baseline,
    full,
    cold: cold.ms,
    restarted: restarted.ms,
    coldGroups: groups.length,
    coldBytes: cold.bytes,
    warm,
    nested: nested.ms,
    nestedGroups: (nested.body.groups as unknown[]).length,
    nestedNodes: (nested.body.nodes as unknown[]).length,
    nestedEdges: (nested.body.edges as unknown[]).length,
    focus1,
    focus2: focus2ms,
    focus2Nodes: (focus2.body.nodes as unknown[]).length,
    focus2Edges: (focus2.body.edges as unknown[]).length,
    path: path.ms,
    pathLength: hops.length,
    impact: impact.ms,
    impactTotal: impact.body.total as number,
  };
}

console.log(machineLine());
const f = (ms: number) => `${Math.round(ms)} ms`;
for (const size of SIZES) {
  const r = await measure(size);
  console.log(
    `\n${r.pages.toLocaleString('en')} pages requested, ${r.links.toLocaleString('en')} links (seeded in ${r.seedSeconds.toFixed(1)} s)`,
  );
  console.log(
    `  baseline, old view (first 40,000 edges): ${f(r.baseline.ms)} in ${r.baseline.requests} requests; whole graph: ${f(r.full.ms)} in ${r.full.requests} requests (${r.full.edges.toLocaleString('en')} edges)`,
  );
  console.log(
    `  structure (groups) first call: ${f(r.cold)} (${r.coldGroups} groups, ${Math.round(r.coldBytes / 1024)} KiB) · first call of the next run: ${f(r.restarted)} · warm: ${f(r.warm)} · depth=2 with the largest group expanded: ${f(r.nested)} (${r.nestedGroups} groups, ${r.nestedNodes} pages, ${r.nestedEdges} edges)`,
  );
  console.log(
    `  focus 1 hop: ${f(r.focus1)} · 2 hops: ${f(r.focus2)} (${r.focus2Nodes} pages, ${r.focus2Edges} edges) · path (${r.pathLength} pages): ${f(r.path)} · link impact (${r.impactTotal} pages): ${f(r.impact)}`,
  );
  console.log(
    `  ratio, structure view against the old view: first call ${(r.cold / r.baseline.ms).toFixed(2)}×, warm ${(r.warm / r.baseline.ms).toFixed(3)}×; against the whole graph: ${(r.cold / r.full.ms).toFixed(3)}×`,
  );
}
