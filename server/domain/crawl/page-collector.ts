/**
 * The single streaming pass behind `extractHtml`. htmlparser2 calls these handlers once per tag and text run;
 * there is no DOM, only a stack of reused frames that mirrors htmlparser2's own element stack (it emits one close
 * for every open, including implied closes, void elements and the end of input, so the two never drift apart).
 * Facts are gathered raw — hrefs as written, text runs, head metadata — and html-extractor.ts resolves them once
 * the whole document, and so its `<base>`, is known. Headings, links, images and head fields have their own small
 * collectors; this module decides which of them a text run or an element concerns, and keeps the main-text
 * bookkeeping (what is excluded, where `<main>` and the largest `<article>` are).
 */
import type { Handler } from 'htmlparser2';
import { AnchorCollector, type PendingLink } from './anchor-collector.js';
import { HeadFactsCollector } from './head-facts.js';
import { HeadFields, isJsonLdScript } from './head-fields.js';
import { HeadingCollector, type Heading } from './heading-collector.js';
import { ImageCollector } from './image-collector.js';
import {
  classifyElement,
  KIND_CONTENT,
  KIND_MASK,
  MARK_EXCLUDE,
  MARK_EXCLUDE_SOFT,
  MARK_SOFT_KIND,
} from './link-classifier.js';
import { countNonWhitespace, TextCollector } from './main-text.js';
import { LinkFactsCollector } from './link-facts.js';
import { PageSignalsCollector } from './page-signals.js';
import { ResourceRefCollector } from './resource-refs.js';
import { SkeletonCollector } from './layout-skeleton.js';

interface Frame {
  flags: number;
  /** Edge-kind code of the nearest classifying ancestor-or-self. */
  kind: number;
  kindSoft: boolean;
  savedExcluded: number;
  /** Where an article root starts: text position, collected chars and block breaks. */
  start: number;
  startChars: number;
  startBreaks: number;
  mountChars: number;
  prevLink: PendingLink | null;
}

// Static facts about tag names.
const T_BLOCK = 1;
const T_CELL = 2;
const T_RAW = 4;
const T_HEAD = 8;
const T_VOID = 16;

const TAG_INFO = new Map<string, number>();
const tagInfo = (names: string, bits: number) => {
  for (const n of names.split(' ')) TAG_INFO.set(n, (TAG_INFO.get(n) ?? 0) | bits);
};
tagInfo(
  'address article aside blockquote body caption center dd details dialog div dl dt fieldset figcaption figure ' +
    'footer form h1 h2 h3 h4 h5 h6 header hgroup legend li main menu nav ol option p pre section summary table ' +
    'tbody tfoot thead tr ul br hr',
  T_BLOCK,
);
tagInfo('td th', T_CELL);
tagInfo('script style iframe noembed noframes', T_RAW);
tagInfo('title meta link base style script noscript template', T_HEAD);
tagInfo('area base br col embed hr img input link meta source track wbr param keygen', T_VOID);

// What a frame must undo or finish when it closes.
const F_BLOCK = 1;
const F_CELL = 2;
const F_EXCLUDED = 4;
const F_ROOT = 8;
const F_RAW = 16;
const F_NOSCRIPT = 32;
const F_SVG = 64;
const F_TEMPLATE = 128;
const F_HEADING = 256;
const F_LINK = 512;
const F_TITLE = 1024;
const F_JSONLD = 2048;
const F_MAIN = 4096;
const F_ARTICLE = 8192;
const F_ARTICLE_ROOT = 16384;
const F_MOUNT = 32768;
const F_HEAD = 65536;
const F_HIDDEN = 131072;

const HEADING_LEVELS: Readonly<Record<string, number>> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
/** Where single-page apps mount: empty in the HTML the server sends. */
const MOUNT_IDS: ReadonlySet<string> = new Set(['root', 'app', '__next', '__nuxt', '___gatsby']);

