/**
 * Known true pairs for measuring recall: a copy of a real page rewritten the way a site ends up with two pages on
 * one subject — its paragraphs reordered, a third of them dropped, a new title and h1 — and linked from the start
 * page. The original and its copy should come out as a `merge` (or `duplicate`) pair; anything less is a miss.
 *
 * Copies are planted in two places, alternately:
 * - `beside`: next to the original, named after it (`/library/json-guide.html`);
 * - `elsewhere`: at a new URL in another part of the site — another directory (`/howto/json-….html`), or on a
 *   flat site another family of file names (`/tutorial-….html` for `/plpgsql-cursors.html`), or a new `/guides/`
 *   directory when the site has no other part — the rewrite an analyst hunts for, which the rules that tell
 *   parallel pages apart by their place must not veto. Half of these get a title that names nothing of the
 *   subject ("Practical notes, part 3"), so only their text says they are one page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { htmlFiles } from '../../test/fixtures/python-docs/docs-server.js';
import { rewrite } from '../../test/fixtures/semantic-eval/page-rewrite.js';
import { seededRandom } from '../../test/fixtures/sites/seeded-random.js';

export type PlantedWhere = 'beside' | 'elsewhere';

export interface Planted {
  /** Site paths, as served: `/library/json.html` and `/library/json-guide.html`. */
  original: string;
  copy: string;
  where: PlantedWhere;
}

/** Index-like pages (lists of links) are not pages an analyst rewrites. */
const SKIP = /(^|\/)(genindex|index|search|py-modindex|contents|bookindex|ix\d*)[^/]*\.html$/;
/** A directory or file-name family with at least this many pages is a part of the site. */
const PART_PAGES = 3;

const dirOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
const stemOf = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.html$/, '');
const familyWord = (path: string) => stemOf(path).split(/[-_.]/)[0]!.toLowerCase();

/** The parts of a site: directories and, within one, families of file names, each with enough pages. */
function siteParts(files: string[]): { dirs: string[]; families: Map<string, string[]> } {
  const perDir = new Map<string, number>();
  const perFamily = new Map<string, number>();
  for (const f of files) {
    perDir.set(dirOf(f), (perDir.get(dirOf(f)) ?? 0) + 1);
    const k = `${dirOf(f)}\t${familyWord(f)}`;
    perFamily.set(k, (perFamily.get(k) ?? 0) + 1);
  }
  const families = new Map<string, string[]>();
  for (const [k, n] of perFamily) {
    if (n < PART_PAGES) continue;
    const [dir, word] = k.split('\t') as [string, string];
    families.set(dir, [...(families.get(dir) ?? []), word]);
  }
  const dirs = [...perDir].filter(([d, n]) => n >= PART_PAGES && d !== '/').map(([d]) => d);
  return { dirs: dirs.sort(), families };
}

const slugOf = (subject: string) =>
  subject
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 6)
    .join('-') || 'page';

/**
 * Where a copy goes in another part of the site: another directory when the site has several; else another
 * family of file names in the original's directory; else a new `/guides/` directory.
 */
function elsewhere(
  original: string,
  subject: string,
  parts: ReturnType<typeof siteParts>,
  pick: <T>(xs: readonly T[]) => T,
): string {
  const slug = slugOf(subject);
  const dirs = parts.dirs.filter((d) => d !== dirOf(original));
  if (parts.dirs.length >= 2 && dirs.length) return `${pick(dirs)}${slug}.html`;
  const families = (parts.families.get(dirOf(original)) ?? []).filter((w) => w !== familyWord(original));
  if (families.length) return `${dirOf(original)}${pick(families)}-${slug}.html`;
  return `/guides/${slug}.html`;
}

/** Picks `count` pages with enough prose and rewrites them, alternately beside the original and elsewhere. */
export function plantPairs(
  root: string,
  count: number,
  seed = 17,
): { planted: Planted[]; pages: Map<string, string> } {
  const all = htmlFiles(root, { skipUnderscored: true }).map((f) => `/${f}`);
  const files = all.filter((f) => !SKIP.test(f)).sort();
  const parts = siteParts(all);
  const taken = new Set(all);
  const random = seededRandom(seed);
  const placeRandom = random.fork('elsewhere');
  const order = files.map((f) => ({ f, r: random.next() })).sort((a, b) => a.r - b.r);
  const planted: Planted[] = [];
  const pages = new Map<string, string>();
  let moved = 0;
  for (const { f } of order) {
    if (planted.length >= count) break;
    const html = readFileSync(join(root, f), 'utf8');
    const where: PlantedWhere = planted.length % 2 === 0 ? 'beside' : 'elsewhere';
    // Every other copy planted elsewhere is retitled with words that name nothing of its subject.
    const generic = where === 'elsewhere' && moved % 2 === 1;
    const copy = rewrite(html, {
      ...(generic ? { title: () => `Practical notes, part ${moved + 1}` } : {}),
      ...(where === 'elsewhere' ? { originalPath: f } : {}),
    });
    if (!copy) continue;
    let copyPath =
      where === 'beside'
        ? f.replace(/\.html$/, '-guide.html')
        : elsewhere(f, copy.subject, parts, placeRandom.pick);
    while (taken.has(copyPath)) copyPath = copyPath.replace(/\.html$/, '-2.html');
    taken.add(copyPath);
    if (where === 'elsewhere') moved++;
    planted.push({ original: f, copy: copyPath, where });
    pages.set(copyPath, copy.html);
  }
  return { planted, pages };
}

/** Links to the planted pages, appended to the start page so the crawl finds them. */
export function plantedLinks(planted: Planted[]): string {
  return `<ul class="planted">${planted.map((p) => `<li><a href="${p.copy.slice(1)}">${p.copy}</a></li>`).join('')}</ul>`;
}
