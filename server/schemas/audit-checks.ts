/**
 * The audit's catalogue: every check as data — its stable id, category, severity, priority, a one-line title, why
 * it matters and how to fix it, the settings it reads, the shape of its evidence, and whether SQL or code decides
 * it. It is a closed registry (the check ids are a type): the store's SQL (`CHECK_SQL`) and the code checks
 * (`CODE_CHECKS`) are maps over the ids whose entry names them, so a check with no evaluator, or with both, does
 * not compile, and a code check's findings are typed by its own evidence shape (`CheckEvidence<'check_id'>`).
 * `docs/audit.md` is generated from it; docs/recipes/add-an-audit-check.md says how to add one. Priorities follow
 * what fixing the problem is worth: `high` where search engines or visitors hit a dead end, `medium` where
 * rankings or crawl budget suffer, `low` for hygiene.
 */
import type { EvidenceOf } from './audit-terms.js';
import { check, type CheckDef } from './audit-check-def.js';
import { A11Y_CHECKS } from './audit-checks-a11y.js';
import { JS_CHECKS } from './audit-checks-js.js';
import { LAB_CHECKS } from './audit-checks-lab.js';
import { MARKUP_CHECKS } from './audit-checks-markup.js';
import { PAGE_LINK_CHECKS } from './audit-checks-page-links.js';
import { RESOURCE_CHECKS } from './audit-checks-resources.js';
import type { PageType } from './pages.js';

export * from './audit-check-def.js';

/**
 * Page types a check leaves out (#33), because the finding would be wrong for them: a hub, an index, the home
 * page, a search page and a form page are meant to have little text of their own, and an index and a hub are
 * meant to link to very many pages. Pages without a type (crawled before page types and not yet classified) are
 * checked as before.
 */
export const THIN_CONTENT_EXEMPT_TYPES = [
  'hub',
  'index',
  'home',
  'search_results',
  'form',
] as const satisfies PageType[];
export const TOO_MANY_OUTLINKS_EXEMPT_TYPES = ['index', 'hub'] as const satisfies PageType[];
/** A page that leads elsewhere (a hub, an index) is structured by its entries, not by subheadings. */
export const H2_MISSING_EXEMPT_TYPES = THIN_CONTENT_EXEMPT_TYPES;

