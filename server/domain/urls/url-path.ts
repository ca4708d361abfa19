/**
 * What a URL's path says about a page, read one way for every part of the app that groups or compares pages by
 * where they sit: the structure view's directories (graph/url-directory.ts), the places that tell parallel pages
 * apart and the hubs over their parts (similarity/url-contexts.ts, similarity/hub-parts.ts), so that a rule (an
 * index page in any language, a stray `%`) holds in all of them or in none.
 *
 * The path as an analyst reads it: the query and fragment ignored, repeated slashes collapsed, percent-decoded
 * (`/caf%C3%A9/` and `/café/` are one directory) with what is not valid UTF-8 percent-encoding kept as written
 * (`/100%-cotton.en.html`, `/caf%E9/`) and an encoded slash kept encoded, since it is part of a name, not a
 * separator. Any string is read, none throws and none is dropped: a crawled URL the WHATWG parser refuses is still
 * a page of the site.
 *
 * String work only, no `new URL` and no array per URL until a caller asks for names: the structure view reads every
 * URL of a site when it groups them. 100,000 doc-package URLs are read in ≈ 60 ms; `new URL` alone takes ≈ 90 ms.
 *
 * Case is kept (a directory label shows the site's spelling); callers that compare names lower-case them.
 */

export interface UrlPath {
  /** Host (and port) lower-cased, without user info; '' for a bare path or a `file:///` URL. */
  host: string;
  /** The decoded path up to its last `/`: `/a/b/` for `/a/b/c.html` and for `/a/b/`; `/` for the root. */
  dir: string;
  /** The decoded last segment when the path does not end with `/` (`c.html`, or `guides` in `/guides`), else null. */
  file: string | null;
}

/** What the server ran or served the page with, not part of its name. */
const PAGE_EXTENSION = /\.(?:html?|php|aspx?|jsp|cgi)$/i;

/**
 * A language variant's suffix before the extension, as content negotiation names them (Apache's and Debian's
 * MultiViews: `ch04s03.en.html`, `index.pt-br.html`, `index.zh_CN.html`). Read only before a page extension:
 * no other name among the 5,281 pages of the Python, PostgreSQL and Debian doc packages has a two-letter part
 * there, and without an extension `email.message` and `os.path` are names.
 */
const LANGUAGE = /\.[a-z]{2}(?:[-_][a-z]{2,4})?$/i;

/** A directory's own page, as servers name it (`index.html`, `index.en.html`, `index.php`, `default.aspx`). */
const INDEX_NAME = /^(?:index|default)(?:\.[a-z]{2}(?:[-_][a-z]{2,4})?)?$/i;

/** A run of percent-escapes, decoded together since one character may take several bytes (`%C3%A9`). */
const ESCAPES = /(?:%[0-9a-f]{2})+/gi;

/**
 * Each run of escapes decoded on its own, so a stray `%` or a Latin-1 byte (`%E9`) leaves its run as written
 * without undoing the rest of the path (`/100%-caf%C3%A9/` → `/100%-café/`).
 */
function decodeEscapes(path: string): string {
  return path.replace(ESCAPES, (run) => {
    try {
      // An encoded slash stays one: it is part of a name, not a separator.
      return decodeURIComponent(run).replace(/\//g, '%2F');
    } catch {
      return run;
    }
  });
}

/** Reads a URL (absolute, or a bare path) into its host, directory and file name. */
export function readUrlPath(url: string): UrlPath {
  let path = url;
  const query = path.indexOf('?');
  if (query >= 0) path = path.slice(0, query);
  const hash = path.indexOf('#');
  if (hash >= 0) path = path.slice(0, hash);
  let host = '';
  const scheme = path.indexOf('://');
  // A scheme comes before any `/` (`/go/https://…` is a path); `file:///…` has an empty authority.
  if (scheme > 0 && path.indexOf('/') === scheme + 1) {
    let slash = path.indexOf('/', scheme + 3);
    if (slash < 0) slash = path.length;
    const authority = path.slice(scheme + 3, slash).toLowerCase();
    host = authority.slice(authority.lastIndexOf('@') + 1);
    path = path.slice(slash);
  }
  if (!path.startsWith('/')) path = `/${path}`;
  if (path.includes('//')) path = path.replace(/\/{2,}/g, '/');
  if (path.includes('%')) path = decodeEscapes(path);
  const last = path.lastIndexOf('/');
  return { host, dir: path.slice(0, last + 1), file: last === path.length - 1 ? null : path.slice(last + 1) };
}

/** The directories the page sits in, root first: `/a/b/c.html` → `['a', 'b']`; `/` → `[]`. */
export function directoryNames(path: UrlPath): string[] {
  return path.dir === '/' ? [] : path.dir.slice(1, -1).split('/');
}

/** A file's name without the page extension and a language before it: `100%-cotton.en.html` → `100%-cotton`. */
export function fileStem(file: string): string {
  const stem = file.replace(PAGE_EXTENSION, '');
  return stem.length < file.length ? stem.replace(LANGUAGE, '') : stem;
}

/** A directory's own page by its file name: `index.html`, `INDEX.HTML`, `index.en.html`, `index`, `default.aspx`. */
export function isIndexFile(file: string): boolean {
  return INDEX_NAME.test(file.replace(PAGE_EXTENSION, ''));
}

/** The URL names its directory, not a file in it: `/`, `/guides/`, `/guides/index.en.html`. */
export function isIndexPage(path: UrlPath): boolean {
  return path.file === null || isIndexFile(path.file);
}

/**
 * The names that place the page, root first: its directories, then its file's stem unless it is the directory's
 * index page, which stands for the directory (`/docs/jit.html` → `docs`, `jit`; `/faq/index.en.html` → `faq`).
 */
export function pageNames(path: UrlPath): string[] {
  const names = directoryNames(path);
  if (!isIndexPage(path)) names.push(fileStem(path.file!));
  return names;
}
