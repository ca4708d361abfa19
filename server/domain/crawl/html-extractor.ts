/**
 * Everything the crawl records about an HTML page, from one streaming parse (docs/crawler.md, "Extraction").
 * Siteloupe has to out-run DOM-based crawlers, so there is no tree: page-collector.ts gathers raw facts in a
 * single htmlparser2 pass, and this module turns them into the contract's shape — URLs resolved against the
 * document's base (which may come after the links that use it), the main-text root chosen, words counted.
 * Normalising URLs is the caller's job; hrefs here are absolute and otherwise as the page wrote them.
 */
import type { DomHandler } from 'domhandler';
import { Parser, type Handler } from 'htmlparser2';
import type { JsonLdBlock, PageImage } from '../../store/repos/pages-repo.js';
import type { MarkupFacts } from '../../store/repos/page-facts-repo.js';
import { resolveImages } from './image-collector.js';
import { EDGE_KINDS, type AnchorEdgeKind } from './link-classifier.js';
import { contentWording } from './content-wording.js';
import { linkHeaderTarget } from './link-header.js';
import type { Heading } from './heading-collector.js';
import { collapseWhitespace, countNonWhitespace, countWords } from './main-text.js';
import { PageCollector } from './page-collector.js';
import { resolveResourceRefs, type ResourceRef } from './resource-refs.js';
import type { PageSignals } from './page-signals.js';
import type { PageSkeleton } from './layout-skeleton.js';

export type { AnchorEdgeKind } from './link-classifier.js';

export interface ExtractedLink {
  /** Absolute, resolved against the base; the fragment is kept. */
  href: string;
  /** Collapsed link text; for image-only links the images' alt, else the link's aria-label. */
  anchor_text: string;
  nofollow: boolean;
  edge_kind: AnchorEdgeKind;
}

export interface ExtractedPage {
  title: string | null;
  meta_description: string | null;
  h1: string | null;
  /** With their section's anchor and their line in `main_text` when they have them (heading-collector.ts). */
  headings: Heading[];
  /** Absolute; `<link rel=canonical>` first, then the `Link` header. */
  canonical_url: string | null;
  /** The `robots` meta and the bot's own, joined by ", ", lower-cased. */
  meta_robots: string | null;
  hreflang: { lang: string; url: string }[];
  /** Every JSON-LD `@type`, sorted and unique. */
  structured_data_types: string[];
  /** Each JSON-LD block as written, with its parse error (bounded: structured-data.ts). */
  json_ld: JsonLdBlock[];
  /** `<img>` elements, one per URL, with their alt (bounded: image-collector.ts). */
  images: PageImage[];
  language: string | null;
  /** Whitespace collapsed, one line per block. */
  main_text: string;
  word_count: number;
  /** `<a href>` and `<area href>` in document order, http(s) only. */
  links: ExtractedLink[];
  base_url: string;
  /** Non-whitespace characters of visible body text (scripts, styles, templates and noscript left out). */
  text_chars_in_body: number;
  /**
   * Probably drawn by JavaScript: an empty mount point on a page with little text, or a "please enable
   * JavaScript" noscript on a page whose main text is short.
   */
  app_shell: boolean;
  /** What the markup says about the page's type (page-signals.ts). */
  page_signals: PageSignals;
  /** What the audit's second round reads of the markup (`page_facts`; the crawl adds the response's headers). */
  page_facts: MarkupFacts;
  /** The structure the page's generator wraps around its content (layout-skeleton.ts), for its template. */
  skeleton: PageSkeleton;
  /** What the page loads: images, stylesheets, scripts, fonts, iframes (bounded: resource-refs.ts). */
  resources: ResourceRef[];
}

export interface ResponseHeaders {
  link?: string | null;
  contentLanguage?: string | null;
}

/** "Little text" for app-shell detection, in non-whitespace characters. */
const APP_SHELL_MAX_CHARS = 200;

/**
 * Extracts one page. `pageUrl` is the final URL of the response (it must parse as a URL); `botName` picks the
 * bot-specific robots meta read besides `robots`.
 */
