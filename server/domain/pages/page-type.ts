/**
 * What kind of page a page is (#33; docs/crawler.md, "Page types"), decided from what its markup says (the crawl's
 * `PageSignals`), its stored fields (URL, title, headings, words, structured data) and the link graph. Pure: the
 * caller reads the facts (page-types-service.ts), so each rule is tested on its own.
 *
 * Each rule is one an analyst would state, checked in this order, the first that holds deciding:
 *  1. an HTML answer of 4xx/5xx is an error page; the site's start page is `home`;
 *  2. a page named search, holding a search box or results, or a URL carrying a search query, is `search_results`;
 *  3. a title or h1 that reads "not found", or a page with no text and no links, is an `error`;
 *  4. a page whose content is a form with a password field, or a form of several fields and little text, is `form`;
 *  5. sections headed by single letters, an A–Z jump bar, "Glossary", or a title "… Index" over many links: `index`;
 *  6. release notes, a changelog or "what's new" by name, or headings that are mostly versions or dates: `changelog`;
 *  7. one product (schema.org Product, `og:type` product), not a list of them: `product`;
 *  8. content that is mostly a table of contents (entries opening with a link to another page), mostly links, or
 *     a table of contents leading to the pages below it (by URL, or pages deeper that link back up): `hub`;
 *  9. next to no text and no links: `other`; anything else is an `article`.
 *
 * The thresholds were read off the PostgreSQL manual and the Python docs, then checked on pages labelled by hand
 * (bench/page-types.ts; docs/benchmarks.md, "Page types").
 */
import type { PageType, PageTypeEvidence } from '../../schemas/pages.js';
import type { PageSignals } from '../../store/repos/page-signals-repo.js';
import { isIndexPage, readUrlPath } from '../urls/url-path.js';

export { isNavigational, NAVIGATIONAL_PAGE_TYPES, REFERENCE_PAGE_TYPES } from '../../schemas/pages.js';

export interface PageFacts {
  url: string;
  status_code: number | null;
  content_type: string | null;
  title: string | null;
  h1: string | null;
  headings: readonly { level: number; text: string }[];
  word_count: number;
  structured_data_types: readonly string[];
  /** What the markup says; null for a page crawled before page types (only stored fields are read then). */
  signals: PageSignals | null;
  /** The site's start URL, or its root. */
  home: boolean;
  /**
   * From the link graph: the pages its content links to, and of those its parts — pages below it by URL
   * (`/guide/` → `/guide/install`, `jit.html` → `jit-reason.html`) or deeper than it that link back to it (a
   * section's "Up" link, a breadcrumb).
   */
  targets: number;
  parts: number;
}

export interface PageTypeDecision {
  type: PageType | null;
  evidence: PageTypeEvidence | null;
}

/** A table of contents: at least this many entries, making up at least this share of the content's text. */
const TOC_ENTRIES = 2;
const TOC_SHARE = 0.5;
/** Mostly links: at least this many, their text at least this share of the content's. */
const LINKS_MIN = 5;
const LINK_SHARE = 0.6;
/**
 * A section page: a table of contents of at least two entries, most of whose content links lead to its parts,
 * however long its introduction (a manual's chapter page: the chapter's table of contents, then what it is about).
 */
const SECTION_ENTRIES = 2;
const PARTS_SHARE = 0.6;
/** …or whose table of contents is a good part of the page, with its parts among its links. */
const SECTION_TOC_SHARE = 0.3;
/** An index's title alone needs this many links; a jump bar this many letters; letter headings this many. */
const INDEX_LINKS = 20;
const INDEX_LINK_SHARE = 0.2;
const LETTER_LINKS = 10;
const LETTER_HEADINGS = 5;
/** Changelog by structure: this many version/date headings or entries, at least half of them. */
const DATED_MIN = 3;
/** A form page has little text of its own besides the form. */
const FORM_MAX_WORDS = 300;
const LOGIN_MAX_WORDS = 600;
const FORM_FIELDS = 3;
/** Not-found wording counts on a short page only (an article may discuss "404 errors"). */
const ERROR_MAX_WORDS = 500;
/** `other`: next to nothing to read or follow. */
const OTHER_MAX_WORDS = 20;

/** Section numbering a manual puts before a title: `Chapter 5.`, `Part II.`, `Appendix E.`, `5.1.`, `E.20.`. */
const NUMBERING =
  /^(?:(?:chapter|part|appendix|section|book)\s+[A-Z0-9]{1,5}\.?|[A-Z]?\d+(?:\.\d+)*\.|[A-Z](?:\.\d+)+\.)\s+/i;
