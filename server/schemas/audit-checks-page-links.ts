/**
 * The second audit's checks of a page's links, forms, images, words, pagination and URL path (#35). Most read
 * the `links` and `content` parts of `page_facts` (domain/crawl/link-facts.ts, content-wording.ts); pages crawled
 * before those parts existed have none and are not listed. Spread into `CHECKS` (audit-checks.ts).
 */
import { z } from 'zod';
import { check } from './audit-check-def.js';

export const PAGE_LINK_CHECKS = {
  // Security of links and forms
  unsafe_cross_origin_links: check({
    category: 'security',
    severity: 'warning',
    priority: 'low',
    title: 'Links open another site in a new tab and keep window.opener',
    description:
      'A link with `target="_blank"` to another origin and no `rel="noopener"` (or `noreferrer`) hands the opened page `window.opener`, with which it can send this tab to a phishing copy of the site ("reverse tabnabbing"). Current browsers imply `noopener` for `_blank`, but older ones (Safari before 12.1, Chrome before 88, Firefox before 79, in-app webviews) do not, and `rel="opener"` turns it back on everywhere. Add `rel="noopener"` (or `noopener noreferrer`) to these links; the evidence lists them.',
    evidence: 'page_urls',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  protocol_relative_links: check({
    category: 'security',
    severity: 'notice',
    priority: 'low',
    title: 'Page uses protocol-relative URLs (//host/path)',
    description:
      'A URL starting with `//` takes the scheme of the page: on an HTTP copy of the page the resource or link is fetched over plain HTTP, and from a saved file it does not load at all. There is no reason left to use them: write `https://` explicitly. The evidence lists the `href`, `src` and form `action` values as written.',
    evidence: 'page_urls',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  http_links_on_https: check({
    category: 'security',
    severity: 'warning',
    priority: 'medium',
    title: 'HTTPS page links to http:// URLs of its own site',
    description:
      'Each such link sends visitors and crawlers to plain HTTP first, where they are redirected back (a wasted hop and a moment their request is readable) or, without a redirect, stay on an insecure copy. Update the links to `https://`. Only links to the page’s own host are listed (with or without `www.`): how another site serves itself is its owner’s business. HTTPS pages only.',
    evidence: 'page_urls',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  form_insecure: check({
    category: 'security',
    severity: 'issue',
    priority: 'high',
    title: 'Form sends its data over plain HTTP',
    description:
      'A password field on a page served over HTTP, or a form that submits to an `http://` URL (a POST, a password form, or any form on an HTTPS page), sends what visitors type readable by anyone on the network, and browsers mark the page "Not secure" or warn before sending. Serve the page and its form target over HTTPS. A GET form (a search box) on an HTTP site is not listed.',
    evidence: 'insecure_forms',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),

  // Images
  image_missing_dimensions: check({
    category: 'images',
    severity: 'notice',
    priority: 'low',
    title: 'Images have no width and height attributes',
    description:
      'Without both `width` and `height` the browser cannot reserve the image’s box before it loads, so the text below jumps when it arrives (Cumulative Layout Shift, a Core Web Vital). Add the intrinsic `width` and `height` attributes (CSS can still scale the image; `height: auto` keeps its ratio). Sizes set in an inline `style` count; sizes set by a stylesheet cannot be seen without rendering, so such images are listed: check one of them before fixing the template.',
    evidence: 'page_urls',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  image_alt_too_long: check({
    category: 'images',
    severity: 'notice',
    priority: 'low',
    title: 'Image alt text is too long',
    description:
      'Screen readers read the whole alt text with no way to skip it, and search engines weigh a long alt less. Alt text says what the image shows in a short sentence; move a longer description into a caption or the text. The evidence lists the images, their alt and its length.',
    evidence: 'long_alts',
    evaluator: 'sql',
    applies_to: 'html_pages',
    thresholds: ['audit_image_alt_max_chars'],
  }),

  // Content
  soft_404: check({
    category: 'content',
    severity: 'issue',
    priority: 'high',
    title: 'Page reads as not found or empty but answers 200',
    description:
      'A page that says "not found", "no longer available" or "0 products found" while answering 200 is a soft 404: search engines report it as such, keep spending crawls on it, and may index an empty page for the site. Answer 404 or 410 for what is gone, redirect it to its replacement, or give an empty category content of its own (and `noindex` while it is empty). Decided from the page’s own words — its title or h1 reading as an error, no words and no links at all, or a short main text (150 words at most) saying there is nothing to show — and from the site’s real error pages (those answering 404 or 410): a page with the text of one of them, or, when the site is embedded, as close to one by meaning as the threshold (the error template served with 200, the requested path or search echoed in it). Indexable pages only.',
    evidence: 'soft_404',
    evaluator: 'code',
    applies_to: 'indexable_pages',
    thresholds: ['audit_soft_404_similarity'],
  }),
  placeholder_text: check({
    category: 'content',
    severity: 'issue',
    priority: 'medium',
    title: 'Page contains placeholder text (lorem ipsum, sample content)',
    description:
      'Lorem ipsum, a theme’s "your text here" or a CMS’s sample post left on a live page tells visitors the page is unfinished and gives search engines text that says nothing. Write the real text or remove the block. Looked for in the title, meta description and main text: lorem ipsum and its stock continuations, WordPress’s first post, sample page and tagline, and "your/insert/enter/add your text here", "your content here", "placeholder text".',
    evidence: 'phrases',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  anchor_text_non_descriptive: check({
    category: 'links',
    severity: 'notice',
    priority: 'low',
    title: 'Internal links have non-descriptive anchor text ("click here")',
    description:
      'Anchor text tells search engines what the target is about and tells screen-reader users, who often list a page’s links, where each one goes; "click here" or "read more" says neither. Write what the target is ("Read the returns policy"). Links in the page’s content are read (not menus, headers or footers), and their whole text is compared with the setting `audit_anchor_text_generic`, ignoring case and punctuation. The crawl keeps one anchor text per page and target.',
    evidence: 'link_targets',
    evaluator: 'code',
    applies_to: 'html_pages',
  }),

  // Pagination
  pagination_target_not_ok: check({
    category: 'pagination',
    severity: 'warning',
    priority: 'medium',
    title: 'rel=next or rel=prev points to a page that is not OK',
    description:
      'The next or previous page of a series (`<link rel="next">` in the head, or `<a rel="next">`) answers an error, redirects, or is not indexable, so the series breaks there for crawlers following it. Point the link at the series’ real page, or remove it on the last and first page. Targets the crawl did not fetch are not judged.',
    evidence: 'pagination_targets',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  pagination_sequence_error: check({
    category: 'pagination',
    severity: 'warning',
    priority: 'low',
    title: 'rel=next and rel=prev do not agree',
    description:
      'This page says its next page is B, but B says its previous page is another (or none), or the reverse: the series is miswired, usually by a template that counts pages from a different base. Make each page’s `next` name the page whose `prev` names it back. Judged only where the target was crawled.',
    evidence: 'pagination_pairs',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),

  // URLs
  url_repetitive_path: check({
    category: 'urls',
    severity: 'warning',
    priority: 'medium',
    title: 'URL path repeats its own segments (/shop/shop/, /a/b/a/b/)',
    description:
      'A path whose segments repeat is almost always a relative link resolved against the wrong folder, which builds a new URL at every click: a spider trap that wastes crawl budget and duplicates pages. Find the link (the page linking here) and make it root-relative (`/shop/`) or absolute. Listed: a segment or a run of segments that follows itself (`/shop/shop/`, `/a/b/a/b/`), or one segment three times anywhere in the path; numbers alone (`/2024/01/01/`) do not count.',
    evidence: 'repetition',
    evaluator: 'code',
    applies_to: 'internal_urls',
  }),
} as const;

/**
 * The default of the setting `audit_anchor_text_generic`: anchor texts that say nothing of their target (English;
 * an analyst of another language's site replaces the list). Compared whole, ignoring case and punctuation. Words
 * that are also names in manuals are left out: "continue" and "go" (a statement and a language: the PostgreSQL
 * manual's index and Python's "What's new" link `CONTINUE` and `continue`), "link" and "this" (a function, a
 * keyword).
 */
export const GENERIC_ANCHOR_TEXTS = [
  'click here',
  'click',
  'click this link',
  'here',
  'go here',
  'tap here',
  'read more',
  'more',
  'learn more',
  'find out more',
  'more info',
  'more information',
  'see more',
  'view more',
  'continue reading',
  'details',
  'this page',
  'this link',
  'check it out',
] as const;

/** The setting itself, as `PATCH /settings` takes it. */
export const GenericAnchorTexts = z.array(z.string().trim().min(1).max(32)).max(500).meta({
  description:
    'Anchor texts `anchor_text_non_descriptive` lists internal links for, compared with the whole link text ignoring case and punctuation; each at most 32 characters (a generic label is short).',
});
