/**
 * Whether two pages are about the same subject, by what their titles name. Pages of one template (a reference
 * with a page per function, command or catalog table; a shop with a page per product) say nearly the same
 * things in nearly the same words, and passage scores cannot tell `SPI_palloc` from `SPI_repalloc` or
 * `DROP VIEW` from `DROP MATERIALIZED VIEW`: on such sites the title is the subject. Two pages that should be
 * one name the same thing: the distinctive words of the shorter title (weighted by how rare each is among the
 * site's titles) are found in the other. A `merge` needs that; a pair whose titles name different things stays
 * `related` however close its text. The share needed is the `similarity_subject_agreement` setting (0.8).
 *
 * Identifiers stay whole (`spi_cursor_fetch` is one word, `sp-gist` another than `gist`), section numbers and
 * common function words are dropped, plurals and -ing forms folded.
 */

import { TITLE_STOP_WORDS } from './title-stop-words.js';

/** Beyond the label stop words: question and comparison words common in titles (`Which …`, `A vs B`). */
const STOP = new Set([...TITLE_STOP_WORDS, ...'can do i its vs where which'.split(' ')]);

/** English plurals and -ing forms folded (`tomatoes` → `tomato`, `growing` → `grow`); identifiers kept. */
function stem(w: string): string {
  if (/[_\d]/.test(w) || w.length <= 4) return w;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z|o)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 6) return w.slice(0, -3);
  return w;
}

export function titleWords(title: string | null | undefined): string[] {
  return [
    ...new Set(
      (title ?? '')
        .toLowerCase()
        .split(/[^\p{L}\p{N}_-]+/u)
        .map((w) => w.replace(/^[-_]+|[-_]+$/g, ''))
        .filter((w) => w && !STOP.has(w) && !/^[\d._-]+$/.test(w))
        .map(stem),
    ),
  ];
}

/**
 * The code names a title gives (`SPI_palloc`, `email.message`, `pg_catalog.pg_class`, `std::vector`): dotted,
 * `::`-joined or underscored words, lower-cased. Two pages of an API reference whose titles name different
 * objects document different things however alike their text (sibling functions share nearly every sentence).
 */
export function titleIdentifiers(title: string | null | undefined): Set<string> {
  const found = (title ?? '')
    .toLowerCase()
    .match(/[a-z_$][\w$]+(?:(?:\.|::)[a-z_$][\w$]+)+|[a-z$][\w$]*_[\w$]+/g);
  return new Set((found ?? []).filter((x) => !NAME_ENDING.test(x)));
}

/** Dotted names that are products and domains, not code (`Node.js`, `ASP.NET`, `example.com`, `web.dev`). */
const NAME_ENDING = /\.(?:js|ts|net|com|org|io|dev|ai|app|co|uk|de|fr|info|html?)$/;

export class TitleSubjects {
  private readonly identifiers = new Map<number, Set<string>>();
  private readonly words = new Map<number, string[]>();
  private readonly df = new Map<string, number>();

  /** `titles`: each page's h1, or its title when it has none. */
  constructor(titles: Iterable<[number, string | null]>) {
    for (const [id, title] of titles) {
      const ids = titleIdentifiers(title);
      if (ids.size) this.identifiers.set(id, ids);
      const w = titleWords(title);
      this.words.set(id, w);
      for (const x of w) this.df.set(x, (this.df.get(x) ?? 0) + 1);
    }
  }

  private idf(word: string): number {
    return Math.log((this.words.size + 1) / ((this.df.get(word) ?? 0) + 1)) + 1;
  }

  /** The code names a page's title gives (`spi_palloc`), lower-cased. */
  identifiersOf(id: number): string[] {
    return [...(this.identifiers.get(id) ?? [])];
  }

  /** Both titles name code objects, and none in common: an API reference's sibling pages. */
  namesOtherObjects(a: number, b: number): boolean {
    const ia = this.identifiers.get(a);
    const ib = this.identifiers.get(b);
    if (!ia || !ib) return false;
    return ![...ia].some((x) => ib.has(x));
  }

  /**
   * In [0, 1]: the IDF-weighted share of the lighter title's words that the other title has too. 1 when either
   * page has no usable title (nothing says the subjects differ).
   */
  agreement(a: number, b: number): number {
    const wa = this.words.get(a) ?? [];
    const wb = this.words.get(b) ?? [];
    if (!wa.length || !wb.length) return 1;
    const sum = (ws: string[]) => ws.reduce((s, w) => s + this.idf(w), 0);
    const inB = new Set(wb);
    const shared = sum(wa.filter((w) => inB.has(w)));
    return shared / Math.min(sum(wa), sum(wb));
  }
}
