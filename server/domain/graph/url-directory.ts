/**
 * Which directory a page belongs to, by its URL's path as urls/url-path.ts reads it (percent-decoded, so
 * `/caf%C3%A9/` and `/café/` are one directory; the query ignored; repeated slashes collapsed), with one rule of
 * the structure view's own: a page named like a directory that exists (`/guides` beside `/guides/…`) counts as that
 * directory's index, as `/guides/` and `/guides/index.html` are. A URL on another host of the site keeps its host
 * in front of the path.
 *
 * Directories are labels such as `/guides/setup/` (or `shop.example.com/guides/`): string work only, since a
 * 100,000-page site's URLs are all read for every grouping.
 */
import { readUrlPath } from '../urls/url-path.js';

export interface UrlPlace {
  /** The page's directory label: host (when not the site's own) and decoded path up to its last `/`. */
  dir: string;
  /** The last segment when the path does not end with `/` (a file, or a page named like a directory). */
  leaf: string | null;
}

export function urlPlace(url: string, siteHost: string): UrlPlace {
  const path = readUrlPath(url);
  return { dir: (path.host === siteHost ? '' : path.host) + path.dir, leaf: path.file };
}

/** Every directory that holds a page somewhere below it (each prefix of each page's directory). */
export function knownDirectories(places: readonly UrlPlace[]): Set<string> {
  const known = new Set<string>();
  for (const { dir } of places) {
    if (known.has(dir)) continue;
    for (let at = dir.indexOf('/'); at >= 0; at = dir.indexOf('/', at + 1)) known.add(dir.slice(0, at + 1));
  }
  return known;
}

/** A page's directory label: a leaf named like a known directory is that directory's index. */
export function pageDirectory(place: UrlPlace, known: ReadonlySet<string>): string {
  if (place.leaf !== null) {
    const asDir = `${place.dir}${place.leaf}/`;
    if (known.has(asDir)) return asDir;
  }
  return place.dir;
}

/** The directory `levels` deep that holds `dir` (itself when it is not deeper): `/a/b/c/`, 1 → `/a/`. */
export function directoryAt(dir: string, levels: number): string {
  let at = dir.indexOf('/');
  for (let k = 0; k < levels && at >= 0; k++) {
    const next = dir.indexOf('/', at + 1);
    if (next < 0) break;
    at = next;
  }
  return dir.slice(0, at + 1);
}

/** The directory one level up, or null for a root (`/`, `host/`) or first-level directory. */
export function parentDirectory(dir: string): string | null {
  const root = dir.indexOf('/');
  const last = dir.lastIndexOf('/', dir.length - 2);
  return last > root ? dir.slice(0, last + 1) : null;
}
