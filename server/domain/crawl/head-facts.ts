/**
 * What the audit's markup checks (#35) read of a page's head, from the crawl's one parsing pass (page-collector.ts
 * calls `open`, `text`, `close`, and the parser reports the doctype and each `</head>` in the source): doctype,
 * charset, viewport, language, the CSP and referrer metas, Open Graph tags, repeated titles, descriptions and
 * canonicals — and where the head really ends.
 *
 * The HTML parsing algorithm ends the head at the first element a head may not hold (`<img>`, `<div>`, an
 * `<iframe>` in a `<noscript>`) or non-whitespace text, wherever the source's `</head>` is; everything after it —
 * canonical, robots, hreflang — is in the body, where search engines ignore it. htmlparser2 keeps no insertion
 * modes, so this module replays the few rules that matter: "in head" (and "in head noscript", as a crawler without
 * scripts reads it), "after head" (between `</head>` and `<body>`, where head elements still go to the head),
 * and "in body". An early end counts only when the source shows it was early — a `</head>` or `<body>` comes after
 * it; a page written without those tags (`<title>x</title><p>…`) ends its head where it means to.
 *
 * Kept cheap (docs/benchmarks.md, "Page types"): a switch on the tag name an element, work only for head
 * elements, and the text hook a flag test until the head ends.
 */
import type { HeadFacts } from '../../store/repos/page-facts-repo.js';
import { langProblem, viewportProblems } from './head-rules.js';
import { collapseWhitespace, countNonWhitespace } from './main-text.js';

type Attribs = Readonly<Record<string, string>>;

/** Where the parse is, as the HTML standard's insertion modes for the head. */
const IN_HEAD = 0;
/** The head ended on an element it may not hold; the source has not yet said where it meant the head to end. */
const BROKEN = 1;
/** Between `</head>` and `<body>`: head elements here still go to the head. */
const AFTER_HEAD = 2;
const IN_BODY = 3;

/** Elements "in head" holds; anything else ends it. */
const HEAD_ELEMENTS: ReadonlySet<string> = new Set([
  'title',
  'meta',
  'link',
  'base',
  'style',
  'script',
  'noscript',
  'template',
  'basefont',
  'bgsound',
  'noframes',
]);
/** What a `<noscript>` in the head may hold when scripts do not run (the crawler, search engines' first pass). */
const HEAD_NOSCRIPT_ELEMENTS: ReadonlySet<string> = new Set(['link', 'meta', 'style', 'basefont', 'bgsound']);
const OG_REQUIRED = ['og:title', 'og:description', 'og:image'] as const;
/** Values kept of a repeated tag; its count is kept whole. */
const MAX_VALUES = 10;
const MAX_DESCRIBED = 200;

export class HeadFactsCollector {
  /** The depth of the element whose close this collector awaits (an extra `<title>`, a head `<noscript>`), or -1. */
  deepest = -1;
  /** True while an extra `<title>`'s text is being read (page-collector.ts feeds raw text then). */
  capturing = false;

  private mode = IN_HEAD;
  private elementSeen = false;
  private doctypeSeen = false;
  private noscriptDepth = -1;
  private titleDepth = -1;
  private titleText = '';
  private breakElement: string | null = null;
  /** Head elements after an early end, and whether search engines read them (title, robots, canonical, …). */
  private readonly pushed: { element: string; read: boolean }[] = [];
  private readonly inBody: string[] = [];
  private charset: string | null = null;
  private viewport: string | null = null;
  private csp: string | null = null;
  private referrer: string | null = null;
  private lang: string | null = null;
  private readonly og = new Set<string>();
  private readonly titles: string[] = [];
  private titleCount = 0;
  private readonly descriptions: string[] = [];
  private descriptionCount = 0;
  private readonly canonicals: string[] = [];

  /**
   * The first canonical href the head holds, as written: search engines ignore one the parse puts in the body (after
   * an element that ended the head), so the crawl does too.
   */
  get headCanonical(): string | null {
    return this.canonicals[0] ?? null;
  }

