/**
 * What a page's markup says about its kind (docs/crawler.md, "Page types"): how much of its content is links and
 * table-of-contents entries, its forms and their fields, A–Z jump links, product and search-result markup. The
 * classifier (domain/pages/page-type.ts) decides the type from these with the stored fields and the link graph;
 * this module only counts, fed by page-collector.ts's single htmlparser2 pass (three hooks: an element opened, a
 * text run, an element closed), so no page is parsed twice.
 *
 * "Content" is what the main text keeps: visible text outside navigation, header, footer, aside and forms. When
 * the page has a `<main>`, its counts are the main element's, as the main text is.
 *
 * Kept cheap: the crawl's extraction is benchmarked (docs/benchmarks.md, "Page types"). The text hook is a few
 * additions per text run; the per-element work is a switch on the tag name, and class/id words are read only for
 * the one substring that marks search results.
 */
import type { PendingLink } from './anchor-collector.js';
import type { PageSignals } from '../../store/repos/page-signals-repo.js';

export type { PageSignals } from '../../store/repos/page-signals-repo.js';

type Attribs = Readonly<Record<string, string>>;

/** Counts kept for the whole content and, separately, for the first `<main>`. */
interface Region {
  chars: number;
  /** Of `chars`, those inside a reference structure (a code block, a definition list, a data table). */
  structured: number;
  items: number;
  datedItems: number;
  letterLinks: number;
}

interface ContentLink {
  link: PendingLink;
  chars: number;
  inItem: boolean;
  inMain: boolean;
}

/** A list entry (`li`, `dt`): whether its text opens with a link, as a table of contents' entries do. */
interface Item {
  depth: number;
  /** 0 before its first text, 1 led by a link, 2 not. */
  state: 0 | 1 | 2;
  inMain: boolean;
  /** The link it opens with, and the characters of its text (its own, not its nested entries'). */
  link: PendingLink | null;
  chars: number;
}

/**
 * A date (`2024-05-09`, `9 May 2024`, `May 9, 2024`) or a version (`v1.2`, `Version 15.1`, `3.11.2`) near an
 * entry's start. A bare `15.1` is not one: manuals number their sections so (`5.1. Table Basics`).
 */
export const DATE_OR_VERSION =
  /\b(?:\d{4}-\d{2}-\d{2}|\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}|v\d+(?:\.\d+)+|(?:version|release)\s+\d+(?:\.\d+)*|\d+\.\d+\.\d+(?!\.\s))\b/i;
/** Names a search box is given when its type does not say so. */
const SEARCH_NAMES: ReadonlySet<string> = new Set([
  'q',
  's',
  'query',
  'search',
  'search_query',
  'searchterm',
  'keyword',
  'keywords',
  'term',
]);
const SEARCH_RESULTS = /search[-_]?results?\b/i;
const ADD_TO_CART = /add[-_ ]?to[-_ ]?(?:cart|basket|bag)|addtocart|buy[-_ ]?now/i;
const HAS_DIGIT = /\d/;
const SINGLE_LETTER = /^\s*(?:\p{L}|\p{L}\s*[–—-]\s*\p{L})\s*$/u;

const region = (): Region => ({ chars: 0, structured: 0, items: 0, datedItems: 0, letterLinks: 0 });

export class PageSignalsCollector {
  /**
   * The depth of the innermost element this collector waits to see closed, -1 for none: the parser's close
   * hook calls `close` only for that one (most elements close unwatched; a call each costs ~2% of extraction).
   */
  deepest = -1;
  private readonly all = region();
  private readonly main = region();
  private mainDepth = -1;
  private mainSeen = false;
  private readonly links: ContentLink[] = [];
  private lastLink: PendingLink | null = null;
  private lastEntry: ContentLink | null = null;
  private readonly items: Item[] = [];
  /** Entries that opened with a link, closed. */
  private readonly led: Item[] = [];
  /** An open `<a>` (any href, fragments too): its depth and text, for A–Z jump links. */
  private anchorDepth = -1;
  private anchorText = '';
  private anchorInMain = false;
  private formDepth = -1;
  /**
   * The outermost open reference structure (`pre`, `dl`, `table`) in the content, -1 for none. A table counts
   * only once it shows it holds data (a header cell or a caption) and holds no other table: a table laid out
   * around a whole page is no reference table. Its text (all of it, and the part in `<main>`) waits until it closes.
   */
  private structDepth = -1;
  private structTable = false;
  private structData = false;
  private structLayout = false;
  private structChars = 0;
  private structMainChars = 0;
  private forms = 0;
  private readonly fields = { password: 0, email: 0, text: 0, textarea: 0, select: 0, search: 0, submit: 0 };
  private searchValue = false;
  private searchForms = 0;
  private resultMarkers = 0;
  private ogProduct = false;
  private priceProps = 0;
  private productItems = 0;
  private cart = 0;

