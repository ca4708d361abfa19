/**
 * Where a page sits, read from its URL: the directories of its path and the first word of its file name, where
 * several pages share them and the page's own title does not say them (`/pltcl-data.html` titled "Data Values"
 * is about PL/Tcl; `/blog/…` and `/guides/…` are sections). Manuals repeat a title in each part they document a
 * feature for ("Data Values" under PL/Tcl, PL/Perl and PL/Python; "Built-in Operator Classes" under GiST and
 * SP-GiST; "Inheritance" in the tutorial and in the reference), and shops one product name under each range:
 * agreeing titles in different places name parallel pages, worth linking, not one page written twice.
 */
import { directoryNames, fileStem, isIndexFile, readUrlPath } from '../urls/url-path.js';
import { titleWords } from './title-subjects.js';

/** A directory or file-name prefix that names a place: shared by at least this many pages. */
const MIN_PAGES = 3;

/** The page's name (its file's stem, lower-cased) and the words that may name its place. */
function placeWords(url: string): { file: string; words: string[] } {
  const path = readUrlPath(url);
  const dirs = directoryNames(path).map((d) => d.toLowerCase());
  const index = path.file !== null && isIndexFile(path.file);
  // `/blog/2019/pruning-roses/` is a post named like a file; `/guides/roses/index.html` is named by its directory,
  // which is also its place.
  const file = path.file === null || index ? (dirs.at(-1) ?? '') : fileStem(path.file).toLowerCase();
  const around = path.file === null ? dirs.slice(0, -1) : dirs;
  const first = index ? '' : (file.split(/[-_.]/)[0] ?? '');
  // `how` in `/how-to-prune-roses/` is no place: words a title would drop as function words never are.
  const words = [...new Set([...around, first])].filter(
    (w) => w.length >= 2 && !/^\d+$/.test(w) && titleWords(w).length > 0,
  );
  return { file, words };
}

export class UrlContexts {
  private readonly places = new Map<number, Set<string>>();
  private readonly files = new Map<number, string>();

  /** Each page's URL and the title its subject is read from (its h1, or its title). */
  constructor(pages: Iterable<{ id: number; url: string; title: string | null }>) {
    const all: [number, string[], Set<string>][] = [];
    const count = new Map<string, number>();
    for (const p of pages) {
      const { file, words } = placeWords(p.url);
      this.files.set(p.id, file);
      for (const w of words) count.set(w, (count.get(w) ?? 0) + 1);
      all.push([p.id, words, new Set(titleWords(p.title))]);
    }
    for (const [id, words, title] of all) {
      // A word the title says is the subject, not the place (`/rose-pruning` titled "Rose pruning").
      const place = words.filter(
        (w) => (count.get(w) ?? 0) >= MIN_PAGES && !titleWords(w).some((t) => title.has(t)),
      );
      if (place.length) this.places.set(id, new Set(place));
    }
  }

  /** The words of a page's URL that name its place (`pltcl`, `blog`), none for a page that is nowhere in particular. */
  placesOf(id: number): string[] {
    return [...(this.places.get(id) ?? [])];
  }

  /**
   * Each page is somewhere the other is not: two places, not one. One file name in two places (an old blog post
   * and the guide it became, `/blog/2019/pruning-roses/` and `/guides/pruning-roses/`; a product under its range
   * and under the sale) is one subject in two places, not two subjects.
   */
  apart(a: number, b: number): boolean {
    const pa = this.places.get(a);
    const pb = this.places.get(b);
    if (!pa || !pb) return false;
    const fa = this.files.get(a);
    if (fa && fa === this.files.get(b)) return false;
    return [...pa].some((w) => !pb.has(w)) && [...pb].some((w) => !pa.has(w));
  }
}