export class PageCollector implements Partial<Handler> {
  readonly text = new TextCollector();
  readonly anchors = new AnchorCollector();
  readonly head: HeadFields;
  readonly headings = new HeadingCollector();
  readonly images = new ImageCollector();
  readonly signals = new PageSignalsCollector();
  /** Links, forms, images and pagination as the audit's link checks read them (`page_facts.links`). */
  readonly linkFacts = new LinkFactsCollector();
  /** What the page loads (images, stylesheets, scripts, fonts, iframes): fetched once each by the crawl. */
  readonly resources = new ResourceRefCollector();
  /** Where the head really ends and what it declares (`page_facts.head`). */
  readonly headFacts = new HeadFactsCollector();
  readonly skeleton = new SkeletonCollector();
  mainStart = -1;
  mainEnd = -1;
  articleStart = -1;
  articleEnd = -1;
  /** Block breaks before `mainStart` and `articleStart`: a heading's line in the root's text counts from them. */
  mainBreaks = 0;
  articleBreaks = 0;
  textChars = 0;
  emptyMount = false;
  noscriptText = '';

  private readonly frames: Frame[] = [];
  private depth = 0;
  private excluded = 0;
  private rawDepth = 0;
  private templateDepth = 0;
  private noscriptDepth = 0;
  /** Inside noscript or an SVG title: text a reader does not see (while scripts run). */
  private hiddenDepth = 0;
  private svgDepth = 0;
  private articleDepth = 0;
  private articleChars = -1;
  private inHead = false;
  private mainSeen = false;
  private capture = '';
  /**
   * The id (or `<a name>`) of the latest element opened with no text since: a heading opening now takes it as
   * its section's anchor (`<section id="x"><h2>`). Cleared by text.
   */
  private pendingAnchor: string | null = null;
  /** The heading `special` just opened, for `onopentag` to place once its block boundary is in the text. */
  private openedHeading: Heading | null = null;

  constructor(botName: string) {
    this.head = new HeadFields(botName);
  }

  onopentag(name: string, attribs: Record<string, string>): void {
    const f = this.push();
    // Template content is inert until a script clones it: nothing in it is on the page.
    if (this.templateDepth > 0 || name === 'template') {
      if (name === 'template') {
        f.flags = F_TEMPLATE;
        this.templateDepth++;
      }
      return;
    }
    const info = TAG_INFO.get(name) ?? 0;
    if (this.inHead && (info & T_HEAD) === 0) this.inHead = false;
    this.linkFacts.open(name, attribs, this.depth);
    this.resources.open(name, attribs);
    if (this.svgDepth === 0) this.headFacts.open(name, attribs, this.depth);
    let flags = info & T_BLOCK ? F_BLOCK : info & T_CELL ? F_CELL : 0;
    if (info & T_RAW) {
      flags |= F_RAW;
      this.rawDepth++;
    }
    if ((info & (T_VOID | T_RAW)) === 0) {
      flags = this.classify(f, name, attribs, flags);
      if (MOUNT_IDS.has(attribs.id ?? '') || 'data-reactroot' in attribs || name === 'app-root') {
        f.mountChars = this.textChars;
        flags |= F_MOUNT;
      }
    }
    const anchor = info & T_VOID ? null : attribs.id || (name === 'a' ? attribs.name : undefined) || null;
    flags = this.special(f, name, attribs, flags, anchor);
    f.flags = flags;
    const chrome = this.excluded - (flags & F_EXCLUDED ? 1 : 0) > 0;
    this.signals.open(name, attribs, this.depth, chrome, flags & F_LINK ? this.anchors.current : null);
    this.skeleton.open(name, attribs, this.depth, this.excluded > 0, this.text.chars);
    if (flags & F_BLOCK) this.boundary();
    else if (flags & F_CELL) this.gap();
    if (this.openedHeading !== null) {
      if (this.excluded === 0) {
        this.headings.starts.push({
          heading: this.openedHeading,
          breaks: this.text.breaks,
          position: this.text.position,
        });
      }
      this.openedHeading = null;
      this.pendingAnchor = null;
    } else if (anchor !== null) {
      this.headings.anchorInside(anchor);
      this.pendingAnchor = anchor;
    }
  }

