/**
 * One spelling per page. Every URL the crawler meets (links, redirects, canonicals, sitemap entries, seeds) goes
 * through `normalizeUrl` before it becomes a `urls` row, so `HTTP://Example.com:80/a?utm_source=x#top` and
 * `http://example.com/a` are one row, not two. The rules are docs/crawler.md "URL normalisation"; the fixture-site
 * generator spells its expected URLs by the same rules, so a change here is a change there.
 */

export type QueryParamsMode = 'keep' | 'strip' | 'strip_tracking';

/**
 * Query parameters that only say where a visitor came from. `utm_*` stands for every name with that prefix; the
 * others match whole names. Names compare case-insensitively (`UTM_Source`, `GCLID`).
 */
export const TRACKING_PARAMS: readonly string[] = Object.freeze([
  'utm_*',
  'gclid',
  'fbclid',
  'msclkid',
  'mc_cid',
  'mc_eid',
  '_ga',
  'yclid',
  'igshid',
  'ref_src',
]);

const TRACKING_PREFIXES = TRACKING_PARAMS.filter((p) => p.endsWith('*')).map((p) => p.slice(0, -1));
const TRACKING_NAMES = new Set(TRACKING_PARAMS.filter((p) => !p.endsWith('*')));

/** Whether a query parameter name (raw, possibly percent-encoded) is a tracking parameter. */
export function isTrackingParam(rawName: string): boolean {
  const name = safeDecode(rawName.replace(/\+/g, ' ')).toLowerCase();
  return TRACKING_NAMES.has(name) || TRACKING_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/**
 * The crawler's canonical spelling of `href` resolved against `base` (the page's `<base href>` or final URL), or
 * null when it is not something the crawler follows: unparsable, or a scheme other than http/https (`mailto:`,
 * `tel:`, `javascript:`, `data:`, `ftp:` …).
 *
 * The WHATWG parser already lower-cases scheme and host (and punycodes IDNs), drops default ports and gives
 * special schemes a `/` path; what is left is the fragment, hex case and the query.
 */
export function normalizeUrl(href: string, base: string | URL, queryParams: QueryParamsMode): string | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;

  // `url.search` is '' both for no query and for a bare `?`; either way the `?` goes, which the doc asks for
  // when stripping empties the query and which is harmless otherwise (servers see the same request).
  const rawQuery = url.search.slice(1);
  url.hash = '';
  // Credentials in a link are not part of the page's address, and must not be stored with it.
  url.username = '';
  url.password = '';
  url.search = '';

  const query = queryParams === 'strip' ? '' : filterQuery(rawQuery, queryParams);
  const head = upperHex(url.href);
  return query === '' ? head : `${head}?${upperHex(query)}`;
}

/**
 * Works on the raw, already-encoded query rather than URLSearchParams, which would re-encode what it keeps
 * (`%20` → `+`, `~` → `%7E`) and so invent a spelling the site never used.
 */
function filterQuery(rawQuery: string, mode: 'keep' | 'strip_tracking'): string {
  if (rawQuery === '' || mode === 'keep') return rawQuery;
  return rawQuery
    .split('&')
    .filter((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return !isTrackingParam(name);
    })
    .join('&');
}

/** `%2f` and `%2F` are the same octet (RFC 3986 §6.2.2.1); only the case changes, nothing is decoded. */
function upperHex(s: string): string {
  return s.replace(/%[0-9a-fA-F]{2}/g, (m) => m.toUpperCase());
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
