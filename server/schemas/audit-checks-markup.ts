/**
 * The second round's checks of what a page declares (#35): its viewport (mobile), the security headers its
 * response sends, whether its head is valid where search engines read it, and its Open Graph tags. They read
 * `page_facts` (the `headers` part the crawl writes from the response, the `head` part from
 * domain/crawl/head-facts.ts), so pages crawled before those facts existed are not listed until recrawled. The SQL
 * is in store/views/audit-sql-markup.ts.
 *
 * Security headers are a server's setting, not a page's: every page a server answers without one is listed (an
 * analyst checks them by URL, and a section served by another application may differ), and the "fixes" count
 * groups them by template, so a site-wide gap reads as one fix per layout (docs/audit.md, "Fixes"). They are
 * notices of low priority: they protect visitors, search engines do not rank by them.
 */
import { check } from './audit-check-def.js';
import type { PageType } from './pages.js';

/** Pages not meant to be shared on social networks: nobody posts a search result or a form. */
export const OPEN_GRAPH_EXEMPT_TYPES = ['search_results', 'form'] as const satisfies PageType[];

export const MARKUP_CHECKS = {
  // Mobile
  viewport_missing: check({
    category: 'mobile',
    severity: 'issue',
    priority: 'medium',
    title: 'Page has no viewport meta tag',
    description:
      'Without `<meta name="viewport">` phones lay the page out 980 pixels wide and shrink it, so text is tiny and visitors pinch and scroll; Google indexes the mobile rendering. Add `<meta name="viewport" content="width=device-width, initial-scale=1">` to the head (usually once, in the template).',
    evidence: 'declared',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  viewport_not_responsive: check({
    category: 'mobile',
    severity: 'warning',
    priority: 'medium',
    title: 'Viewport has a fixed width or blocks zoom',
    description:
      'A viewport without `width=device-width` lays the page out at a fixed width instead of the screen’s, and `user-scalable=no` or a `maximum-scale` below 2 stops visitors zooming to read (an accessibility failure, WCAG 1.4.4). Use `width=device-width, initial-scale=1` and leave zoom alone; the evidence quotes the tag and says what is wrong.',
    evidence: 'declared',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  // Security
  hsts_missing: check({
    category: 'security',
    severity: 'notice',
    priority: 'low',
    title: 'HTTPS page sends no Strict-Transport-Security header',
    description:
      'Without HSTS a visitor who types the address or follows an old http:// link makes a first request in the clear, which a network attacker can intercept. Send `Strict-Transport-Security: max-age=31536000; includeSubDomains` from the server (one setting for the whole host). A `max-age=0` turns HSTS off and is listed too. Plain-HTTP pages are not listed: the header means nothing there.',
    evidence: 'declared',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  csp_missing: check({
    category: 'security',
    severity: 'notice',
    priority: 'low',
    title: 'Page has no Content-Security-Policy',
    description:
      'A Content Security Policy tells browsers which scripts, styles and frames the page may load, which stops most injected scripts (XSS) from running. Send a `Content-Security-Policy` header (or a `<meta http-equiv="Content-Security-Policy">`), starting from a report-only policy to find what the site loads. `Content-Security-Policy-Report-Only` alone enforces nothing and does not count.',
    evidence: 'declared',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  x_content_type_options_missing: check({
    category: 'security',
    severity: 'notice',
    priority: 'low',
    title: 'Response lacks X-Content-Type-Options: nosniff',
    description:
      'Without `nosniff` browsers may guess a response’s type from its bytes and run an uploaded file as a script or stylesheet. Send `X-Content-Type-Options: nosniff` with every response (one server setting).',
    evidence: 'declared',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  x_frame_options_missing: check({
    category: 'security',
    severity: 'notice',
    priority: 'low',
    title: 'Page can be framed by any site (no X-Frame-Options)',
    description:
      'A page other sites can load in a frame can be overlaid with a decoy to trick clicks (clickjacking). Send `X-Frame-Options: SAMEORIGIN` (or `DENY`), or a CSP header with `frame-ancestors`; a page with either is not listed. `ALLOW-FROM` is ignored by current browsers and counts as missing, as does `frame-ancestors` in a meta CSP, which browsers ignore.',
    evidence: 'declared',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  referrer_policy_unsafe: check({
    category: 'security',
    severity: 'notice',
    priority: 'low',
    title: 'Referrer policy is missing or leaks full URLs',
    description:
      'The referrer policy decides how much of the page’s URL other sites see when a visitor follows a link or loads a resource. `unsafe-url` sends the full URL (query included) everywhere, `no-referrer-when-downgrade` to every HTTPS site; with no policy, older browsers do the latter. Send `Referrer-Policy: strict-origin-when-cross-origin` (or set `<meta name="referrer">`). With a comma-separated list, the last policy is the one browsers use.',
    evidence: 'declared',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  // Validation
  head_invalid_element: check({
    category: 'validation',
    severity: 'issue',
    priority: 'high',
    title: 'An element in the head ends it early',
    description:
      'Browsers and search engines end the `<head>` at the first element it may not hold — an `<img>`, `<div>`, `<iframe>` (often in a tag manager’s `<noscript>`), `<p>` or stray text — whatever comes later in the source. Everything after it is in the body, where search engines ignore canonicals, robots directives and hreflang. Move the element into the body; the evidence shows it and the head elements it pushed out.',
    evidence: 'head_break',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  head_tags_in_body: check({
    category: 'validation',
    severity: 'issue',
    priority: 'medium',
    title: 'Title, robots, description, canonical or hreflang is in the body',
    description:
      'Search engines read these only in the `<head>`: a canonical or hreflang in the body is ignored, and a title or description there may not be used. Move them into the head (the evidence lists them). Those an early end of the head pushed into the body are listed under head_invalid_element instead.',
    evidence: 'repeated',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  title_multiple: check({
    category: 'validation',
    severity: 'warning',
    priority: 'medium',
    title: 'Page has more than one title element',
    description:
      'A page has one title; with several, browsers and search engines pick one (usually the first) and which one a search engine shows is not yours to choose. Usually a plugin or template adds a second: keep one. SVG titles are image names and are not counted.',
    evidence: 'repeated',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  meta_description_multiple: check({
    category: 'validation',
    severity: 'warning',
    priority: 'low',
    title: 'Page has more than one meta description',
    description:
      'With several meta descriptions, search engines pick one or write their own snippet. Usually a template and an SEO plugin each add one: keep one.',
    evidence: 'repeated',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  canonical_multiple: check({
    category: 'validation',
    severity: 'issue',
    priority: 'high',
    title: 'Page declares canonicals that disagree',
    description:
      'When the canonical tags (and the `Link` header) name different URLs, Google ignores them all and picks a canonical itself. Keep one canonical, naming the URL you want indexed. Several tags naming the same URL are not listed.',
    evidence: 'repeated',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  robots_conflict: check({
    category: 'validation',
    severity: 'warning',
    priority: 'medium',
    title: 'Robots directives disagree (index and noindex, follow and nofollow)',
    description:
      'The page’s robots meta tags and `X-Robots-Tag` header say both index and noindex (or follow and nofollow, `all` and `none`). Search engines obey the most restrictive, so the page may be dropped while someone believes it is indexed. Keep one set of directives; the evidence shows the meta and the header as sent.',
    evidence: 'directives',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  lang_invalid: check({
    category: 'validation',
    severity: 'warning',
    priority: 'low',
    title: 'html lang is not a valid language tag',
    description:
      'Screen readers pick their voice, browsers their hyphenation and translation offers, by `<html lang>`. A value that is not a BCP 47 tag of a real language and region (`en_US`, `english`, `en-UK`) is ignored. Use a tag like `en` or `en-GB`; the evidence says what is wrong. An empty value (the HTML way of saying "unknown") is not listed.',
    evidence: 'declared',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  charset_missing: check({
    category: 'validation',
    severity: 'warning',
    priority: 'low',
    title: 'Page declares no character encoding',
    description:
      'Neither a `<meta charset>` nor the `Content-Type` header names the encoding, so browsers guess, and accented letters and symbols can come out garbled. Add `<meta charset="utf-8">` as the first element of the head, or `charset=utf-8` to the Content-Type header.',
    evidence: 'declared',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  doctype_missing: check({
    category: 'validation',
    severity: 'warning',
    priority: 'low',
    title: 'Page has no doctype',
    description:
      'Without `<!DOCTYPE html>` before the first element, browsers render in quirks mode, emulating 1990s layout bugs, so the page can look different from browser to browser. Add `<!DOCTYPE html>` as the page’s first line. XHTML served as application/xhtml+xml needs none and is not listed.',
    evidence: 'declared',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  // Social
  open_graph_missing: check({
    category: 'social',
    severity: 'notice',
    priority: 'low',
    title: 'Page lacks Open Graph title, description or image',
    description:
      'Facebook, LinkedIn, Slack and messaging apps build a shared link’s preview from `og:title`, `og:description` and `og:image`; without them they guess, often with no picture. Add the three tags (the evidence lists which are missing). Pages not meant to be shared are not listed: pages that are not indexable, search results and forms.',
    evidence: 'declared',
    evaluator: 'sql',
    applies_to: 'indexable_pages',
  }),
} as const;