  private classify(f: Frame, name: string, attribs: Record<string, string>, flags: number): number {
    const marks = classifyElement(name, attribs);
    const kind = marks & KIND_MASK;
    if (kind !== KIND_CONTENT) {
      f.kind = kind;
      f.kindSoft = (marks & MARK_SOFT_KIND) !== 0;
    }
    if ((marks & (MARK_EXCLUDE | MARK_EXCLUDE_SOFT)) === 0) return flags;
    this.excluded++;
    return flags | F_EXCLUDED;
  }

  private special(
    f: Frame,
    name: string,
    attribs: Record<string, string>,
    flags: number,
    anchor: string | null,
  ): number {
    switch (name) {
      case 'a':
      case 'area': {
        const previous = this.anchors.current;
        if (!this.anchors.open(name, attribs, f.kind)) return flags;
        f.prevLink = previous;
        return flags | F_LINK;
      }
      case 'img':
        this.anchors.imageAlt(attribs.alt);
        this.images.add(attribs);
        return flags;
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        this.openedHeading = this.headings.begin(HEADING_LEVELS[name]!, anchor ?? this.pendingAnchor);
        return flags | F_HEADING;
      case 'main':
        // The main-text root: what surrounds it (a form wrapping the page, a soft "sidebar" wrapper) is not its
        // content's concern.
        if (f.kindSoft) {
          f.kind = KIND_CONTENT;
          f.kindSoft = false;
        }
        if (this.mainSeen) return flags;
        this.mainSeen = true;
        flags = this.beginRoot(f, flags) | F_MAIN;
        this.boundary();
        this.mainStart = this.text.position;
        this.mainBreaks = this.text.breaks;
        return flags;
      case 'article':
        flags |= F_ARTICLE;
        if (this.articleDepth++ > 0 || this.mainSeen) return flags;
        flags = this.beginRoot(f, flags) | F_ARTICLE_ROOT;
        this.boundary();
        f.start = this.text.position;
        f.startChars = this.text.chars;
        f.startBreaks = this.text.breaks;
        return flags;
      case 'html':
        this.head.html(attribs);
        return flags;
      case 'head':
        this.inHead = true;
        return flags | F_HEAD;
      case 'body':
        this.inHead = false;
        return flags;
      case 'title':
      case 'desc':
        // An SVG <title> is the image's accessible name: link text, but not visible text.
        if (this.svgDepth > 0) {
          this.hiddenDepth++;
          return flags | F_HIDDEN;
        }
        if (name === 'desc') return flags;
        this.rawDepth++;
        flags |= F_RAW;
        if (!this.head.claimTitle()) return flags;
        this.capture = '';
        return flags | F_TITLE;
      case 'meta':
        this.head.meta(attribs);
        return flags;
      case 'link':
        this.head.link(attribs);
        return flags;
      case 'base':
        this.head.base(attribs);
        return flags;
      case 'script':
        if (!isJsonLdScript(attribs)) return flags;
        this.capture = '';
        return flags | F_JSONLD;
      case 'noscript':
        this.noscriptDepth++;
        this.hiddenDepth++;
        return flags | F_NOSCRIPT | F_HIDDEN;
      case 'svg':
        this.svgDepth++;
        return flags | F_SVG;
      default:
        return flags;
    }
  }

  /** Main and article roots keep their own text even inside an excluded wrapper. */
  private beginRoot(f: Frame, flags: number): number {
    if (flags & F_EXCLUDED) this.excluded--;
    f.savedExcluded = this.excluded;
    this.excluded = 0;
    return (flags & ~F_EXCLUDED) | F_ROOT;
  }

  /** `<!doctype …>` (htmlparser2 reports declarations as processing instructions). */
  onprocessinginstruction(name: string): void {
    this.headFacts.declaration(name);
  }

