/**
 * What the extraction tester's URL field means, decided here so the UI, the CLI and MCP agree (#37). The field
 * takes what an analyst has at hand: a path (`/docs/intro.html`, or `intro.html` relative to the start URL, as a
 * link on the start page would read), a full URL of the site, or its host without a scheme
 * (`docs.example.org/intro.html`). Everything goes through the WHATWG URL parser against the site's start URL.
 * A URL of another host is refused by name rather than fetched: the tester shows what a crawl of this site would
 * store, and a crawl never stores another host's pages.
 */
import { normalizeUrl } from '../crawl/url-normalizer.js';
import type { Scope } from '../crawl/scope.js';
import { ValidationError } from '../errors.js';

export const badTestUrl = (message: string) =>
  new ValidationError(`Invalid body: body.url ${message}.`, [{ path: 'body.url', message }]);

/** `scheme://` at the start: `localhost:8080/x` has no slashes after its colon and is a host. */
const SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;
/** A first segment that names a host rather than a file: `www.…`, or `name:port`. */
const HOST_LIKE = /^(?:www\.[^/?#]+|[^/?#:]+:\d+)$/i;

/**
 * The absolute URL the field names, in the crawler's spelling (query kept), or a 400 on `body.url` saying what
 * the field takes. `startUrl` is the site's; `scope` says which hosts are the site's.
 */
export function resolveTestUrl(input: string, startUrl: string, scope: Scope): string {
  const start = new URL(startUrl);
  const text = input.trim();
  const accepts = `a path of the site (such as /page.html) or a full URL on ${start.host}`;
  if (!text) throw badTestUrl(`is empty: give ${accepts}`);

  let href = text;
  if (!SCHEME.test(text) && !/^[/.]/.test(text)) {
    // `example.org/page.html` is a host without its scheme when its first segment is the site's host (or looks
    // like a host): otherwise it is a relative path, which the parser resolves against the start URL.
    const first = text.split(/[/?#]/, 1)[0]!.toLowerCase();
    if (first === start.host || first === start.hostname || scope.isInternal(`${start.protocol}//${first}/`))
      href = `${start.protocol}//${text}`;
    else if (HOST_LIKE.test(first)) href = `http://${text}`;
  }
  let url: string | null;
  try {
    url = normalizeUrl(href, start, 'keep');
  } catch {
    url = null;
  }
  if (url === null) throw badTestUrl(`is not ${accepts}`);
  const { host, pathname } = new URL(url);
  if (!scope.isInternal(url)) {
    throw badTestUrl(
      `is on ${host}, not on this site (${start.host}): a test fetches the site’s own pages; give ${accepts}`,
    );
  }
  // A full URL pasted after another (`http://site/http://site/page.html`) parses as one path; no site has such
  // paths, and fetching it would only show a 404.
  if (/^\/+https?:\/\//i.test(pathname)) {
    throw badTestUrl(`holds two URLs run together (${url}): give one, ${accepts}`);
  }
  return url;
}
