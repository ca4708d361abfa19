/**
 * The UI at the sizes the issue names: a site of 100,000 pages (seeded through the store, as a crawl would
 * leave them) scrolls smoothly with a bounded number of rows in the DOM, sorts on the server, and a link graph
 * of 5,000 pages lays out and pans. Frame timings are measured in Chromium with requestAnimationFrame and
 * printed, so a regression shows as a number, not a feeling.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { inPage, openBrowser, waitForText, type TestBrowser } from '../helpers/browser.js';
import { ensureRendererBuilt } from '../helpers/build.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../helpers/test-app.js';

const BIG = 100_000;
const GRAPH = 5_000;

let t: TestApp;
let b: TestBrowser;
let bigSite: number;
let graphSite: number;

/** Pages and links as the crawler stores them, written in one transaction per site. */
function seed(siteId: number, origin: string, count: number, idBase: number, linksPerPage: number) {
  const url = t.db.prepare(
    `INSERT INTO urls (id, site_id, url, internal, state, depth, priority, sources, followable, first_seen_at)
     VALUES (?, ?, ?, 1, 'done', ?, 1, 1, 1, '2026-01-01T00:00:00.000Z')`,
  );
  const page = t.db.prepare(
    `INSERT INTO pages (id, site_id, url, status_code, content_type, depth, title, h1, indexable, word_count,
                        response_ms, crawled_at)
     VALUES (?, ?, ?, ?, 'text/html', ?, ?, ?, ?, ?, ?, '2026-01-01T00:00:00.000Z')`,
  );
  const link = t.db.prepare(
    `INSERT OR IGNORE INTO links (site_id, source_id, target_id, edge_kind, anchor_text) VALUES (?, ?, ?, 'content', ?)`,
  );
  const sections = ['guides', 'blog', 'shop', 'help', 'news'];
  t.store.tx(() => {
    for (let i = 1; i <= count; i++) {
      const id = idBase + i;
      const section = sections[i % sections.length]!;
      const address = `${origin}/${section}/page-${i}/`;
      const depth = 1 + (i % 7);
      const status = i % 97 === 0 ? 404 : i % 53 === 0 ? 301 : 200;
      url.run(id, siteId, address, depth);
      page.run(
        id,
        siteId,
        address,
        status,
        depth,
        `${section[0]!.toUpperCase()}${section.slice(1)} page ${i} | Example`,
        `Page ${i}`,
        status === 200 ? 1 : 0,
        (i * 7919) % 3000,
        20 + (i % 180),
      );
    }
    for (let i = 1; i <= count && linksPerPage > 0; i++) {
      for (let k = 1; k <= linksPerPage; k++) {
        // Mostly local links (pages near each other in a section) and a few long ones, like a real site.
        const j = k === linksPerPage ? ((i * 31 + 7) % count) + 1 : ((i + k * 5 - 1) % count) + 1;
        if (j !== i) link.run(siteId, idBase + i, idBase + j, `link ${k}`);
      }
    }
  });
  t.store.pages.recountLinks(siteId);
}

/**
 * requestAnimationFrame intervals while `step` runs once per frame, for `ms` or until `until` (an expression)
 * is true; also the most table rows seen in the DOM at any frame.
 */
function frameProbe(step: string, ms: number, until = 'false'): string {
  return `new Promise((resolve) => {
    const deltas = []; let maxRows = 0; let last = performance.now(); const end = last + ${ms};
    function frame(now) {
      deltas.push(now - last); last = now;
      maxRows = Math.max(maxRows, document.querySelectorAll('.vtable-row').length);
      ${step}
      if (now < end && !(${until})) requestAnimationFrame(frame); else resolve({ deltas, maxRows });
    }
    requestAnimationFrame(frame);
  })`;
}

const ROWS_LOADED = `Number(document.querySelector('.vtable-foot').textContent.match(/^[\\d,]+/)[0].replace(/,/g, ''))`;

function stats(deltas: number[]) {
  const sorted = [...deltas].sort((x, y) => x - y);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { frames: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1)! };
}

before(async () => {
  const uiDir = ensureRendererBuilt();
  t = await createTestApp({ uiDir, startRunner: false });
  bigSite = (await t.call('sites.create', { start_url: 'https://big.example/', name: 'Big site' })).id;
  graphSite = (await t.call('sites.create', { start_url: 'https://graph.example/', name: 'Graph site' })).id;
  const started = Date.now();
  seed(bigSite, 'https://big.example', BIG, 0, 0);
  seed(graphSite, 'https://graph.example', GRAPH, BIG, 3);
  console.log(`# seeded ${BIG} + ${GRAPH} pages in ${Date.now() - started} ms`);
  b = await openBrowser();
  await b.page.goto(`${t.baseUrl}/?token=${TEST_TOKEN}`, { waitUntil: 'domcontentloaded' });
});