  /** A `<!doctype …>` (or other declaration) in the source. */
  declaration(name: string): void {
    if (!this.elementSeen && name.toLowerCase() === '!doctype') this.doctypeSeen = true;
  }

  /** An element opened at `depth` (outside templates and SVG). */
  open(name: string, attribs: Attribs, depth: number): void {
    this.elementSeen = true;
    switch (name) {
      case 'html':
        if (this.lang === null && attribs.lang !== undefined) this.lang = attribs.lang;
        return;
      case 'head':
        return;
      case 'body':
        this.toBody();
        return;
    }
    const mode = this.mode;
    if (mode === IN_HEAD) {
      const allowed = this.noscriptDepth >= 0 ? HEAD_NOSCRIPT_ELEMENTS.has(name) : HEAD_ELEMENTS.has(name);
      if (!allowed) {
        this.mode = BROKEN;
        this.breakElement = describe(name, attribs);
        this.noscriptDepth = -1;
      } else if (name === 'noscript') {
        this.noscriptDepth = depth;
        this.await();
      }
    } else if (mode === AFTER_HEAD && !HEAD_ELEMENTS.has(name)) this.mode = IN_BODY;
    switch (name) {
      case 'title':
        this.title(depth);
        break;
      case 'meta':
        this.meta(attribs);
        break;
      case 'link':
        this.link(attribs);
        break;
      default:
        return;
    }
  }

  /** Visible (not raw) text; only non-whitespace text matters, and only until the body. */
  text(data: string): void {
    if (this.mode === IN_BODY || this.mode === BROKEN) return;
    // A byte-order mark left in the decoded text is no text of the page's.
    if (countNonWhitespace(data) === 0 || (data.length === 1 && data.charCodeAt(0) === 0xfeff)) return;
    if (this.mode === AFTER_HEAD) {
      this.mode = IN_BODY;
      return;
    }
    this.mode = BROKEN;
    this.breakElement = `text "${collapseWhitespace(data).slice(0, 60)}"`;
    this.noscriptDepth = -1;
  }

  /** Text of the `<title>` being captured. */
  rawText(data: string): void {
    if (this.titleText.length < 500) this.titleText += data;
  }

  /** The element at `deepest` closed. */
  close(depth: number): void {
    if (depth === this.titleDepth) {
      this.titleDepth = -1;
      this.capturing = false;
      if (this.titles.length < MAX_VALUES) this.titles.push(collapseWhitespace(this.titleText).trim());
    }
    if (depth === this.noscriptDepth) this.noscriptDepth = -1;
    this.deepest = Math.max(this.titleDepth, this.noscriptDepth);
  }

  /** A `</head>` in the source: the author's end of the head. */
  headEndTag(): void {
    if (this.mode === IN_HEAD) this.mode = AFTER_HEAD;
    else if (this.mode === BROKEN) this.mode = IN_BODY;
  }

  /**
   * The facts, once the document is read. `resolve` makes an href absolute (null when it is not http(s));
   * `headerCanonical`, the `Link` header's canonical target, already absolute.
   */
  finish(resolve: (href: string) => string | null, headerCanonical: string | null): HeadFacts {
    const canonicals = new Set<string>();
    for (const href of this.canonicals) {
      const url = resolve(href);
      if (url !== null) canonicals.add(url);
    }
    if (headerCanonical !== null) canonicals.add(headerCanonical);
    const viewport = this.viewport;
    // Only an end the source contradicts is early: without a later `</head>` or `<body>`, the head ended where
    // the page meant it to, and head elements after it are simply in the body.
    const early = this.breakElement !== null && this.mode === IN_BODY;
    const inBody = early
      ? this.inBody
      : [...this.inBody, ...this.pushed.filter((p) => p.read).map((p) => p.element)];
    return {
      doctype: this.doctypeSeen,
      charset: this.charset,
      viewport,
      viewport_problems: viewport === null ? [] : viewportProblems(viewport),
      lang: this.lang,
      lang_problem: this.lang === null ? null : langProblem(this.lang),
      csp: this.csp,
      referrer: this.referrer,
      og_missing: OG_REQUIRED.filter((p) => !this.og.has(p)),
      titles: this.titleCount > 1 ? this.titles : [],
      title_count: this.titleCount,
      descriptions: this.descriptionCount > 1 ? this.descriptions : [],
      description_count: this.descriptionCount,
      canonicals: canonicals.size > 1 ? [...canonicals].slice(0, MAX_VALUES) : [],
      head_break: early ? { element: this.breakElement!, pushed: this.pushed.map((p) => p.element) } : null,
      in_body: inBody,
    };
  }

