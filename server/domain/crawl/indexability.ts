/**
 * Whether a search engine may index a fetched URL, and if not, the first reason why — the table in
 * docs/crawler.md ("Indexability"), in its order, so that every analysis and report agrees on one reason.
 * Canonicals are compared as strings: both sides are already normalised by the crawler.
 */

export type IndexabilityReason =
  'fetch_error' | 'redirect' | 'client_error' | 'server_error' | 'non_html' | 'noindex' | 'canonicalised';

export type CanonicalState = 'self' | 'other' | 'missing';

export interface IndexabilityInput {
  url: string;
  status_code: number | null;
  content_type: string | null;
  meta_robots: string | null;
  x_robots_tag: string | null;
  canonical_url: string | null;
}

export interface IndexabilityVerdict {
  indexable: boolean;
  indexability_reason: IndexabilityReason | null;
  canonical_state: CanonicalState;
}

/** Directives that take a value after a colon; anything else before a colon is a bot name. */
const VALUED_DIRECTIVES: ReadonlySet<string> = new Set([
  'max-snippet',
  'max-image-preview',
  'max-video-preview',
  'unavailable_after',
]);

/** `text/html` or `application/xhtml+xml`, with or without parameters, in any case. */
export function isHtmlContentType(contentType: string | null | undefined): boolean {
  if (!contentType) return false;
  const semi = contentType.indexOf(';');
  const mime = (semi === -1 ? contentType : contentType.slice(0, semi)).trim().toLowerCase();
  return mime === 'text/html' || mime === 'application/xhtml+xml';
}

/**
 * The robots directives (lower-cased) that apply to `botName`: generic ones and those under `<botName>:`.
 * A bot prefix applies to the directives after it in the same value (`googlebot: noindex, nofollow` is all
 * Googlebot's), as Google documents for X-Robots-Tag.
 */
export function robotsDirectives(value: string | null, botName = 'siteloupe'): Set<string> {
  const out = new Set<string>();
  if (!value) return out;
  const bot = botName.toLowerCase();
  let scope: string | null = null;
  for (const raw of value.toLowerCase().split(',')) {
    let part = raw.trim();
    const colon = part.indexOf(':');
    if (colon > 0) {
      const head = part.slice(0, colon).trim();
      if (!VALUED_DIRECTIVES.has(head)) {
        scope = head;
        part = part.slice(colon + 1).trim();
      }
    }
    if (part !== '' && (scope === null || scope === bot)) out.add(part);
  }
  return out;
}

function hasNoindex(value: string | null): boolean {
  const directives = robotsDirectives(value);
  return directives.has('noindex') || directives.has('none');
}

export function assessIndexability(p: IndexabilityInput): IndexabilityVerdict {
  const canonical_state: CanonicalState = !p.canonical_url
    ? 'missing'
    : p.canonical_url === p.url
      ? 'self'
      : 'other';
  const reason = firstFailure(p, canonical_state);
  return { indexable: reason === null, indexability_reason: reason, canonical_state };
}

function firstFailure(p: IndexabilityInput, canonical: CanonicalState): IndexabilityReason | null {
  const status = p.status_code;
  if (status === null) return 'fetch_error';
  if (status >= 300 && status < 400) return 'redirect';
  if (status >= 400 && status < 500) return 'client_error';
  // 5xx, and statuses no server should send (1xx as a final answer, 999…): the server did not deliver.
  if (status < 200 || status >= 500) return 'server_error';
  if (!isHtmlContentType(p.content_type)) return 'non_html';
  if (hasNoindex(p.meta_robots) || hasNoindex(p.x_robots_tag)) return 'noindex';
  if (canonical === 'other') return 'canonicalised';
  return null;
}
