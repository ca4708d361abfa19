/**
 * The link graph's views in Chromium on real sites (#33), crawled by bench/page-types.ts: the structure view as
 * it opens (the grouping `auto` chose, in the view's own words) and the focus view of a few pages from a leaf to
 * the start page — whether, opened, every page and label is inside the canvas, how many drawn labels overlap, and
 * how many labels are drawn large enough to read. Screenshots go to bench/.cache/graph-views/ for a human look.
 *
 *   npx tsx bench/graph-views.ts [postgres,python]
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openBrowser } from '../test/helpers/browser.js';
import { ensureRendererBuilt } from '../test/helpers/build.js';
import { createTestApp, makeTempDir, TEST_TOKEN } from '../test/helpers/test-app.js';
import { machineLine } from './site/machine.js';

const CACHE = fileURLToPath(new URL('./.cache', import.meta.url));
const SHOTS = join(CACHE, 'graph-views');
const sites = (process.argv[2] ?? 'postgres,python').split(',');
/** Pages to focus on, by path: a leaf, a chapter, a part, the start page. */
const FOCUS: Record<string, string[]> = {
  postgres: ['sql-select.html', 'sql-commands.html', 'reference.html', 'index.html'],
  python: ['library/re.html', 'library/text.html', 'library/index.html', 'index.html'],
};

const uiDir = ensureRendererBuilt();
mkdirSync(SHOTS, { recursive: true });
console.log(machineLine());

for (const site of sites) {
  const dbFile = join(CACHE, `page-types-${site}.db`);
  const manifest = join(CACHE, `page-types-${site}.json`);
  if (!existsSync(dbFile)) throw new Error(`${dbFile} is missing: run npx tsx bench/page-types.ts ${site}`);
  const copy = join(makeTempDir('siteloupe-graph-views-'), 'site.db');
  copyFileSync(dbFile, copy);
  const m = JSON.parse(readFileSync(manifest, 'utf8')) as { site_id: number; origin: string };
  const t = await createTestApp({ dbFile: copy, uiDir, startRunner: false });
  const b = await openBrowser();
  try {
    await b.page.setViewport({ width: 1400, height: 900 });
    await b.page.goto(`${t.baseUrl}/?token=${TEST_TOKEN}`, { waitUntil: 'domcontentloaded' });
    const go = (hash: string) => b.page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
    await go(`#/sites/${m.site_id}/graph`);
    await b.page.waitForSelector('.graph-canvas[data-mode="structure"][data-state="ready"]', {
      timeout: 60_000,
    });
    const line = await b.page.$eval('.graph-choice', (e) => e.textContent);
    console.log(`\n${site}: structure view opens: ${line}`);
    await b.page.screenshot({ path: join(SHOTS, `${site}-structure.png`) });
    console.log('  focus on                 pages  in view  labels drawn  overlaps');
    for (const path of FOCUS[site] ?? []) {
      const id = (
        t.db
          .prepare('SELECT id FROM pages WHERE site_id = ? AND url = ?')
          .get(m.site_id, `${m.origin}/${path}`) as { id: number } | undefined
      )?.id;
      if (id === undefined) continue;
      await go(`#/sites/${m.site_id}/graph?mode=focus&page=${id}`);
      const at = `.graph-canvas[data-mode="focus"][data-state="ready"][data-center="${id}"][data-all-in-view]`;
      await b.page.waitForSelector(at, { timeout: 60_000 });
      const d = await b.page.$eval(at, (e) =>
        Object.fromEntries(
          ['nodes', 'all-in-view', 'label-overlaps', 'labels-shown'].map((k) => [
            k.replace(/-(.)/g, (_, c: string) => c.toUpperCase()),
            e.getAttribute(`data-${k}`),
          ]),
        ),
      );
      console.log(
        `  ${path.padEnd(22)}${String(d.nodes).padStart(7)}  ${String(d.allInView).padEnd(7)}${String(d.labelsShown).padStart(13)}${String(d.labelOverlaps).padStart(10)}`,
      );
      await b.page.screenshot({ path: join(SHOTS, `${site}-focus-${path.replace(/\W+/g, '-')}.png`) });
    }
    if (b.errors.length) console.log(`  console errors: ${b.errors.join(' | ')}`);
  } finally {
    await b.close();
    await t.close();
  }
}