  /**
   * An element opened at `depth`; `chrome`: it or an ancestor is left out of the main text (navigation, header,
   * footer, aside, a form). Fields of a form in the content count although the form itself is left out.
   */
  open(name: string, attribs: Attribs, depth: number, chrome: boolean, link: PendingLink | null): void {
    const inMain = this.mainDepth >= 0;
    if (attribs.itemprop === 'price') this.priceProps++;
    const itemtype = attribs.itemtype;
    if (itemtype !== undefined && /schema\.org\/Product$/i.test(itemtype)) this.productItems++;
    if (!chrome) {
      const cls = attribs.class;
      const id = attribs.id;
      if (
        (cls !== undefined && cls.includes('result') && SEARCH_RESULTS.test(cls)) ||
        (id !== undefined && id.includes('result') && SEARCH_RESULTS.test(id))
      )
        this.resultMarkers++;
    }
    switch (name) {
      case 'main':
        if (this.mainSeen) return;
        this.mainSeen = true;
        this.mainDepth = depth;
        this.deepest = depth;
        return;
      case 'a':
        if (!chrome && this.anchorDepth < 0 && attribs.href !== undefined) {
          this.anchorDepth = depth;
          this.anchorText = '';
          this.anchorInMain = inMain;
          this.deepest = depth;
        }
        if (link !== null && !chrome) {
          const top = this.items[this.items.length - 1];
          this.links.push({ link, chars: 0, inItem: top !== undefined, inMain });
        }
        return;
      case 'li':
      case 'dt':
        if (chrome) return;
        this.items.push({ depth, state: 0, inMain, link: null, chars: 0 });
        this.deepest = depth;
        this.all.items++;
        if (inMain) this.main.items++;
        return;
      case 'pre':
      case 'dl':
      case 'table':
        if (!chrome) this.openStructure(name === 'table', depth);
        return;
      case 'th':
      case 'caption':
        if (this.structTable) this.structData = true;
        return;
      case 'form':
        if (ADD_TO_CART.test(attribs.action ?? '') || /\/cart\b/.test(attribs.action ?? '')) this.cart++;
        if (attribs.role === 'search' || /search/i.test(attribs.action ?? '')) this.searchForms++;
        if (chrome || this.formDepth >= 0) return;
        this.formDepth = depth;
        this.deepest = depth;
        this.forms++;
        return;
      case 'input':
        this.input(attribs, chrome && this.formDepth < 0);
        return;
      case 'textarea':
        if (!chrome || this.formDepth >= 0) this.fields.textarea++;
        return;
      case 'select':
        if (!chrome || this.formDepth >= 0) this.fields.select++;
        return;
      case 'button':
        if (this.cartMarked(attribs)) this.cart++;
        if (this.formDepth >= 0 && (attribs.type ?? 'submit').toLowerCase() === 'submit')
          this.fields.submit++;
        return;
      case 'meta':
        if (attribs.property === 'og:type' && /^(?:og:)?product\b/i.test(attribs.content ?? ''))
          this.ogProduct = true;
        return;
      default:
        if (attribs.role === 'search') this.searchForms++;
    }
  }

  private openStructure(table: boolean, depth: number): void {
    if (this.structDepth >= 0) {
      if (table && this.structTable) this.structLayout = true;
      return;
    }
    this.structDepth = depth;
    this.structTable = table;
    this.structData = false;
    this.structLayout = false;
    this.structChars = 0;
    this.structMainChars = 0;
    this.deepest = Math.max(this.deepest, depth);
  }

  private input(attribs: Attribs, chrome: boolean): void {
    const type = (attribs.type ?? 'text').toLowerCase();
    const name = (attribs.name ?? '').toLowerCase();
    const search = type === 'search' || (type === 'text' && SEARCH_NAMES.has(name));
    if (search && (attribs.value ?? '').trim() !== '') this.searchValue = true;
    if (this.cartMarked(attribs)) this.cart++;
    if (chrome) return;
    if (search) this.fields.search++;
    else if (type === 'password') this.fields.password++;
    else if (type === 'email') this.fields.email++;
    else if (type === 'submit' || type === 'image') this.fields.submit++;
    else if (type === 'text' || type === 'tel' || type === 'number' || type === 'url' || type === 'date')
      this.fields.text++;
  }

  private cartMarked(attribs: Attribs): boolean {
    return ADD_TO_CART.test(`${attribs.name ?? ''} ${attribs.class ?? ''} ${attribs.id ?? ''}`);
  }