  private toBody(): void {
    this.mode = IN_BODY;
    this.noscriptDepth = -1;
    this.deepest = this.titleDepth;
  }

  private await(): void {
    this.deepest = Math.max(this.titleDepth, this.noscriptDepth);
  }

  private title(depth: number): void {
    this.titleCount++;
    this.place('<title>', true);
    if (this.titles.length >= MAX_VALUES || this.titleDepth >= 0) return;
    this.titleDepth = depth;
    this.titleText = '';
    this.capturing = true;
    this.await();
  }

  private meta(attribs: Attribs): void {
    const charset = attribs.charset;
    if (charset !== undefined && charset.trim() !== '') this.charset ??= charset.trim().toLowerCase();
    const equiv = attribs['http-equiv']?.trim().toLowerCase();
    if (equiv !== undefined) {
      const content = attribs.content ?? '';
      if (equiv === 'content-type') {
        const m = /charset\s*=\s*["']?([^"';\s]+)/i.exec(content);
        if (m) this.charset ??= m[1]!.toLowerCase();
      } else if (equiv === 'content-security-policy') this.csp ??= content.trim();
      this.place(describe('meta', attribs), false);
      return;
    }
    const property = (attribs.property ?? attribs.name)?.trim().toLowerCase();
    if (property === undefined) {
      if (charset !== undefined) this.place(describe('meta', attribs), false);
      return;
    }
    const content = (attribs.content ?? '').trim();
    switch (property) {
      case 'viewport':
        this.viewport ??= content;
        break;
      case 'referrer':
        this.referrer ??= content.toLowerCase();
        break;
      case 'description':
        this.descriptionCount++;
        if (this.descriptions.length < MAX_VALUES) this.descriptions.push(collapseWhitespace(content));
        break;
      default:
        if (content !== '' && property.startsWith('og:')) this.og.add(property);
    }
    this.place(
      describe('meta', attribs),
      property === 'description' || property === 'robots' || property.endsWith('bot'),
    );
  }

  private link(attribs: Attribs): void {
    const rel = (attribs.rel ?? '').toLowerCase().split(/\s+/);
    const href = attribs.href?.trim();
    const canonical = rel.includes('canonical');
    // Search engines read canonicals in the head only: one in the body is head_tags_in_body's, not a disagreement.
    if (canonical && href && (this.mode === IN_HEAD || this.mode === AFTER_HEAD)) this.canonicals.push(href);
    const hreflang = rel.includes('alternate') && attribs.hreflang !== undefined;
    // A stylesheet or icon link is as happy in the body.
    if (canonical || hreflang || this.mode === BROKEN)
      this.place(describe('link', attribs), canonical || hreflang);
  }

  /** Notes a head element where the parse put it: pushed out by an early end, or in the body. */
  private place(element: string, read: boolean): void {
    if (this.mode === BROKEN) {
      if (this.pushed.length < MAX_VALUES) this.pushed.push({ element, read });
    } else if (this.mode === IN_BODY && read && this.inBody.length < MAX_VALUES) this.inBody.push(element);
  }
}

/** `<img src="/pixel.gif">`: the tag and the attributes that say what it is, short enough for evidence. */
function describe(name: string, attribs: Attribs): string {
  let out = `<${name}`;
  for (const key of [
    'name',
    'property',
    'http-equiv',
    'charset',
    'rel',
    'hreflang',
    'href',
    'src',
    'content',
  ]) {
    const v = attribs[key];
    if (v === undefined) continue;
    out += ` ${key}="${v.length > 80 ? `${v.slice(0, 79)}…` : v}"`;
    if (out.length > MAX_DESCRIBED) break;
  }
  return `${out}>`;
}