export const CHECKS = {
  // Response codes
  not_found: check({
    category: 'response_codes',
    severity: 'issue',
    priority: 'high',
    title: 'Internal URL is broken (answers 4xx)',
    description:
      'Visitors and search engines following a link here reach an error page, and the link passes nothing. Restore the page, redirect the URL to its closest replacement, or remove the links to it (the evidence lists up to 20 pages linking here).',
    evidence: 'status',
    evaluator: 'sql',
    applies_to: 'pages',
  }),
  server_error: check({
    category: 'response_codes',
    severity: 'issue',
    priority: 'high',
    title: 'Internal URL fails (5xx or no answer)',
    description:
      'The server failed (5xx) or gave no answer (timeout, reset, DNS, TLS): search engines slow down crawling of a site that errors and drop pages that keep failing. Check the server logs for the URL; the evidence says which error.',
    evidence: 'status',
    evaluator: 'sql',
    applies_to: 'pages',
  }),
  // Redirects
  redirect: check({
    category: 'redirects',
    severity: 'notice',
    priority: 'low',
    title: 'Internal URL redirects',
    description:
      'A redirect costs a request and some link equity on every visit. Fine for old URLs; links inside the site should point at the final URL (see internal_redirect_link).',
    evidence: 'hops',
    evaluator: 'sql',
    applies_to: 'pages',
  }),
  redirect_temporary: check({
    category: 'redirects',
    severity: 'warning',
    priority: 'medium',
    title: 'Redirect is temporary (302, 303 or 307)',
    description:
      'A temporary redirect tells search engines to keep the old URL indexed. If the move is permanent, answer 301 or 308 instead.',
    evidence: 'hops',
    evaluator: 'sql',
    applies_to: 'redirects',
  }),
  redirect_chain: check({
    category: 'redirects',
    severity: 'warning',
    priority: 'medium',
    title: 'Redirect takes two or more hops',
    description:
      'Each hop adds latency and search engines stop following after a few. Redirect the first URL straight to the final one (the evidence lists the hops).',
    evidence: 'hops',
    evaluator: 'sql',
    applies_to: 'redirects',
  }),
  redirect_loop: check({
    category: 'redirects',
    severity: 'issue',
    priority: 'high',
    title: 'Redirects loop back to a URL already visited',
    description:
      'The redirects come back to a URL already visited, so the page can never be reached. Fix the rule that redirects the last hop.',
    evidence: 'hops',
    evaluator: 'sql',
    applies_to: 'redirects',
  }),
  redirect_to_error: check({
    category: 'redirects',
    severity: 'issue',
    priority: 'high',
    title: 'Redirect ends in an error',
    description:
      'The redirect leads to a URL that answers 4xx, 5xx or fails: the old URL’s visitors and links are lost. Point it at a live page.',
    evidence: 'hops',
    evaluator: 'sql',
    applies_to: 'redirects',
  }),
  // Links
  broken_internal_link: check({
    category: 'links',
    severity: 'issue',
    priority: 'high',
    title: 'Page links to a broken internal URL',
    description:
      'The page sends visitors and crawlers to a URL that answers 4xx, 5xx or fails. Change or remove each link the evidence lists (target, its status, the anchor text).',
    evidence: 'link_targets',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  internal_redirect_link: check({
    category: 'links',
    severity: 'warning',
    priority: 'medium',
    title: 'Page links to an internal URL that redirects',
    description:
      'Links through redirects waste a request and dilute link equity. Link straight to where each target ends (in the evidence).',
    evidence: 'redirect_targets',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  nofollow_internal_link: check({
    category: 'links',
    severity: 'warning',
    priority: 'low',
    title: 'Page has rel=nofollow links to internal URLs',
    description:
      'nofollow on internal links keeps link equity from your own pages and hides them from discovery. Remove it unless the target should not be crawled (then block it in robots.txt or noindex it).',
    evidence: 'link_targets',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  orphan_page: check({
    category: 'links',
    severity: 'warning',
    priority: 'medium',
    title: 'No crawled page links to this indexable page',
    description:
      'Known only from Search Console or a URL list (one known from a sitemap is orphan_in_sitemap): search engines give little weight to pages the site itself does not link to. Link to it from a relevant page, or retire it.',
    evidence: 'url',
    evaluator: 'sql',
    applies_to: 'indexable_pages',
  }),
  dead_end_page: check({
    category: 'links',
    severity: 'notice',
    priority: 'low',
    title: 'Page links to no other page',
    description:
      'An indexable page with no outgoing links is a dead end for visitors and crawlers. Add links to related pages or the section it belongs to.',
    evidence: 'url',
    evaluator: 'sql',
    applies_to: 'indexable_pages',
  }),
  single_inlink: check({
    category: 'links',
    severity: 'notice',
    priority: 'low',
    title: 'Only one page links here',
    description:
      'A page with a single internal inlink is easy to lose in a redesign and gets little internal link equity. Link to it from other relevant pages.',
    evidence: 'linked_from',
    evaluator: 'sql',
    applies_to: 'indexable_pages',
  }),
  too_many_outlinks: check({
    category: 'links',
    severity: 'notice',
    priority: 'low',
    title: 'Page has too many internal links',
    description:
      'Each link gets a smaller share of the page’s equity and visitors a harder choice. Keep navigation lean and link to what matters from the content. Indexes and hubs (page types) are left out: listing many pages is what they are for.',
    evidence: 'value',
    evaluator: 'sql',
    applies_to: 'html_pages',
    thresholds: ['audit_max_outlinks'],
  }),
  anchor_text_missing: check({
    category: 'links',
    severity: 'notice',
    priority: 'low',
    title: 'Page has internal links with no anchor text',
    description:
      'Anchor text tells search engines and screen-reader users what the target is about. Give each link words (or an image alt text) that describe its target.',
    evidence: 'link_targets',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  // Titles
  title_missing: check({
    category: 'titles',
    severity: 'issue',
    priority: 'high',
    title: 'Title missing or empty',
    description:
      'The title is the headline of the search result and the strongest on-page signal. Write a unique title that says what the page is about.',
    evidence: 'text',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  title_duplicate: check({
    category: 'titles',
    severity: 'warning',
    priority: 'medium',
    title: 'Title duplicates other pages’ titles',
    description:
      'Pages with the same title compete with each other and look alike in results. Make each indexable page’s title unique (the evidence lists the others).',
    evidence: 'shared_text',
    evaluator: 'sql',
    applies_to: 'indexable_pages',
  }),
  title_too_long: check({
    category: 'titles',
    severity: 'notice',
    priority: 'low',
    title: 'Title too long',
    description:
      'Search engines cut long titles in results (around 60 characters). Put the words that matter first and shorten the rest. Where a template’s title affix (`… | Site`) is what pushes its titles over, shortening the affix is one fix for them all.',
    evidence: 'text',
    evaluator: 'sql',
    applies_to: 'html_pages',
    thresholds: ['audit_title_max_chars'],
  }),
  title_too_short: check({
    category: 'titles',
    severity: 'notice',
    priority: 'low',
    title: 'Title too short',
    description:
      'A very short title leaves out words people search for. Describe the page more fully, in about 30 to 60 characters. Where a template’s titles carry no site name, adding it in the template is one fix for all its short titles.',
    evidence: 'text',
    evaluator: 'sql',
    applies_to: 'html_pages',
    thresholds: ['audit_title_min_chars'],
  }),
  title_same_as_h1: check({
    category: 'titles',
    severity: 'notice',
    priority: 'low',
    title: 'Title only repeats the h1',
    description:
      'Title and h1 may differ: the title can target the search query and the h1 the reader. Not wrong, a missed chance.',
    evidence: 'text',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  // Meta descriptions
  meta_description_missing: check({
    category: 'meta_descriptions',
    severity: 'warning',
    priority: 'medium',
    title: 'Meta description missing or empty',
    description:
      'Without one, search engines pick a snippet from the page, often a poor one. Write a description that sells the click.',
    evidence: 'text',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  meta_description_duplicate: check({
    category: 'meta_descriptions',
    severity: 'warning',
    priority: 'medium',
    title: 'Meta description duplicates other pages’',
    description:
      'The same snippet under different results makes them look alike. Write a description per indexable page.',
    evidence: 'shared_text',
    evaluator: 'sql',
    applies_to: 'indexable_pages',
  }),
  meta_description_too_long: check({
    category: 'meta_descriptions',
    severity: 'notice',
    priority: 'low',
    title: 'Meta description too long',
    description: 'Search engines cut it around 155 characters: keep the message in the first part.',
    evidence: 'text',
    evaluator: 'sql',
    applies_to: 'html_pages',
    thresholds: ['audit_meta_description_max_chars'],
  }),
  meta_description_too_short: check({
    category: 'meta_descriptions',
    severity: 'notice',
    priority: 'low',
    title: 'Meta description too short',
    description: 'A short description wastes the snippet’s room. Use about 70 to 155 characters.',
    evidence: 'text',
    evaluator: 'sql',
    applies_to: 'html_pages',
    thresholds: ['audit_meta_description_min_chars'],
  }),
  // Headings
  h1_missing: check({
    category: 'headings',
    severity: 'warning',
    priority: 'medium',
    title: 'h1 heading missing',
    description:
      'The h1 tells readers and search engines what the page is about. Give each page one h1 that names its subject.',
    evidence: 'headings',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  h1_multiple: check({
    category: 'headings',
    severity: 'warning',
    priority: 'low',
    title: 'Page has more than one h1',
    description:
      'Several h1s blur what the page is mainly about (often a logo or a widget marked up as h1). Keep one and make the others h2.',
    evidence: 'headings',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  h1_duplicate: check({
    category: 'headings',
    severity: 'notice',
    priority: 'low',
    title: 'h1 duplicates other pages’ h1',
    description:
      'Pages with the same main heading look like the same subject. Make each indexable page’s h1 specific.',
    evidence: 'shared_text',
    evaluator: 'sql',
    applies_to: 'indexable_pages',
  }),
  h1_too_long: check({
    category: 'headings',
    severity: 'notice',
    priority: 'low',
    title: 'h1 too long',
    description:
      'A heading that long is a sentence, not a headline. Shorten it and move the rest to the text.',
    evidence: 'text',
    evaluator: 'sql',
    applies_to: 'html_pages',
    thresholds: ['audit_h1_max_chars'],
  }),
  h2_missing: check({
    category: 'headings',
    severity: 'notice',
    priority: 'low',
    title: 'Long page has no h2 subheadings',
    description:
      'Subheadings structure a page for readers skimming it and help search engines find its parts. Listed for indexable pages of 300 words or more; hubs, indexes, the home page, search pages and form pages (page types) are left out: their entries are their structure.',
    evidence: 'headings',
    evaluator: 'sql',
    applies_to: 'indexable_pages',
  }),
  heading_level_skipped: check({
    category: 'headings',
    severity: 'notice',
    priority: 'low',
    title: 'Heading levels skip a level',
    description:
      'A heading two or more levels below the one before it (h2 then h4) breaks the outline screen readers navigate by. Use the next level down. A heading half a template’s pages have (a sidebar’s) is the template’s: one fix.',
    evidence: 'heading_skip',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  // Canonicals
  canonical_target_not_ok: check({
    category: 'canonicals',
    severity: 'issue',
    priority: 'high',
    title: 'Canonical URL does not answer 200',
    description:
      'The page names a canonical that redirects, errors or was not crawled, so search engines may ignore the hint or index nothing. Point the canonical at the live, final URL.',
    evidence: 'canonical',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  canonicalised: check({
    category: 'canonicals',
    severity: 'warning',
    priority: 'medium',
    title: 'Canonical points to another URL',
    description:
      'The page asks search engines to index another URL instead. Right for parameter and print versions; wrong for pages meant to rank, and internal links should then point to the canonical.',
    evidence: 'canonical',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  canonical_missing: check({
    category: 'canonicals',
    severity: 'notice',
    priority: 'low',
    title: 'Canonical link missing',
    description:
      'A self-referencing canonical protects the page from duplicates created by tracking parameters and alternate hosts. Add one.',
    evidence: 'url',
    evaluator: 'sql',
    applies_to: 'indexable_pages',
  }),
  canonical_chain: check({
    category: 'canonicals',
    severity: 'warning',
    priority: 'medium',
    title: 'Canonical points to a page that is canonicalised itself',
    description:
      'A canonical that leads to another canonical is a chain search engines may not follow. Point every copy at the final URL.',
    evidence: 'canonical',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  // Indexability
  noindex: check({
    category: 'indexability',
    severity: 'warning',
    priority: 'high',
    title: 'Page is noindex',
    description:
      'The page answers 200 but asks not to be indexed (meta robots or X-Robots-Tag, see the evidence). Right for private or thin pages; a costly mistake on pages meant to rank.',
    evidence: 'directives',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  nofollow_page: check({
    category: 'indexability',
    severity: 'warning',
    priority: 'medium',
    title: 'Page is nofollow',
    description:
      'meta robots nofollow tells search engines to ignore every link on the page, so pages linked only from it are not discovered through it.',
    evidence: 'directives',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  blocked_by_robots: check({
    category: 'indexability',
    severity: 'warning',
    priority: 'medium',
    title: 'Linked URL blocked by robots.txt',
    description:
      'Crawled pages link to a URL robots.txt disallows: search engines cannot read it but may still index it without content. Unblock it, or stop linking to it (the evidence gives the robots.txt rule and the linking pages).',
    evidence: 'robots',
    evaluator: 'code',
    applies_to: 'internal_urls',
  }),
  // Sitemaps
  sitemap_non_indexable: check({
    category: 'sitemaps',
    severity: 'issue',
    priority: 'medium',
    title: 'Sitemap lists a URL that is not an indexable page',
    description:
      'Sitemaps should list only the canonical, indexable 200 pages you want found; redirects, errors and noindex pages waste crawling and make search engines trust the sitemap less.',
    evidence: 'reason',
    evaluator: 'sql',
    applies_to: 'internal_urls',
  }),
  orphan_in_sitemap: check({
    category: 'sitemaps',
    severity: 'warning',
    priority: 'medium',
    title: 'Page in a sitemap that no crawled page links to',
    description:
      'The sitemap names it but the site does not link to it, so it gets no internal link equity. Link to it from a relevant page, or take it out of the sitemap.',
    evidence: 'sitemaps',
    evaluator: 'sql',
    applies_to: 'indexable_pages',
  }),
  indexable_not_in_sitemap: check({
    category: 'sitemaps',
    severity: 'notice',
    priority: 'low',
    title: 'Indexable page missing from the sitemaps',
    description:
      'The site has sitemaps, but this indexable page is in none of them. Add it so search engines find changes to it sooner.',
    evidence: 'url',
    evaluator: 'sql',
    applies_to: 'indexable_pages',
  }),
  // Hreflang
  hreflang_missing_return: check({
    category: 'hreflang',
    severity: 'warning',
    priority: 'medium',
    title: 'hreflang alternate does not link back',
    description:
      'Search engines ignore an hreflang pair unless both pages name each other. Add the return link on the alternate (in the evidence).',
    evidence: 'hreflang',
    evaluator: 'code',
    applies_to: 'html_pages',
  }),
  hreflang_invalid_code: check({
    category: 'hreflang',
    severity: 'issue',
    priority: 'medium',
    title: 'hreflang code is not valid',
    description:
      'An hreflang value must be an ISO 639-1 language, optionally with an ISO 3166-1 region (en, en-GB), or x-default; anything else is ignored.',
    evidence: 'hreflang',
    evaluator: 'code',
    applies_to: 'html_pages',
  }),
  hreflang_missing_self: check({
    category: 'hreflang',
    severity: 'warning',
    priority: 'low',
    title: 'hreflang set does not include the page itself',
    description: 'Each page of an hreflang set should list itself too, with its own language.',
    evidence: 'hreflang_set',
    evaluator: 'code',
    applies_to: 'html_pages',
  }),
  hreflang_missing_x_default: check({
    category: 'hreflang',
    severity: 'notice',
    priority: 'low',
    title: 'hreflang set lacks x-default',
    description:
      'x-default names the page for visitors whose language none of the alternates matches. Add one, usually the language chooser or the main version.',
    evidence: 'hreflang_set',
    evaluator: 'code',
    applies_to: 'html_pages',
  }),
  hreflang_to_non_indexable: check({
    category: 'hreflang',
    severity: 'warning',
    priority: 'medium',
    title: 'hreflang alternate is not an indexable page',
    description:
      'The alternate redirects, errors, is noindex or canonicalised, so the pair is ignored. Point it at the indexable URL of that language.',
    evidence: 'hreflang',
    evaluator: 'code',
    applies_to: 'html_pages',
  }),
  // Content
  thin_content: check({
    category: 'content',
    severity: 'warning',
    priority: 'medium',
    title: 'Too little main text (thin content)',
    description:
      'Little main text (navigation and boilerplate excluded) rarely answers a search. Expand the page, merge it with a related one, or noindex it. Hubs, indexes, the home page, search pages and form pages (page types) are left out: they lead elsewhere rather than answer by their own words. So are reference entries, pages whose text is mostly code blocks, definition lists and data tables (a command’s synopsis and parameters, a table’s columns): they answer by their data (product pages are still judged by their words).',
    evidence: 'words',
    evaluator: 'sql',
    applies_to: 'indexable_pages',
    thresholds: ['audit_thin_words'],
  }),
  lang_missing: check({
    category: 'content',
    severity: 'notice',
    priority: 'low',
    title: 'Page language not declared',
    description:
      'Without <html lang> screen readers guess the pronunciation and search engines the language. Declare it.',
    evidence: 'url',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  content_truncated: check({
    category: 'content',
    severity: 'warning',
    priority: 'low',
    title: 'Page too large for the crawl to read whole',
    description:
      'The body went past the crawl’s size limit, so its end was not read (and search engines also stop reading huge pages). Make the page smaller.',
    evidence: 'url',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  // Duplicates
  duplicate_content_exact: check({
    category: 'duplicates',
    severity: 'issue',
    priority: 'high',
    title: 'Main text duplicates other pages’',
    description:
      'Indexable pages with identical main text compete for the same searches and split their links. Keep one, redirect or canonicalise the others to it.',
    evidence: 'group',
    evaluator: 'sql',
    applies_to: 'indexable_pages',
  }),
  near_duplicate: check({
    category: 'duplicates',
    severity: 'warning',
    priority: 'medium',
    title: 'Main text nearly duplicates other pages’',
    description:
      'The main text is nearly identical to another indexable page’s (MinHash similarity of word shingles at or above the threshold; exact copies are listed under duplicate_content_exact). Merge them or make each distinct.',
    evidence: 'group',
    evaluator: 'code',
    applies_to: 'indexable_pages',
    thresholds: ['audit_near_duplicate'],
  }),
  // Structured data
  structured_data_invalid: check({
    category: 'structured_data',
    severity: 'issue',
    priority: 'medium',
    title: 'JSON-LD does not parse or misses a property Google requires',
    description:
      'Google ignores a JSON-LD block that is not valid JSON, and an item that lacks a property Google requires for its type is not eligible for that rich result (review stars, prices, breadcrumbs, event dates). Fix the syntax error, or add each missing property the evidence names, with the Google page that requires it. The types checked and their sources are listed in server/domain/audit/rich-results.ts.',
    evidence: 'json_ld',
    evaluator: 'code',
    applies_to: 'html_pages',
  }),
  // Images
  image_missing_alt: check({
    category: 'images',
    severity: 'warning',
    priority: 'low',
    title: 'Image missing its alt attribute',
    description:
      'Screen readers fall back to the file name of an image with no alt attribute, and search engines have no text to understand it by or to rank it in image search. Add an alt that says what the image shows, or alt="" when it is decorative: an empty alt is correct and is not listed here. The evidence lists the page’s images with no alt attribute.',
    evidence: 'images',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  // URLs
  url_uppercase: check({
    category: 'urls',
    severity: 'notice',
    priority: 'low',
    title: 'URL has uppercase letters',
    description:
      'URL paths are case sensitive: links in another case make duplicates or 404s. Prefer lowercase URLs.',
    evidence: 'url',
    evaluator: 'code',
    applies_to: 'pages',
  }),
  url_underscore: check({
    category: 'urls',
    severity: 'notice',
    priority: 'low',
    title: 'URL has underscores',
    description:
      'Search engines read hyphens as word separators, underscores not. Prefer hyphens in new URLs.',
    evidence: 'url',
    evaluator: 'code',
    applies_to: 'pages',
  }),
  url_too_long: check({
    category: 'urls',
    severity: 'notice',
    priority: 'low',
    title: 'URL too long',
    description: 'Long URLs are cut in results and hard to share. Keep them short and descriptive.',
    evidence: 'value',
    evaluator: 'code',
    applies_to: 'pages',
    thresholds: ['audit_url_max_chars'],
  }),
  url_parameters: check({
    category: 'urls',
    severity: 'notice',
    priority: 'low',
    title: 'Indexable URL with query parameters',
    description:
      'Parameters multiply URLs for the same content. Canonicalise parameter versions to the clean URL, or keep parameters for pages that are really distinct.',
    evidence: 'url',
    evaluator: 'code',
    applies_to: 'indexable_pages',
  }),
  url_double_slash: check({
    category: 'urls',
    severity: 'warning',
    priority: 'low',
    title: 'URL path has a double slash',
    description:
      'A // in the path is usually a broken link template and serves the same page under a second URL. Fix the links that produce it.',
    evidence: 'url',
    evaluator: 'code',
    applies_to: 'pages',
  }),
  url_non_ascii: check({
    category: 'urls',
    severity: 'notice',
    priority: 'low',
    title: 'URL has non-ASCII characters',
    description:
      'Encoded characters are fine for search engines but can break when shared or copied into tools. Check they are intended.',
    evidence: 'url',
    evaluator: 'code',
    applies_to: 'pages',
  }),
  // Performance
  slow_response: check({
    category: 'performance',
    severity: 'warning',
    priority: 'medium',
    title: 'Server responds slowly',
    description:
      'The server took longer than the threshold to answer (time to the full response during the crawl). Slow pages rank and convert worse; look at caching and the page’s queries.',
    evidence: 'value',
    evaluator: 'sql',
    applies_to: 'pages',
    thresholds: ['audit_slow_ms'],
  }),
  large_page: check({
    category: 'performance',
    severity: 'warning',
    priority: 'low',
    title: 'HTML document too large',
    description:
      'The HTML alone is over the threshold: slow on mobile networks, and search engines may stop reading. Move inline data and markup out of the page.',
    evidence: 'value',
    evaluator: 'sql',
    applies_to: 'html_pages',
    thresholds: ['audit_large_page_bytes'],
  }),
  deep_page: check({
    category: 'performance',
    severity: 'notice',
    priority: 'low',
    title: 'Page too many clicks from the start page',
    description:
      'More clicks from the start page than the threshold: search engines crawl deep pages less often and treat them as less important. Link to it from higher up.',
    evidence: 'value',
    evaluator: 'sql',
    applies_to: 'indexable_pages',
    thresholds: ['audit_max_depth'],
  }),
  // Semantic
  competing_pages: check({
    category: 'semantic',
    severity: 'warning',
    priority: 'medium',
    title: 'Page competes with others for the same topic',
    description:
      'The similarity analysis pairs this page with others as duplicates or merge candidates: they answer the same searches and split the site’s strength. Merge them into one page, or make each serve a distinct intent.',
    evidence: 'group',
    evaluator: 'sql',
    applies_to: 'embedded_pages',
  }),
  off_topic_outlier: check({
    category: 'semantic',
    severity: 'notice',
    priority: 'low',
    title: 'Page is off the site’s topics',
    description:
      'No other page of the site is about anything close: its nearest page by meaning (cosine of the page embeddings) is below the threshold. Check it belongs here — spam, a stray test page, or a topic that needs pages of its own to be taken seriously.',
    evidence: 'outlier',
    evaluator: 'code',
    applies_to: 'embedded_pages',
    thresholds: ['audit_outlier_similarity'],
  }),
  ...PAGE_LINK_CHECKS,
  ...RESOURCE_CHECKS,
  ...MARKUP_CHECKS,
  ...JS_CHECKS,
  ...A11Y_CHECKS,
  ...LAB_CHECKS,
} as const;

export type CheckId = keyof typeof CHECKS;
export const CHECK_IDS = Object.keys(CHECKS) as CheckId[];

type EvaluatedIn<E extends CheckDef['evaluator']> = {
  [K in CheckId]: (typeof CHECKS)[K]['evaluator'] extends E ? K : never;
}[CheckId];
/** The checks one SELECT each decides (`CHECK_SQL` has exactly these keys). */
export type SqlCheckId = EvaluatedIn<'sql'>;
/** The checks decided in code (`CODE_CHECKS` has exactly these keys). */
export type CodeCheckId = EvaluatedIn<'code'>;
export const SQL_CHECK_IDS = CHECK_IDS.filter((id): id is SqlCheckId => CHECKS[id].evaluator === 'sql');
export const CODE_CHECK_IDS = CHECK_IDS.filter((id): id is CodeCheckId => CHECKS[id].evaluator === 'code');

/** The evidence of a check's findings: the shape its entry names. */
export type CheckEvidence<K extends CheckId> = EvidenceOf<(typeof CHECKS)[K]['evidence']>;
/** The settings a check reads: the ones its issue reports (`thresholds`). */
export type CheckThreshold<K extends CheckId> = NonNullable<(typeof CHECKS)[K]['thresholds']>[number];