  /** A text run of `n` non-whitespace characters; `content`: visible and part of the main text. */
  text(data: string, n: number, content: boolean, link: PendingLink | null): void {
    if (n === 0) return;
    if (this.anchorDepth >= 0 && this.anchorText.length < 8) this.anchorText += data;
    if (!content) return;
    const inMain = this.mainDepth >= 0;
    this.all.chars += n;
    if (inMain) this.main.chars += n;
    if (this.structDepth >= 0) {
      this.structChars += n;
      if (inMain) this.structMainChars += n;
    }
    if (link !== null) {
      if (link !== this.lastLink) {
        this.lastLink = link;
        this.lastEntry = null;
        for (let i = this.links.length - 1; i >= 0; i--)
          if (this.links[i]!.link === link) {
            this.lastEntry = this.links[i]!;
            break;
          }
      }
      if (this.lastEntry !== null) this.lastEntry.chars += n;
    }
    const item = this.items[this.items.length - 1];
    if (item === undefined) return;
    if (item.state === 0) {
      item.state = link !== null ? 1 : 2;
      item.link = link;
      const head = data.length > 64 ? data.slice(0, 64) : data;
      if (HAS_DIGIT.test(head) && DATE_OR_VERSION.test(head)) this.bump('datedItems', 1, item.inMain);
    }
    item.chars += n;
  }

  /** The element at `depth`, `deepest`, closed. */
  close(depth: number): void {
    const item = this.items[this.items.length - 1];
    if (item !== undefined && item.depth === depth) {
      this.items.pop();
      if (item.state === 1) this.led.push(item);
    }
    if (this.anchorDepth === depth) {
      const text = this.anchorText.trim();
      if (text.length > 0 && text.length <= 5 && SINGLE_LETTER.test(text))
        this.bump('letterLinks', 1, this.anchorInMain);
      this.anchorDepth = -1;
    }
    if (this.formDepth === depth) this.formDepth = -1;
    if (this.structDepth === depth) {
      if (!this.structTable || (this.structData && !this.structLayout)) {
        this.all.structured += this.structChars;
        this.main.structured += this.structMainChars;
      }
      this.structDepth = -1;
    }
    if (this.mainDepth === depth) this.mainDepth = -1;
    this.deepest = Math.max(
      this.items[this.items.length - 1]?.depth ?? -1,
      this.anchorDepth,
      this.formDepth,
      this.structDepth,
      this.mainDepth,
    );
  }

  private bump(key: keyof Region, n: number, inMain: boolean): void {
    this.all[key] += n;
    if (inMain) this.main[key] += n;
  }

  /**
   * The signals, once the document is read: `resolve` turns an href into an absolute http(s) URL (null when it
   * is not one), so links back to the page itself (its own table of contents) are not counted as links.
   */
  finish(resolve: (href: string) => string | null, pageUrl: string): PageSignals {
    const useMain = this.mainSeen && this.main.chars > 0;
    const r = useMain ? this.main : this.all;
    const self = withoutFragment(pageUrl);
    // Links to other sites say nothing of the site's structure: a list of them is not a table of contents.
    const site = originOf(pageUrl);
    const internal = (href: string | null): href is string =>
      href !== null && href.startsWith(site) && withoutFragment(href) !== self;
    let links = 0;
    let linkChars = 0;
    let listLinks = 0;
    for (const l of this.links) {
      if (useMain && !l.inMain) continue;
      if (!internal(resolve(l.link.href))) continue;
      links++;
      linkChars += l.chars;
      if (l.inItem) listLinks++;
    }
    // A table of contents' entries: list entries opening with a link to another page.
    let ledItems = 0;
    let ledChars = 0;
    for (const item of this.led) {
      if (useMain && !item.inMain) continue;
      if (!internal(resolve(item.link!.href))) continue;
      ledItems++;
      ledChars += item.chars;
    }
    return {
      content_chars: r.chars,
      structured_chars: r.structured,
      links,
      link_chars: linkChars,
      list_links: listLinks,
      list_items: r.items,
      led_items: ledItems,
      led_chars: ledChars,
      dated_items: r.datedItems,
      letter_links: r.letterLinks,
      forms: this.forms,
      fields: { ...this.fields },
      search_forms: this.searchForms,
      search_value: this.searchValue,
      result_markers: this.resultMarkers,
      og_product: this.ogProduct,
      price_props: this.priceProps,
      product_items: this.productItems,
      cart: this.cart,
    };
  }
}

/** `https://host:port/` of an absolute URL, with its slash, so `https://a.test.evil` does not pass for it. */
function originOf(url: string): string {
  const slash = url.indexOf('/', url.indexOf('://') + 3);
  return slash < 0 ? `${url}/` : url.slice(0, slash + 1);
}

function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}
