/**
 * The link graph's structure and focus views (#23) in Chromium, on the crawled Harbour Knives fixture whose
 * sections, orphan, dead end and deep chain are known: the sections drawn with their sizes, a section opened to
 * its pages, orphans and dead ends marked, a page's neighbourhood (reached from its details and by search), the
 * click path to the deepest page in order with what removing one of its links costs, and the view exported as
 * PNG and SVG. Screenshots go to test/e2e/screenshots/ for a human look.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { inPage, openBrowser, texts, waitForText, type TestBrowser } from '../helpers/browser.js';
import { ensureRendererBuilt } from '../helpers/build.js';
import { crawlFixture, runJob } from '../helpers/crawl-site.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../helpers/test-app.js';
import { SECTIONED, startSectionedSite, type SectionedSite } from '../fixtures/servers/sectioned-site.js';
import {
  FLAT_MANUAL,
  startFlatManualSite,
  type FlatManualSite,
} from '../fixtures/servers/flat-manual-site.js';

let t: TestApp;
let site: SectionedSite;
let b: TestBrowser;
let siteId: number;
let manual: FlatManualSite;
let manualId: number;
/** Page id by path as stored (`/blog/2024/05/caf%C3%A9-knives`, `/products/knives/?sort=price`). */
const ids = new Map<string, number>();
const titles = new Map<number, string>();

before(async () => {
  const uiDir = ensureRendererBuilt();
  site = await startSectionedSite();
  t = await createTestApp({ uiDir });
  siteId = await crawlFixture(t, site);
  manual = await startFlatManualSite();
  manualId = await crawlFixture(t, manual);
  const pages = (await t.call('pages.list', { site_id: siteId, limit: 1000 })).items;
  for (const p of pages) {
    const u = new URL(p.url);
    ids.set(u.pathname + u.search, p.id);
    titles.set(p.id, p.title ?? '');
  }
  b = await openBrowser();
  await b.page.goto(`${t.baseUrl}/?token=${TEST_TOKEN}`, { waitUntil: 'domcontentloaded' });
});

after(async () => {
  await b?.close();
  await t?.close();
  await site?.close();
  await manual?.close();
});

const idOf = (path: string) => {
  const id = ids.get(path);
  assert.ok(id !== undefined, `${path} was crawled`);
  return id;
};

const go = (hash: string) => b.page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);

/** Waits for the canvas of `mode` to be drawn with `attr` satisfying the JS condition `cond` (on `v`). */
async function canvasReady(mode: string, cond = 'true') {
  await b.page.waitForFunction(
    `(() => { const c = document.querySelector('.graph-canvas[data-mode="${mode}"][data-state="ready"]');
      if (!c) return false; const d = c.dataset; return ${cond}; })()`,
    { timeout: 60_000 },
  );
}

/** Non-transparent pixels of the canvas's top layer: something was drawn. */
const painted = () =>
  inPage<number>(
    b.page,
    `(() => { const c = [...document.querySelectorAll('.graph-canvas canvas')].at(-1);
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++; return n; })()`,
  );

/** The focus view opened fitted: every page and label inside the canvas, no drawn label over another. */
async function viewFitted() {
  // Checked after each fit, once drawn; the view fits again while the page around it settles.
  await canvasReady('focus', `d.allInView !== undefined`);
  await b.page
    .waitForSelector('.graph-canvas[data-mode="focus"][data-all-in-view="true"]', { timeout: 5_000 })
    .catch(() => undefined);
  const [allInView, overlaps, shown] = await b.page.$eval('.graph-canvas[data-mode="focus"]', (e) =>
    ['data-all-in-view', 'data-label-overlaps', 'data-labels-shown'].map((k) => e.getAttribute(k)),
  );
  assert.equal(allInView, 'true', 'every page in view');
  assert.equal(overlaps, '0', 'no label over another');
  assert.ok(Number(shown) >= 1, 'the page in focus is labelled');
}