after(async () => {
  await b?.close();
  await t?.close();
});

describe('the UI at scale', { timeout: 170_000 }, () => {
  it('scrolls 100,000 pages smoothly with a bounded DOM', async () => {
    const { page } = b;
    await page.evaluate(`window.location.hash = '#/sites/${bigSite}/pages'`);
    await page.waitForSelector('.vtable-row');
    await waitForText(page, '.view-lede', '100,000 pages');

    // Fling through the table, 400 px a frame, until 3,000 rows have been fetched page by page as the end
    // came near (or 20 s passed).
    const fling = await inPage<{ deltas: number[]; maxRows: number }>(
      page,
      frameProbe(
        `const s = document.querySelector('.vtable-scroll'); s.scrollTop += 400;`,
        20_000,
        `${ROWS_LOADED} >= 3000`,
      ),
    );
    const scroll = stats(fling.deltas.slice(1));
    const loaded = await inPage<number>(page, `document.querySelectorAll('.vtable-row').length`);
    const rowsLoaded = await inPage<number>(page, ROWS_LOADED);
    console.log(
      `# scroll: ${JSON.stringify(scroll)}, DOM rows ≤ ${fling.maxRows}, rows loaded ${rowsLoaded}`,
    );
    assert.ok(fling.maxRows <= 60, `at most 60 rows in the DOM, saw ${fling.maxRows}`);
    assert.ok(loaded > 0 && loaded <= 60);
    assert.ok(rowsLoaded >= 3000, `more pages were fetched while scrolling (${rowsLoaded})`);
    // Smooth even on this shared, GPU-less machine (measured: median 16.7–33 ms, 95th percentile 67–83 ms
    // under a load average of 13–14 on 2 cores); the bounds leave room for a busier moment, not a regression.
    assert.ok(scroll.p50 <= 50, `median frame ${scroll.p50.toFixed(1)} ms`);
    assert.ok(scroll.p95 <= 250, `95th percentile frame ${scroll.p95.toFixed(1)} ms`);
    await b.screenshot('20-pages-100k');
  });

  it('sorts and filters 100,000 pages on the server', async () => {
    const { page } = b;
    const started = Date.now();
    await page.click('button[title="Sort by words"]');
    const [top] = (await t.call('pages.list', { site_id: bigSite, sort: '-word_count', limit: 1 })).items;
    assert.ok(top?.title, 'the wordiest page has a title');
    await waitForText(page, '.vtable-row:first-child .page-name-title', top.title, 10_000);
    const sortMs = Date.now() - started;
    await page.type('#pages-q', 'page-4242/');
    await page.waitForFunction(`document.querySelector('.vtable-foot').textContent.trim() === '1 row'`, {
      timeout: 10_000,
    });
    console.log(`# sort by words at 100k: ${sortMs} ms`);
    assert.ok(sortMs < 5000, `sorted in ${sortMs} ms`);
  });

  it('lays out and pans a link graph of 5,000 pages', async () => {
    const { page } = b;
    const started = Date.now();
    await page.evaluate(`window.location.hash = '#/sites/${graphSite}/graph?mode=pages'`);
    await page.waitForSelector('.graph-canvas[data-state="ready"]', { timeout: 120_000 });
    const layoutMs = Date.now() - started;
    const nodes = Number(await page.$eval('.graph-canvas', (e) => e.getAttribute('data-nodes')));
    assert.equal(nodes, GRAPH);

    // Drag the view around for 2 s while counting frames; the picture must move with the mouse.
    const canvas = (await page.$('.graph-canvas'))!;
    const before = Buffer.from(await canvas.screenshot({ type: 'png' }));
    const box = (await canvas.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    const probe = inPage<{ deltas: number[] }>(page, frameProbe('', 2000));
    for (let i = 0; i < 40; i++)
      await page.mouse.move(cx + Math.sin(i / 4) * 150, cy + Math.cos(i / 4) * 100);
    const pan = stats((await probe).deltas.slice(1));
    await page.mouse.up();
    const moved = Buffer.from(await canvas.screenshot({ type: 'png' }));
    console.log(`# graph of ${nodes} nodes: ready in ${layoutMs} ms; pan ${JSON.stringify(pan)}`);
    assert.ok(!before.equals(moved), 'dragging pans the graph');
    // Measured here under a load average of about 13 on 2 shared cores: ready in 13–18 s (fetch, spectral
    // layout, first paint), panning at 16.7 ms a frame (the view moves as a texture, edges hidden). The bounds
    // leave room for a busier moment, not for a regression.
    assert.ok(layoutMs < 90_000, `laid out in ${layoutMs} ms`);
    assert.ok(pan.p50 <= 100, `median frame while panning ${pan.p50.toFixed(1)} ms`);
    await b.screenshot('21-graph-5000');
  });
});
