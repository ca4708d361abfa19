/**
 * Spider traps: URL spaces a site generates without end (an events calendar that links next month for ever, a
 * relative link that nests itself, a path that keeps growing). With `max_depth` off nothing else stops them, so
 * the frontier asks this guard about every URL it would queue; a trap URL is recorded (`not_crawled`) but not
 * fetched. The rules, docs/crawler.md "Traps":
 *
 * - a URL longer than MAX_URL_LENGTH characters;
 * - a path with one segment (other than digits) MAX_SEGMENT_REPEATS + 1 times or more: `/a/b/a/b/a/`;
 * - a number run: URLs of one *shape* (the path and query with every run of digits as `#`, so `/calendar/2024/05`
 *   and `/calendar/1999/12` are one shape) more than MAX_RUN levels below the shallowest URL of that shape, or,
 *   past FREE_RUN levels below it, more than MAX_DEEP_PER_SHAPE of them. A paginated blog whose pages link a
 *   window of page numbers goes deep slowly and stays inside; an endless calendar goes one level deeper per page.
 *
 * Shapes are kept in memory as 53-bit hashes (a few bytes each, at most MAX_SHAPES of them), so the guard's
 * memory does not grow with the site beyond that; a resumed crawl starts counting afresh.
 */

export const MAX_URL_LENGTH = 2048;
export const MAX_SEGMENT_REPEATS = 2;
export const MAX_RUN = 50;
export const FREE_RUN = 10;
export const MAX_DEEP_PER_SHAPE = 1000;
const MAX_SHAPES = 200_000;
/** Packs a shape's shallowest depth and its count of deep URLs into one number. */
const DEEP_BITS = 4096;

export type TrapRule = 'url_too_long' | 'repeated_segment' | 'number_run';

export class TrapGuard {
  private readonly shapes = new Map<number, number>();

  /**
   * Whether `url`, about to be queued at `depth` (null: listed in a sitemap, not reached by a link), is a trap.
   * A URL that passes counts towards its shape's deep URLs, so call this only when the URL would be queued.
   */
  check(url: string, depth: number | null): TrapRule | null {
    if (url.length > MAX_URL_LENGTH) return 'url_too_long';
    const start = url.indexOf('/', url.indexOf('//') + 2);
    if (start === -1) return null;
    const q = url.indexOf('?', start);
    const path = q === -1 ? url.slice(start) : url.slice(start, q);
    if (repeatsSegment(path)) return 'repeated_segment';
    if (depth === null) return null;
    return this.numberRun(url.slice(start), depth) ? 'number_run' : null;
  }

  private numberRun(pathAndQuery: string, depth: number): boolean {
    const key = shapeHash(pathAndQuery);
    if (key === null) return false;
    const packed = this.shapes.get(key);
    if (packed === undefined) {
      if (this.shapes.size < MAX_SHAPES) this.shapes.set(key, depth * DEEP_BITS);
      return false;
    }
    const first = Math.floor(packed / DEEP_BITS);
    const deep = packed % DEEP_BITS;
    if (depth < first) {
      this.shapes.set(key, depth * DEEP_BITS + deep);
      return false;
    }
    const gap = depth - first;
    if (gap <= FREE_RUN) return false;
    if (gap > MAX_RUN || deep >= MAX_DEEP_PER_SHAPE) return true;
    this.shapes.set(key, packed + 1);
    return false;
  }
}

/** A segment other than digits seen more than MAX_SEGMENT_REPEATS times. Paths are short: a quadratic scan is fine. */
function repeatsSegment(path: string): boolean {
  const segments = path.split('/');
  if (segments.length <= MAX_SEGMENT_REPEATS + 1) return false;
  const counts = new Map<string, number>();
  for (const s of segments) {
    if (s === '' || isDigits(s)) continue;
    const n = (counts.get(s) ?? 0) + 1;
    if (n > MAX_SEGMENT_REPEATS) return true;
    counts.set(s, n);
  }
  return false;
}

function isDigits(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/**
 * Two 32-bit FNV-1a variants over the shape (digit runs folded to one `#`), combined into a 53-bit number; null
 * when the URL has no digits, since only numbers can run on for ever.
 */
function shapeHash(s: string): number | null {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  let digits = false;
  let inRun = false;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      digits = true;
      if (inRun) continue;
      inRun = true;
      c = 0x23; // '#'
    } else inRun = false;
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 15);
  }
  return digits ? (h1 >>> 0) * 0x200000 + ((h2 >>> 0) & 0x1fffff) : null;
}
