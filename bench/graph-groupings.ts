/**
 * The structure view's groupings on real sites (#33): for each site crawled by bench/page-types.ts (PostgreSQL's
 * manual, one flat folder; Python's docs, nested folders) every grouping's top-level shape — groups, the largest
 * group's share of the pages, single-page groups, readable or not — what `by=auto` chose and why, how the section
 * grouping found its parents, and the top-level sections themselves, to read against the site.
 *
 *   npx tsx bench/graph-groupings.ts [postgres,python] [--depth=1]
 *
 * Run bench/page-types.ts first: it crawls the sites into bench/.cache/page-types-<site>.db. Each database is
 * copied before it is opened, so this run changes nothing in the cache.
 */
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GROUP_BY_CHOICES, type GraphGroups } from '../server/schemas/graph.js';
import { createTestApp, makeTempDir } from '../test/helpers/test-app.js';
import { machineLine } from './site/machine.js';

const CACHE = fileURLToPath(new URL('./.cache', import.meta.url));
const args = process.argv.slice(2);
const sites = (args.find((a) => !a.startsWith('--')) ?? 'postgres,python').split(',');
const depth = Number(args.find((a) => a.startsWith('--depth='))?.slice(8) ?? 1);

const pct = (x: number) => `${(x * 100).toFixed(0)}%`.padStart(5);

async function measure(site: string): Promise<void> {
  const dbFile = join(CACHE, `page-types-${site}.db`);
  const manifest = join(CACHE, `page-types-${site}.json`);
  if (!existsSync(dbFile) || !existsSync(manifest))
    throw new Error(`${dbFile} is missing: run npx tsx bench/page-types.ts ${site} first.`);
  const copy = join(makeTempDir('siteloupe-graph-groupings-'), 'site.db');
  copyFileSync(dbFile, copy);
  const { site_id: siteId } = JSON.parse(readFileSync(manifest, 'utf8')) as { site_id: number };
  const t = await createTestApp({ dbFile: copy, startRunner: false });
  try {
    const pages = (
      t.db.prepare('SELECT count(*) AS n FROM pages WHERE site_id = ?').get(siteId) as { n: number }
    ).n;
    console.log(`\n${site}: ${pages} pages, depth ${depth}`);
    console.log('  by          groups  largest  single  readable  ms   basis');
    let auto: GraphGroups | null = null;
    let sections: GraphGroups | null = null;
    for (const by of GROUP_BY_CHOICES) {
      const started = performance.now();
      const body = await t.call('graph.groups', { site_id: siteId, by, depth });
      const ms = performance.now() - started;
      if (by === 'auto') {
        auto = body;
        continue;
      }
      if (by === 'section') sections = body;
      const s = body.choice.candidates[0]!;
      console.log(
        `  ${by.padEnd(10)}${String(s.groups).padStart(8)}${pct(s.largest_share).padStart(9)}${String(s.single_page_groups).padStart(8)}  ${(s.readable ? 'yes' : 'no').padEnd(8)}${ms.toFixed(0).padStart(5)}   ${s.basis}`,
      );
    }
    console.log(`  auto chose ${auto!.by}: ${auto!.choice.reason}`);
    const parents = auto!.choice.candidates.find((c) => c.by === 'section')?.parents;
    if (parents) console.log(`  section parents by signal: ${JSON.stringify(parents)}`);
    const tops = sections!.groups.filter((g) => g.parent === null).sort((a, b) => b.total - a.total);
    console.log('  top-level sections (pages):');
    for (const g of tops) console.log(`    ${String(g.total).padStart(5)}  ${g.label}  [${g.id}]`);
  } finally {
    await t.close();
  }
}

console.log(machineLine());
for (const site of sites) await measure(site);