describe('the link graph on a site with known sections', { timeout: 300_000 }, () => {
  it('opens on the structure: one group per section, with its size, orphans and dead ends', async () => {
    await go(`#/sites/${siteId}/graph`);
    const want = Object.entries(SECTIONED.groups);
    await canvasReady('structure', `d.nodes === '${want.length}'`);
    const rows = await b.page.$$eval('.group-list > li', (lis) =>
      lis.map((li) => ({
        id: li.getAttribute('data-group-id'),
        label: li.querySelector('.group-name')?.textContent,
        size: li.querySelector('.group-size')?.textContent,
      })),
    );
    assert.deepEqual(
      [...rows].sort((a, b) => a.label!.localeCompare(b.label!)),
      want
        .map(([label, pages]) => ({ id: `dir:${label}`, label, size: String(pages.length) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    );
    // The orphan (sitemap only) is in /products/, the dead end (the print view) in /guides/.
    const flags = async (group: string) =>
      texts(b.page, `.group-list > li[data-group-id="dir:${group}"] > .group-flags .group-flag`);
    assert.deepEqual(await flags('/products/'), ['1 orphan']);
    assert.deepEqual(await flags('/guides/'), ['1 dead end']);
    assert.deepEqual(await flags('/blog/'), []);
    const pages = want.reduce((n, [, paths]) => n + paths.length, 0);
    await waitForText(
      b.page,
      '.graph-summary',
      `${want.length} groups, ${pages} pages; 1 orphan, 1 dead end.`,
    );
    // Opened on the most readable grouping, which on a site with sections in its URLs is by directory.
    await waitForText(
      b.page,
      '.graph-choice',
      `Grouped by directory (URL paths): ${want.length} groups, the most readable.`,
    );
    assert.ok((await painted()) > 1000, 'the groups are drawn');
    await b.screenshot('link-graph-01-structure');
  });

  it('opens a group to show its pages, and exports the view as PNG and SVG', async () => {
    await b.page.click('button[aria-label="Open /guides/"]');
    const groups = Object.keys(SECTIONED.groups).length;
    const guides = SECTIONED.groups['/guides/']!;
    await canvasReady(
      'structure',
      `d.expanded === 'dir:/guides/' && d.nodes === '${groups + guides.length}'`,
    );
    await b.screenshot('link-graph-02-group-open');

    await b.page.click('.graph-toolbar button:nth-of-type(2)'); // Export PNG
    const png = await b.downloaded('-structure.png');
    assert.deepEqual([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join(''), 'PNG');
    assert.ok(png.length > 2000, `${png.length} bytes of PNG`);

    await b.page.click('.graph-toolbar button:nth-of-type(3)'); // Export SVG
    const svg = (await b.downloaded('-structure.svg')).toString('utf8');
    assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const labels = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    for (const label of Object.keys(SECTIONED.groups))
      assert.ok(labels.includes(label), `${label} in the SVG`);
    // The opened group's pages, by title (escaped as XML), and the dead end drawn with a dashed border.
    for (const path of guides) {
      const title = titles.get(idOf(path))!.replace(/&/g, '&amp;');
      assert.ok(labels.includes(title), `${title} in the SVG`);
    }
    const shape = (id: string) => new RegExp(`<[a-z]+ [^>]*data-id="${id}"[^>]*>`).exec(svg)?.[0] ?? '';
    assert.match(
      shape(`page:${idOf(SECTIONED.deadEnd)}`),
      /stroke-dasharray="4 3"/,
      'the dead end is dashed',
    );
    assert.match(shape('dir:/guides/'), /stroke-dasharray="4 3"/, 'its group too');
    assert.match(shape('dir:/products/'), /stroke="rgb\(194,37,92\)"/, 'the orphan’s group is ringed');
    assert.doesNotMatch(shape('dir:/blog/'), /stroke="rgb\(194,37,92\)"|stroke-dasharray/);
  });

  it('nests sub-directories inside their section at two levels', async () => {
    await b.page.select('#graph-depth', '2');
    await canvasReady('structure', `d.expanded === ''`);
    await b.page.waitForSelector('li[data-group-id="dir:/guides/"] li[data-group-id="dir:/guides/setup/"]');
    const nested = await b.page.$$eval('li[data-group-id="dir:/blog/"] .group-list.nested > li', (lis) =>
      lis.map((li) => li.getAttribute('data-group-id')).sort(),
    );
    assert.deepEqual(nested, ['dir:/blog/2023/', 'dir:/blog/2024/']);
    // /guides/setup/ holds its three pages; /guides/ itself four (the index, two guides, the print view below it).
    const size = (id: string) => b.page.$eval(`li[data-group-id="${id}"] .group-size`, (e) => e.textContent);
    assert.equal(await size('dir:/guides/setup/'), '3');
    assert.equal(await size('dir:/guides/'), '7', 'a section counts its sub-directories’ pages');
    await b.screenshot('link-graph-03-two-levels');
    await b.page.select('#graph-depth', '1');
  });

  it('colours the sections by an audit check: only the blog holds pages too deep', async () => {
    await runJob(t, 'audit.run', { site_id: siteId });
    await b.page.select('#graph-colour', 'check');
    await b.page.waitForSelector('#graph-check option[value="deep_page"]');
    await b.page.select('#graph-check', 'deep_page');
    await canvasReady('structure', `d.colour === 'check:deep_page' && d.expanded === ''`);
    await b.page.click('.graph-toolbar button:nth-of-type(3)');
    const svg = (await b.downloaded('-structure.svg')).toString('utf8');
    const fill = (id: string) => new RegExp(`data-id="${id}" fill="([^"]+)"`).exec(svg)?.[1];
    // Parts 3–5 of the series are deeper than 4 clicks: 3 of the blog's 11 pages, "many"; no other section has one.
    assert.equal(fill('dir:/blog/'), 'rgb(225,87,89)');
    for (const other of ['dir:/', 'dir:/about/', 'dir:/guides/', 'dir:/products/'])
      assert.equal(fill(other), 'rgb(89,161,79)', other);
    await waitForText(b.page, '.legend', 'many pages found (≥ 10%)');
    await b.screenshot('link-graph-04-check');
    await b.page.select('#graph-colour', 'status');
  });

  it('focuses on a page from its details: who links to it and where it links', async () => {
    const page = idOf('/guides/cleaning.html');
    await go(`#/sites/${siteId}/pages/${page}`);
    await b.page.waitForSelector('.page-detail a[href*="mode=focus"]');
    await b.page.click('.page-detail a[href*="mode=focus"]');
    await canvasReady('focus', `d.center === '${page}'`);
    const list = (title: string) =>
      b.page.$$eval(`.neighbours[aria-label="${title}"] li`, (lis) =>
        lis.map((li) => Number(li.getAttribute('data-page-id'))),
      );
    // Linked only from its section's index; links to the print view and, through header and footer, to the
    // site's sections.
    assert.deepEqual(await list('Linked from'), [idOf('/guides/')]);
    const out = ['/', '/about/', '/blog/', '/contact', '/guides/', '/guides/cleaning/print', '/products'];
    assert.deepEqual((await list('Links to')).sort(), out.map(idOf).sort());
    const nodes = await b.page.$eval('.graph-canvas', (c) => Number(c.getAttribute('data-nodes')));
    assert.equal(
      nodes,
      1 + 1 + out.length - 1,
      'the page, its one source and its targets (/guides/ is both)',
    );
    await viewFitted();
    await b.screenshot('link-graph-05-focus');

    // Searching another page focuses on it.
    await b.page.type('#graph-find', 'Storing');
    await b.page.waitForSelector('ul[aria-label="Matching pages"] button');
    await b.page.click('ul[aria-label="Matching pages"] button');
    const storage = idOf('/guides/setup/storage');
    await canvasReady('focus', `d.center === '${storage}'`);
    assert.deepEqual(await list('Linked from'), [idOf('/guides/setup/')]);
  });

  it('draws the click path to the deepest page, and what removing one of its links costs', async () => {
    const deep = idOf(SECTIONED.deepPage);
    await go(`#/sites/${siteId}/graph?mode=focus&page=${deep}&path=1`);
    const path = SECTIONED.deepPath.map(idOf);
    await canvasReady('focus', `d.center === '${deep}' && d.path === '${path.join(' ')}'`);
    const steps = await b.page.$$eval('.path-list > li', (lis) =>
      lis.map((li) => Number(li.getAttribute('data-page-id'))),
    );
    assert.deepEqual(steps, path);
    const names = await texts(b.page, '.path-list > li > .path-page');
    assert.deepEqual(
      names,
      path.map((id) => titles.get(id)),
    );

    // The link from part 2 to part 3 of the series is the only way to parts 3–5.
    const { source, target, lost } = SECTIONED.chainLink;
    const step = path.indexOf(idOf(target));
    await b.page.click(`.path-list > li:nth-child(${step + 1}) .path-link button`);
    await waitForText(
      b.page,
      '.path-list .link-impact',
      `Removing this link makes ${lost.length} pages deeper`,
    );
    const impacted = await b.page.$$eval('.path-list .link-impact li', (lis) =>
      lis.map((li) => li.getAttribute('title')),
    );
    assert.deepEqual(impacted.sort(), lost.map((p) => site.url(p)).sort());
    assert.ok(idOf(source) === path[step - 1]);
    await b.screenshot('link-graph-06-path');
  });

  it('ran without console errors', () => {
    assert.deepEqual(b.errors, []);
  });
});

describe('the link graph of a manual in one flat folder', { timeout: 300_000 }, () => {
  it('opens grouped by the sections its Up links draw, and says why not by directory', async () => {
    await go(`#/sites/${manualId}/graph`);
    await canvasReady('structure', `d.nodes === '${FLAT_MANUAL.parts.length + 1}'`);
    await waitForText(
      b.page,
      '.graph-choice',
      `Grouped by section (the site’s Up links): ${FLAT_MANUAL.parts.length + 1} groups, the most readable. Not by directory, 1 group.`,
    );
    const labels = await texts(b.page, '.group-list > li .group-name');
    assert.deepEqual(
      [...labels].sort(),
      [...FLAT_MANUAL.parts.map((p) => p.title), 'Acme 3.0 Documentation'].sort(),
    );
    await b.screenshot('link-graph-07-flat-manual-sections');
  });

  it('opens the start page’s neighbourhood fitted, its labels apart', async () => {
    const pages = (await t.call('pages.list', { site_id: manualId, limit: 1000 })).items;
    const home = pages.find((p) => p.url === manual.url(FLAT_MANUAL.home))!.id;
    await go(`#/sites/${manualId}/graph?mode=focus&page=${home}`);
    await canvasReady('focus', `d.center === '${home}' && d.nodes === '${FLAT_MANUAL.pages}'`);
    await viewFitted();
    await b.screenshot('link-graph-08-flat-manual-focus');
  });

  it('ran without console errors', () => {
    assert.deepEqual(b.errors, []);
  });
});