  ontext(data: string): void {
    if (this.templateDepth > 0) return;
    if (this.rawDepth > 0) {
      const top = this.frames[this.depth - 1];
      if (top !== undefined && top.flags & (F_TITLE | F_JSONLD)) this.capture += data;
      if (this.headFacts.capturing) this.headFacts.rawText(data);
      return;
    }
    this.headFacts.text(data);
    if (this.inHead) {
      if (countNonWhitespace(data) === 0) return;
      this.inHead = false;
    }
    if (this.pendingAnchor !== null && countNonWhitespace(data) > 0) this.pendingAnchor = null;
    if (this.noscriptDepth > 0) this.noscriptText += data;
    this.anchors.append(data);
    this.headings.append(data);
    const visible = this.hiddenDepth === 0;
    if (!visible && this.excluded > 0) return;
    const n = countNonWhitespace(data);
    this.signals.text(data, n, visible && this.excluded === 0, this.anchors.current);
    if (visible) this.textChars += n;
    if (this.excluded === 0) this.text.append(data, n);
  }

  onclosetag(): void {
    if (this.depth === 0) return;
    const f = this.frames[--this.depth]!;
    if (this.depth + 1 === this.signals.deepest) this.signals.close(this.depth + 1);
    if (this.depth + 1 === this.linkFacts.watching) this.linkFacts.close(this.depth + 1);
    if (this.depth + 1 === this.headFacts.deepest) this.headFacts.close(this.depth + 1);
    this.skeleton.close(this.depth + 1, this.text.chars);
    const flags = f.flags;
    if (flags === 0) return;
    if (flags & F_TEMPLATE) {
      this.templateDepth--;
      return;
    }
    if (flags & F_BLOCK) this.boundary();
    else if (flags & F_CELL) this.gap();
    if (flags & F_EXCLUDED) this.excluded--;
    if (flags & F_RAW) this.rawDepth--;
    if (flags & F_LINK) this.anchors.close(f.prevLink);
    if (flags & F_HEADING) this.headings.end();
    if (flags & F_TITLE) this.head.setTitle(this.capture);
    if (flags & F_JSONLD) this.head.jsonLd(this.capture);
    if (flags & F_MOUNT && this.textChars === f.mountChars) this.emptyMount = true;
    if (flags & F_MAIN) this.mainEnd = this.text.position;
    if (flags & F_ARTICLE) this.articleDepth--;
    if (flags & F_ARTICLE_ROOT) {
      // The largest article wins; on a tie, the first.
      const chars = this.text.chars - f.startChars;
      if (chars > this.articleChars) {
        this.articleChars = chars;
        this.articleStart = f.start;
        this.articleEnd = this.text.position;
        this.articleBreaks = f.startBreaks;
      }
    }
    if (flags & F_ROOT) this.excluded = f.savedExcluded;
    if (flags & F_NOSCRIPT) this.noscriptDepth--;
    if (flags & F_HIDDEN) this.hiddenDepth--;
    if (flags & F_SVG) this.svgDepth--;
    if (flags & F_HEAD) this.inHead = false;
  }

  /** Frames are reused across elements: a page allocates only as many as its deepest nesting. */
  private push(): Frame {
    const parent = this.depth > 0 ? this.frames[this.depth - 1]! : null;
    let f = this.frames[this.depth];
    if (f === undefined) {
      f = {
        flags: 0,
        kind: 0,
        kindSoft: false,
        savedExcluded: 0,
        start: 0,
        startChars: 0,
        startBreaks: 0,
        mountChars: 0,
        prevLink: null,
      };
      this.frames.push(f);
    }
    this.depth++;
    f.flags = 0;
    f.kind = parent === null ? KIND_CONTENT : parent.kind;
    f.kindSoft = parent === null ? false : parent.kindSoft;
    f.prevLink = null;
    return f;
  }

  /** A block starts or ends: a line break in the main text, a space in link and heading text. */
  private boundary(): void {
    this.text.breakBlock();
    this.anchors.append(' ');
    this.headings.append(' ');
  }

  /** Table cells sit side by side: a space, not a line. */
  private gap(): void {
    if (this.excluded === 0) this.text.append(' ', 0);
    this.anchors.append(' ');
    this.headings.append(' ');
  }
}