/** What a site appends to every title: `Page — Site`, `Page | Site`, `Page - Site`. */
const SITE_SUFFIX = /\s+(?:[—|·»]|--?|–)\s+.*$/;

const NOT_FOUND =
  /\b(?:404|not found|page (?:does not|doesn['’]t) exist|no longer (?:exists|available)|(?:cannot|can['’]t|could not|couldn['’]t) be found|page is missing)\b/i;
const SEARCH_TITLE = /^(?:search(?:\s+results?)?|results)\b|\bsearch results\b|\bresults for\b/i;
/** Query parameters sites put a search in. */
const SEARCH_PARAMS = /[?&](?:q|s|query|search|search_query|keywords?|term)=[^&#]/i;
const SEARCH_NAME = /^(?:search|results|search-?results)$/i;
const GLOSSARY = /\b(?:glossary|acronyms|abbreviations)\b/i;
/** `Index`, `General Index`, `Python Module Index`, `Index – A`: a title that ends in Index (at most four words). */
const INDEX_TITLE = /^(?:\S+\s+){0,3}index(?:\s*[–—-]\s*\S{1,12})?$/i;
const CHANGELOG_WORDS =
  /\b(?:release notes|changelog|change log|changes in (?:version|release)|what['’]s new|version history|release history|news archive)\b/i;
/** `News`, `Releases`, `Release 15.1`, `Version 2.0` as the whole title. */
const CHANGELOG_TITLE = /^(?:news|releases|(?:release|version)\s+v?\d+(?:\.\d+)*)$/i;
const LETTER_HEADING = /^(?:\p{L}|\p{L}\s*[–—-]\s*\p{L}|symbols|numbers|0[–—-]9|#)$/iu;
/** A version (`v1.2`, `Release 15.1`, `3.11.2`) or a date, in a heading. */
const VERSION_OR_DATE =
  /\b(?:\d{4}-\d{2}-\d{2}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?:\d{1,2},?\s+)?\d{4}|\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4}|v\d+(?:\.\d+)+|(?:version|release)\s+\d+(?:\.\d+)*|\d+\.\d+\.\d+)\b/i;

/** A title as a reader names the page: the site's suffix and the manual's numbering left out. */
export function cleanTitle(title: string | null): string {
  if (title === null) return '';
  return title.replace(SITE_SUFFIX, '').trim().replace(NUMBERING, '').trim();
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export function classifyPage(p: PageFacts): PageTypeDecision {
  const html = p.content_type !== null && /html/i.test(p.content_type);
  const status = p.status_code;
  if (!html || status === null || (status >= 300 && status < 400)) return { type: null, evidence: null };
  const decide = (type: PageType, evidence: Record<string, string | number | boolean>): PageTypeDecision => ({
    type,
    evidence: p.signals === null ? { ...evidence, markup: 'not read' } : evidence,
  });
  if (status >= 400) return decide('error', { rule: 'error_status', status });
  if (p.home) return decide('home', { rule: 'start_page' });

  const s = p.signals;
  const names = [cleanTitle(p.title), cleanTitle(p.h1)].filter((t) => t !== '');
  const named = (re: RegExp) => names.find((t) => re.test(t));
  const path = readUrlPath(p.url);
  const words = p.word_count;

  // 2. Search results.
  const stem = path.file === null ? '' : path.file.replace(/\.[a-z0-9]+$/i, '');
  const lastDir = path.dir.split('/').filter(Boolean).pop() ?? '';
  const searchNamed = SEARCH_NAME.test(stem) || (isIndexPage(path) && SEARCH_NAME.test(lastDir));
  const searchBox = s !== null && (s.fields.search > 0 || s.search_value || s.result_markers > 0);
  if (p.structured_data_types.includes('SearchResultsPage'))
    return decide('search_results', { rule: 'search_results_markup' });
  if (SEARCH_PARAMS.test(p.url)) return decide('search_results', { rule: 'search_query_in_url' });
  if (searchNamed && searchBox) return decide('search_results', { rule: 'search_page', search_box: true });
  const searchTitle = named(SEARCH_TITLE);
  if (searchTitle !== undefined && (searchBox || searchNamed))
    return decide('search_results', { rule: 'search_title', title: searchTitle });

  // 3. Reads as an error, or as nothing at all.
  const notFound = named(NOT_FOUND);
  if (notFound !== undefined && words < ERROR_MAX_WORDS)
    return decide('error', { rule: 'not_found_wording', title: notFound, words });
  if (s !== null && words === 0 && s.links === 0 && s.forms === 0)
    // A page a browser would draw is not an error page: it only reads as empty without JavaScript.
    return s.app_shell
      ? decide('other', { rule: 'drawn_by_javascript', words })
      : decide('error', { rule: 'empty' });

  // 4. The page is its form.
  if (s !== null && s.forms > 0) {
    const f = s.fields;
    if (f.password > 0 && words < LOGIN_MAX_WORDS)
      return decide('form', { rule: 'password_form', password_fields: f.password, words });
    const entries = f.email + f.text + f.textarea + f.select;
    if (entries >= FORM_FIELDS && words < FORM_MAX_WORDS)
      return decide('form', { rule: 'form_page', fields: entries, words });
  }

  // 5. A–Z index or glossary.
  const letterHeadings = p.headings.filter((h) => h.level > 1 && LETTER_HEADING.test(h.text.trim())).length;
  if (letterHeadings >= LETTER_HEADINGS)
    return decide('index', { rule: 'letter_headings', letter_headings: letterHeadings });
  if (s !== null && s.letter_links >= LETTER_LINKS)
    return decide('index', { rule: 'letter_links', letter_links: s.letter_links });
  const glossary = named(GLOSSARY);
  if (glossary !== undefined) return decide('index', { rule: 'glossary', title: glossary });
  const indexTitle = named(INDEX_TITLE);
  const links = s?.links ?? p.targets;
  const linkShare = s === null ? null : round2(s.link_chars / Math.max(s.content_chars, 1));
  if (indexTitle !== undefined && links >= INDEX_LINKS && (linkShare ?? 1) >= INDEX_LINK_SHARE)
    return decide('index', {
      rule: 'index_title',
      title: indexTitle,
      links,
      ...(linkShare !== null ? { link_share: linkShare } : {}),
    });

  // 6. Release notes, changelogs, news.
  const changelog = named(CHANGELOG_WORDS) ?? named(CHANGELOG_TITLE);
  if (changelog !== undefined) return decide('changelog', { rule: 'changelog_title', title: changelog });
  const sections = p.headings.filter((h) => h.level > 1);
  const versioned = sections.filter((h) => VERSION_OR_DATE.test(h.text.replace(NUMBERING, ''))).length;
  if (versioned >= DATED_MIN && versioned * 2 >= sections.length)
    return decide('changelog', { rule: 'version_headings', versioned, headings: sections.length });
  if (s !== null && s.dated_items >= DATED_MIN && s.dated_items * 2 >= s.list_items)
    return decide('changelog', {
      rule: 'dated_entries',
      dated_items: s.dated_items,
      list_items: s.list_items,
    });

  // 7. One product.
  if (s !== null || p.structured_data_types.includes('Product')) {
    const marked =
      p.structured_data_types.includes('Product') || !!s?.og_product || (s?.product_items ?? 0) > 0;
    const listing = s !== null && (s.product_items > 1 || s.price_props > 2 || s.led_items >= 8);
    if (marked && !listing)
      return decide('product', {
        rule: 'product_markup',
        ...(s !== null ? { prices: s.price_props, add_to_cart: s.cart > 0 } : {}),
      });
  }

  // 8. Hubs: tables of contents, link lists, section pages over their parts.
  if (s !== null) {
    const tocShare = round2(s.led_chars / Math.max(s.content_chars, 1));
    if (s.led_items >= TOC_ENTRIES && tocShare >= TOC_SHARE)
      return decide('hub', { rule: 'table_of_contents', toc_entries: s.led_items, toc_share: tocShare });
    if (s.links >= LINKS_MIN && linkShare !== null && linkShare >= LINK_SHARE)
      return decide('hub', { rule: 'mostly_links', links: s.links, link_share: linkShare });
    if (
      s.led_items >= SECTION_ENTRIES &&
      p.parts >= SECTION_ENTRIES &&
      (p.parts >= PARTS_SHARE * p.targets || tocShare >= SECTION_TOC_SHARE)
    )
      return decide('hub', {
        rule: 'section_page',
        toc_entries: s.led_items,
        toc_share: tocShare,
        links_to_parts: p.parts,
        links: p.targets,
      });
  } else if (p.parts >= SECTION_ENTRIES && p.parts >= PARTS_SHARE * p.targets && words <= 25 * p.targets) {
    return decide('hub', { rule: 'links_to_parts', links_to_parts: p.parts, links: p.targets, words });
  }

  if (words < OTHER_MAX_WORDS && links < 3) return decide('other', { rule: 'little_content', words, links });
  return decide('article', { rule: 'text', words });
}
