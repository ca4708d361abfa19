/**
 * Which directory a page belongs to, by its URL's path as an analyst reads it: percent-decoded (so `/caf%C3%A9/`
 * and `/café/` are one directory), the query ignored, repeated slashes collapsed, and a page named like a
 * directory that exists (`/guides` beside `/guides/…`) counted as that directory's index, as `/guides/` and
 * `/guides/index.html` are. A URL on another host of the site keeps its host in front of the path.
 *
 * Directories are labels such as `/guides/setup/` (or `shop.example.com/guides/`): string work only, since a
 * 100,000-page site's URLs are all read for every grouping.
 */

export interface UrlPlace {
  /** The page's directory label: host (when not the site's own) and decoded path up to its last `/`. */
  dir: string;
  /** The last segment when the path does not end with `/` (a file, or a page named like a directory). */
  leaf: string | null;
}

function decodePath(path: string): string {
  let out = path.includes('//') ? path.replace(/\/{2,}/g, '/') : path;
  if (out.includes('%')) {
    out = out
      .split('/')
      .map((segment) => {
        try {
          // An encoded slash stays one: it is part of a name, not a separator.
          return decodeURIComponent(segment).replace(/\//g, '%2F');
        } catch {
          return segment;
        }
      })
      .join('/');
  }
  return out;
}

export function urlPlace(url: string, siteHost: string): UrlPlace {
  let host = '';
  let path = url;
  const scheme = url.indexOf('://');
  if (scheme >= 0) {
    const slash = url.indexOf('/', scheme + 3);
    const authority = (slash < 0 ? url.slice(scheme + 3) : url.slice(scheme + 3, slash)).toLowerCase();
    const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
    host = hostPort === siteHost ? '' : hostPort;
    path = slash < 0 ? '/' : url.slice(slash);
  }
  const query = path.indexOf('?');
  if (query >= 0) path = path.slice(0, query);
  const hash = path.indexOf('#');
  if (hash >= 0) path = path.slice(0, hash);
  path = decodePath(path.startsWith('/') ? path : `/${path}`);
  const last = path.lastIndexOf('/');
  const leaf = last === path.length - 1 ? null : path.slice(last + 1);
  return { dir: host + path.slice(0, last + 1), leaf };
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