export function extractHtml(
  html: string,
  pageUrl: string,
  headers: ResponseHeaders,
  botName = 'siteloupe',
  /** Also builds this DOM from the same parse (custom extraction's CSS rules read it). */
  dom?: DomHandler,
): ExtractedPage {
  const c = collectPage(html, botName.toLowerCase(), dom);

  const page = new URL(pageUrl);
  const fromTag = c.head.baseHref === null ? null : resolveHttp(c.head.baseHref, page);
  const base = fromTag === null ? page : new URL(fromTag);
  const resolved = new Map<string, string | null>();
  const resolve = (href: string): string | null => {
    let url = resolved.get(href);
    if (url === undefined) {
      url = resolveHttp(href, base);
      resolved.set(href, url);
    }
    return url;
  };

  const links: ExtractedLink[] = [];
  for (const l of c.anchors.links) {
    const href = resolve(l.href);
    if (href === null) continue;
    const anchor = l.text || collapseWhitespace(l.alt) || collapseWhitespace(l.label);
    links.push({ href, anchor_text: anchor, nofollow: l.nofollow, edge_kind: EDGE_KINDS[l.kind]! });
  }

  const hreflang: { lang: string; url: string }[] = [];
  for (const alt of c.head.hreflang) {
    const url = resolve(alt.href);
    if (url !== null) hreflang.push({ lang: alt.lang, url });
  }

  // Link-header targets are relative to the response URL; <base> only applies inside the document.
  const linkTarget = headers.link ? linkHeaderTarget(headers.link, 'canonical') : null;
  const headerCanonical = linkTarget === null ? null : resolveHttp(linkTarget, page);
  // A canonical the parse puts in the body (after an element that ended the head) is ignored, as search engines do.
  const tagCanonical = c.headFacts.headCanonical;
  const canonical = tagCanonical === null ? headerCanonical : (resolve(tagCanonical) ?? headerCanonical);

  const [start, end, breaks] =
    c.mainStart >= 0
      ? [c.mainStart, c.mainEnd, c.mainBreaks]
      : c.articleStart >= 0
        ? [c.articleStart, c.articleEnd, c.articleBreaks]
        : [0, c.text.position, 0];
  const mainText = c.text.text(start, end);
  // Each heading in the chosen root gets its line there: search links a passage to its section by it.
  for (const h of c.headings.starts) {
    if (h.position >= start && h.position < end) h.heading.line = h.breaks - breaks;
  }

  const wordCount = countWords(mainText);
  const headerLanguage = headers.contentLanguage?.split(',')[0]?.trim() || null;
  // A noscript plea alone is not enough: blogs carry "enable JavaScript to see the comments" above full text.
  const appShell =
    (c.emptyMount && c.textChars < APP_SHELL_MAX_CHARS) ||
    (asksForJavaScript(c.noscriptText) && countNonWhitespace(mainText) < APP_SHELL_MAX_CHARS);
  return {
    title: c.head.title,
    meta_description: c.head.description,
    h1: c.headings.headings.find((h) => h.level === 1)?.text || null,
    headings: c.headings.headings,
    canonical_url: canonical,
    meta_robots: c.head.robots.length > 0 ? c.head.robots.join(', ') : null,
    hreflang,
    structured_data_types: [...c.head.structuredData.types].sort(),
    json_ld: c.head.structuredData.blocks,
    images: resolveImages(c.images.raw, resolve),
    language: c.head.htmlLang ?? headerLanguage,
    main_text: mainText,
    word_count: wordCount,
    links,
    base_url: fromTag ?? pageUrl,
    text_chars_in_body: c.textChars,
    app_shell: appShell,
    page_signals: { ...c.signals.finish(resolve, pageUrl), app_shell: appShell },
    skeleton: c.skeleton.finish(c.text.chars),
    resources: resolveResourceRefs(c.resources.raw, resolve),
    page_facts: {
      links: c.linkFacts.finish(resolve, pageUrl),
      head: c.headFacts.finish(resolve, headerCanonical),
      content: contentWording(c.head.title, c.head.description, mainText, wordCount),
    },
  };
}

/** htmlparser2's parser, also reporting heading end tags it is about to ignore (see heading-collector.ts). */
class PageParser extends Parser {
  constructor(
    private readonly html: string,
    private readonly collector: PageCollector,
    dom?: DomHandler,
  ) {
    super(dom ? teeHandler(collector, dom) : collector);
  }

  override onclosetag(start: number, endIndex: number): void {
    // Indices are offsets into `html`: the document is written to the parser in one piece.
    if (endIndex - start === 2) {
      const h = this.html.charCodeAt(start) | 0x20;
      const level = this.html.charCodeAt(start + 1) - 0x30;
      if (h === 0x68 /* h */ && level >= 1 && level <= 6) this.collector.headings.endTag(level);
    } else if (endIndex - start === 4 && this.html.slice(start, endIndex).toLowerCase() === 'head') {
      // The source's `</head>`: where the page meant its head to end (head-facts.ts).
      this.collector.headFacts.headEndTag();
    }
    super.onclosetag(start, endIndex);
  }
}

function collectPage(html: string, botName: string, dom?: DomHandler): PageCollector {
  const collector = new PageCollector(botName);
  new PageParser(html, collector, dom).end(html);
  return collector;
}

/** One tokenisation feeding both the streaming collector and a DOM builder, instead of parsing twice. */
function teeHandler(collector: PageCollector, dom: DomHandler): Partial<Handler> {
  return {
    onparserinit: (p) => dom.onparserinit(p),
    onreset: () => dom.onreset(),
    onend: () => dom.onend(),
    onerror: (e) => dom.onerror(e),
    onopentag(name, attribs) {
      collector.onopentag(name, attribs);
      dom.onopentag(name, attribs);
    },
    onclosetag() {
      collector.onclosetag();
      dom.onclosetag();
    },
    ontext(data) {
      collector.ontext(data);
      dom.ontext(data);
    },
    oncomment: (d) => dom.oncomment(d),
    oncommentend: () => dom.oncommentend(),
    oncdatastart: () => dom.oncdatastart(),
    oncdataend: () => dom.oncdataend(),
    onprocessinginstruction(n, d) {
      collector.onprocessinginstruction(n);
      dom.onprocessinginstruction(n, d);
    },
  };
}

function resolveHttp(href: string, base: URL): string | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

/** "You need to enable JavaScript to run this app.", "This site requires JavaScript", … */
function asksForJavaScript(noscript: string): boolean {
  if (noscript === '') return false;
  const text = noscript.toLowerCase();
  if (!text.includes('javascript')) return false;
  return ['enable', 'turn on', 'switch on', 'activate', 'allow', 'requir', 'need', 'support'].some((w) =>
    text.includes(w),
  );
}
