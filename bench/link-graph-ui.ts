/**
 * The link graph view in Chromium on a generated site seeded straight into SQLite (bench/site/large-link-graph.ts):
 * how long the structure view (sections, bundles, by crawl depth) and a page's focus view (one hop, links in and
 * out) take from the address changing to a drawn, ready canvas, against the old view of every page at once on
 * the same site (it draws at most 8,000 pages and 40,000 links, so it never shows a large site whole). Times are
 * the median of a few runs after one warm-up, plus the first (cold) run; the API's own time is printed beside.
 *
 *   node --import tsx bench/link-graph-ui.ts [pages=100000] [runs=3] [old=1]
 */
import { ensureRendererBuilt } from '../test/helpers/build.js';
import { openBrowser } from '../test/helpers/browser.js';
import { createTestApp, TEST_TOKEN } from '../test/helpers/test-app.js';
import { machineLine } from './site/machine.js';
import { seedLinkGraphSite } from './site/large-link-graph.js';

const pages = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 3);
const withOld = (process.argv[4] ?? '1') !== '0';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const uiDir = ensureRendererBuilt();
const t = await createTestApp({ uiDir, startRunner: false });
let started = Date.now();
const seeded = seedLinkGraphSite(t.store, { pages });
console.log(`# seeded ${pages} pages, ${seeded.links} links in ${Date.now() - started} ms`);

async function apiMs(path: string): Promise<number> {
  const at = performance.now();
  const res = await t.get(path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return performance.now() - at;
}

const b = await openBrowser();
await b.page.goto(`${t.baseUrl}/?token=${TEST_TOKEN}`, { waitUntil: 'domcontentloaded' });
await b.page.waitForSelector('.site-card');

/** Time from setting the address to the canvas matching `ready` (a selector), after leaving the view. */
async function timeView(hash: string, ready: string, timeout = 60_000): Promise<number> {
  await b.page.evaluate(`window.location.hash = '#/'`);
  await b.page.waitForSelector('.site-card');
  const at = Date.now();
  await b.page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
  await b.page.waitForSelector(ready, { timeout });
  return Date.now() - at;
}

async function measure(label: string, hash: string, ready: string, api: string | null, timeout?: number) {
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) times.push(await timeView(hash, ready, timeout));
  const nodes = await b.page.$eval(ready, (e) => e.getAttribute('data-nodes'));
  const apiTimes: number[] = [];
  if (api) for (let i = 0; i < runs; i++) apiTimes.push(await apiMs(api));
  const line = `${label.padEnd(34)} cold ${String(times[0]).padStart(6)} ms · median ${String(median(times.slice(1))).padStart(6)} ms${api ? ` · API ${median(apiTimes).toFixed(0)} ms` : ''} · ${nodes} nodes drawn`;
  console.log(line);
  return { cold: times[0]!, median: median(times.slice(1)) };
}

const site = seeded.siteId;
const kinds = 'content,navigation,header,footer,aside,pagination';
console.log(`# ${machineLine()}`);
const structure = await measure(
  'structure view (sections, tree)',
  `#/sites/${site}/graph`,
  '.graph-canvas[data-mode="structure"][data-state="ready"]',
  `/sites/${site}/link-graph/groups?edge_kind=${kinds}`,
);
const force = await measure(
  'structure view (force-directed)',
  `#/sites/${site}/graph?layout=force`,
  '.graph-canvas[data-mode="structure"][data-state="ready"]',
  null,
);
const deep = await measure(
  'structure view, 3 directory levels',
  `#/sites/${site}/graph?depth=3`,
  '.graph-canvas[data-mode="structure"][data-state="ready"]',
  `/sites/${site}/link-graph/groups?edge_kind=${kinds}&depth=3`,
);
// Opening the largest section: up to 2,000 of its pages drawn inside its box.
const opened: number[] = [];
for (let i = 0; i < runs; i++) {
  await timeView(`#/sites/${site}/graph`, '.graph-canvas[data-mode="structure"][data-state="ready"]');
  const group = await b.page.$eval('.group-list > li', (li) => li.getAttribute('data-group-id'));
  const at = Date.now();
  await b.page.click('.group-list > li .group-toggle');
  await b.page.waitForSelector(
    `.graph-canvas[data-mode="structure"][data-state="ready"][data-expanded=${JSON.stringify(group)}]`,
    { timeout: 60_000 },
  );
  opened.push(Date.now() - at);
}
const openedNodes = await b.page.$eval('.graph-canvas', (e) => e.getAttribute('data-nodes'));
console.log(
  `${'opening the largest group'.padEnd(34)} median ${String(median(opened)).padStart(6)} ms · ${openedNodes} nodes drawn`,
);
const focus = await measure(
  'focus view (1 hop, in and out)',
  `#/sites/${site}/graph?mode=focus&page=${seeded.samplePageId}`,
  `.graph-canvas[data-mode="focus"][data-state="ready"][data-center="${seeded.samplePageId}"]`,
  `/pages/${seeded.samplePageId}/link-graph?edge_kind=${kinds}`,
);
const focusStart = await measure(
  'focus view on the start page',
  `#/sites/${site}/graph?mode=focus&page=${seeded.startPageId}`,
  `.graph-canvas[data-mode="focus"][data-state="ready"][data-center="${seeded.startPageId}"]`,
  `/pages/${seeded.startPageId}/link-graph?edge_kind=${kinds}`,
);
const path = await apiMs(`/sites/${site}/link-graph/path?to=${seeded.samplePageId}`);
console.log(`${'click path API (sample page)'.padEnd(34)} ${path.toFixed(0)} ms`);

if (withOld) {
  // One run: it takes long enough that a median of three would add minutes, not precision.
  started = Date.now();
  const at = await timeView(
    `#/sites/${site}/graph?mode=pages`,
    '.graph-canvas:not([data-mode])[data-state="ready"]',
    600_000,
  ).catch((err: Error) => {
    console.log(`old view did not finish: ${err.message}`);
    return null;
  });
  if (at !== null) {
    const nodes = await b.page.$eval('.graph-canvas', (e) => e.getAttribute('data-nodes'));
    console.log(`${'old view (every page, capped)'.padEnd(34)} ${at} ms · ${nodes} nodes drawn`);
    console.log(`ratio old / structure (median): ${(at / structure.median).toFixed(1)}x`);
  }
}
console.log(
  `targets: structure ≤ 2000 ms → ${structure.median <= 2000 ? 'met' : 'missed'}; focus ≤ 1000 ms → ${focus.median <= 1000 ? 'met' : 'missed'}` +
    ` (force ${force.median} ms, 3 levels ${deep.median} ms, start-page focus ${focusStart.median} ms)`,
);
if (b.errors.length) console.log(`browser errors: ${b.errors.join('; ')}`);
await b.close();
await t.close();
