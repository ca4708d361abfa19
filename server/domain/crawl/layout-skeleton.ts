/**
 * A page's layout skeleton: the structure its generator wraps around the content, which pages of one template
 * share however long or short their text is, even on a flat site where URLs say nothing (docs/crawler.md,
 * "Templates"). Fed by page-collector.ts's single htmlparser2 pass (an element opened, an element closed), so no
 * page is parsed twice; the crawl finalise step clusters pages by it (domain/templates/).
 *
 * What counts as skeleton:
 * - the head's stylesheets and scripts (by file name) and its `generator`;
 * - `<body>`'s own classes and id, each a shingle of its own (a CMS puts per-page tokens there);
 * - every element of the chrome — what the main text leaves out: navigation, header, footer, asides, banners —
 *   as its path of tags and classes from the outermost chrome element, eight levels deep;
 * - the wrappers around the content: from `<body>` down, the child that holds at least 80 % of its parent's text,
 *   while there is one; the last of them is the content element (DocBook's `div.sect1`, Sphinx's `section`, a
 *   blog's `div.entry-content`), which is not part of the layout but names the page's kind inside it (`chain`);
 * - the wrappers' other children (and two levels below them) that are not chrome: banners, title bars, a
 *   pagination row.
 *
 * Paths are hashed to 32 bits with tags and classes lower-cased, digit runs made `0` (`postid-0`, `page-id-0`)
 * and class lists cut to three tokens; ids count only in the chrome, as a shingle beside the path. What varies
 * per page beyond that is left to the clustering, which drops shingles few pages have.
 *
 * Cost: one string-keyed cache lookup and a multiply-xor per element of the chrome, four array pushes per other
 * element; the chain and its siblings are resolved once at the end (docs/benchmarks.md, "Templates and fixes").
 */

type Attribs = Readonly<Record<string, string>>;

/** What the crawl stores of a page's layout (`page_skeletons`). */
export interface PageSkeleton {
  /** Distinct 32-bit shingle hashes, ascending, at most `MAX_SHINGLES` (the smallest kept). */
  shingles: Uint32Array;
  /** The wrappers from below `<body>` to the content element, `>`-joined (`div.layout>main>article.post`). */
  chain: string;
  /** `<meta name="generator">`, as written (trimmed, at most 80 characters). */
  generator: string | null;
}

export const MAX_SHINGLES = 1024;
/** A child continues the chain of wrappers when it holds more than this share of its parent's text. */
const WRAPPER_SHARE = 0.5;
const MAX_CHAIN = 12;
/** Levels of the chrome kept below its outermost element, and below a wrapper's other children. */
const CHROME_LEVELS = 8;
const SIBLING_LEVELS = 2;
/** A child of `<body>` beside the content counts as layout while it holds less than this share of the text. */
const BESIDE_SHARE = 0.25;
/** Elements past this depth are not recorded (the stack is fixed); a page this deep is not a layout. */
const MAX_DEPTH = 512;
/** Records of content elements per page: bounds memory on a huge page (the wrappers come first anyway). */
const MAX_RECORDS = 50_000;
const CLASS_TOKENS = 3;
const MAX_TOKEN_CHARS = 32;

/**
 * Text-level markup: in the chrome it formats the words of the moment (a page's title in a breadcrumb set in
 * `<code>`), not the layout, so it and what it holds are left out.
 */
const PHRASING: ReadonlySet<string> = new Set(
  'abbr acronym b bdi bdo big br cite code del dfn em i ins kbd mark q s samp small strong sub sup time tt u var wbr'.split(
    ' ',
  ),
);

/** Subtrees that are not layout: their children vary with what they draw. */
const OPAQUE: ReadonlySet<string> = new Set([
  'svg',
  'math',
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
]);

/** What may come before `<body>` when a document leaves the tag out. */
const IN_HEAD: ReadonlySet<string> = new Set([
  'html',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'script',
  'style',
  'noscript',
  'template',
]);

const F_NONE = 0;
const F_CHROME = 1;
const F_OPAQUE = 2;

/** FNV-1a over UTF-16 code units. */
export function hashString(s: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A path step: the parent's hash and the element's, mixed (murmur3's finaliser). */
function mix(parent: number, token: number): number {
  let h = (Math.imul(parent, 0x9e3779b1) ^ token) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const DIGITS = /\d+/g;
/** Digit runs that vary per page: any but a single digit ending a word (`sect1`, `h2`, `col3` say what they are). */
const PAGE_DIGITS = /(?<![a-z])\d+|\d{2,}/g;

/** A class list as the skeleton reads it: lower case, digit runs as `0`, long tokens dropped, three at most. */
export function classTokens(cls: string | undefined): string[] {
  if (cls === undefined || cls === '') return [];
  const out: string[] = [];
  for (const raw of cls.split(/\s+/)) {
    if (raw === '' || raw.length > MAX_TOKEN_CHARS) continue;
    out.push(raw.toLowerCase().replace(PAGE_DIGITS, '0'));
    if (out.length === CLASS_TOKENS) break;
  }
  return out;
}

/** `tag.class1.class2` — the readable step of a path, and what its hash is taken of. */
export function elementToken(name: string, cls: string | undefined): string {
  const tokens = classTokens(cls);
  return tokens.length ? `${name}.${tokens.join('.')}` : name;
}

/** A file name without its directories, query or digits (`../_static/pygments.css?v=3` → `pygments.css`). */
function fileName(url: string): string {
  const path = url.split(/[?#]/, 1)[0]!;
  return path
    .slice(path.lastIndexOf('/') + 1)
    .toLowerCase()
    .replace(DIGITS, '0');
}

/**
 * Token hashes by tag and class attribute: a site's pages repeat the same few hundred, so each is normalised and
 * hashed once per extraction worker, however many pages carry it.
 */
const tokenCache = new Map<string, Map<string, number>>();
let cached = 0;
const CACHE_LIMIT = 100_000;

function tokenHash(name: string, cls: string | undefined): number {
  const key = cls ?? '';
  let byTag = tokenCache.get(name);
  if (byTag === undefined) {
    byTag = new Map();
    tokenCache.set(name, byTag);
  }
  let h = byTag.get(key);
  if (h === undefined) {
    if (++cached > CACHE_LIMIT) {
      tokenCache.clear();
      cached = 0;
      byTag = new Map();
      tokenCache.set(name, byTag);
    }
    h = hashString(elementToken(name, cls));
    byTag.set(key, h);
  }
  return h;
}

const ID_SEED = hashString('#');
const HEAD_SEED = hashString('head');
const BODY_HASH = hashString('body');
const CHROME_SEED = hashString('chrome');

export class SkeletonCollector {
  private readonly shingles: number[] = [];

  private generator: string | null = null;

  // The open elements, by depth as page-collector.ts counts it.
  private readonly stackDepth = new Int32Array(MAX_DEPTH);
  private readonly stackFlags = new Uint8Array(MAX_DEPTH);
  /** Chrome: the path hash; content: the record index of the element or its nearest recorded ancestor. */
  private readonly stackValue = new Int32Array(MAX_DEPTH);
  private readonly stackLevel = new Int32Array(MAX_DEPTH);

  /** The element's own record (-1 when it has none). */
  private readonly stackOwn = new Int32Array(MAX_DEPTH);
  private sp = 0;

  // Content elements below `<body>` (record 0 is `<body>`): parent, tag, class, id, text at open, text inside.
  private readonly recParent: number[] = [];
  private readonly recName: string[] = [];
  private readonly recClass: (string | undefined)[] = [];
  private readonly recId: (string | undefined)[] = [];
  private readonly recStart: number[] = [];
  private readonly recChars: number[] = [];

  /**
   * An element opened at `depth` (1 for the root); `chrome` when it or an ancestor is left out of the main text;
   * `chars`, the main text's non-whitespace characters so far.
   */
  open(name: string, attribs: Attribs, depth: number, chrome: boolean, chars: number): void {
    if (depth >= MAX_DEPTH) return;
    const top = this.sp > 0 ? this.sp - 1 : -1;
    const parentFlags = top >= 0 ? this.stackFlags[top]! : F_NONE;
    const i = this.sp++;
    this.stackDepth[i] = depth;
    this.stackOwn[i] = -1;
    if (parentFlags & F_OPAQUE) {
      this.stackFlags[i] = F_OPAQUE;
      return;
    }
    this.head(name, attribs);
    const opaque = OPAQUE.has(name) ? F_OPAQUE : F_NONE;
    if (name === 'body') {
      this.body(attribs, chars);
      this.stackFlags[i] = opaque;
      this.stackValue[i] = 0;
      this.stackOwn[i] = 0;
      return;
    }
    if (chrome) {
      if (PHRASING.has(name)) {
        this.stackFlags[i] = F_OPAQUE;
        return;
      }
      const token = tokenHash(name, attribs.class);
      const inChrome = parentFlags & F_CHROME;
      const level = inChrome ? this.stackLevel[top]! + 1 : 0;
      const path = mix(inChrome ? this.stackValue[top]! : CHROME_SEED, token);
      this.stackFlags[i] = F_CHROME | opaque;
      this.stackValue[i] = path;
      this.stackLevel[i] = level;
      if (level < CHROME_LEVELS) {
        this.shingles.push(path);
        const id = attribs.id;
        if (id) this.shingles.push(mix(path, hashString(id.toLowerCase().replace(DIGITS, '0'), ID_SEED)));
      }
      return;
    }
    this.stackFlags[i] = opaque;
    let parentRecord = top >= 0 && (parentFlags & F_CHROME) === 0 ? this.stackValue[top]! : -1;
    // A document may leave out <body>: what follows the head is its body all the same.
    if (parentRecord < 0 && depth <= 2 && this.recParent.length === 0 && !IN_HEAD.has(name)) {
      this.bodyRecord(chars);
      parentRecord = 0;
    }
    if (parentRecord < 0 || this.recParent.length >= MAX_RECORDS) {
      // Above <body> (the head), or a content root inside chrome (a <main> a sidebar wraps): not a wrapper.
      this.stackValue[i] = parentRecord;
      return;
    }
    const r = this.recParent.length;
    this.recParent.push(parentRecord);
    this.recName.push(name);
    this.recClass.push(attribs.class);
    this.recId.push(attribs.id);
    this.recStart.push(chars);
    this.recChars.push(0);
    this.stackValue[i] = r;
    this.stackOwn[i] = r;
  }

  close(depth: number, chars: number): void {
    if (this.sp === 0 || this.stackDepth[this.sp - 1] !== depth) return;
    const own = this.stackOwn[--this.sp]!;
    if (own >= 0) this.recChars[own] = chars - this.recStart[own]!;
  }

  private head(name: string, attribs: Attribs): void {
    if (name === 'link') {
      if (attribs.href && /\bstylesheet\b/i.test(attribs.rel ?? ''))
        this.shingles.push(hashString(`css:${fileName(attribs.href)}`, HEAD_SEED));
    } else if (name === 'script') {
      if (attribs.src) this.shingles.push(hashString(`js:${fileName(attribs.src)}`, HEAD_SEED));
    } else if (name === 'meta') {
      if ((attribs.name ?? '').toLowerCase() === 'generator' && attribs.content?.trim()) {
        this.generator ??= attribs.content.trim().slice(0, 80);
        this.shingles.push(hashString(`gen:${this.generator}`, HEAD_SEED));
      }
    }
  }

  private bodyRecord(chars: number): void {
    this.recParent.push(-1);
    this.recName.push('body');
    this.recClass.push(undefined);
    this.recId.push(undefined);
    this.recStart.push(chars);
    this.recChars.push(-1);
  }

  private body(attribs: Attribs, chars: number): void {
    if (this.recParent.length === 0) this.bodyRecord(chars);
    for (const token of classTokens(attribs.class))
      this.shingles.push(hashString(`body.${token}`, HEAD_SEED));
    if (attribs.id) this.shingles.push(hashString(`body#${attribs.id.toLowerCase()}`, HEAD_SEED));
  }

  /** The skeleton, once the document is parsed; `chars` as `open` takes it. */
  finish(chars: number): PageSkeleton {
    // An implied <body> is never closed: it holds everything from where it began.
    if (this.recChars.length > 0 && this.recChars[0]! < 0) this.recChars[0] = chars - this.recStart[0]!;
    if (this.recParent.length === 0)
      return { shingles: bottomK(this.shingles), chain: '', generator: this.generator };
    const chain = this.wrappers();
    // What sits beside the content in <body> (a banner, a title bar). Not deeper: below <body>, what sits beside
    // the content element may be content itself (a manual's introduction beside its one long section). <body> may
    // hold content beside its wrapper on a short page, so only children with little text count.
    this.besideContent(chain[1] ?? -1, this.subtreeEnds(), this.shingles);
    const steps = chain.slice(1).map((r) => elementToken(this.recName[r]!, this.recClass[r]));
    return { shingles: bottomK(this.shingles), chain: steps.join('>'), generator: this.generator };
  }

  /** The last record of each record's subtree. */
  private subtreeEnds(): Int32Array {
    const n = this.recParent.length;
    const end = new Int32Array(n);
    for (let r = n - 1; r >= 0; r--) {
      if (end[r]! < r) end[r] = r;
      const p = this.recParent[r]!;
      if (p >= 0 && end[p]! < end[r]!) end[p] = end[r]!;
    }
    return end;
  }

  /** `<body>` (record 0) and, below it, each child holding most of its parent's text. */
  private wrappers(): number[] {
    const n = this.recParent.length;
    // Each record's heaviest child, in one pass.
    const heaviest = new Int32Array(n).fill(-1);
    for (let r = 1; r < n; r++) {
      const p = this.recParent[r]!;
      const h = heaviest[p]!;
      if (h < 0 || this.recChars[r]! > this.recChars[h]!) heaviest[p] = r;
    }
    const chain = [0];
    for (let cur = 0; chain.length <= MAX_CHAIN;) {
      const next = heaviest[cur]!;
      if (next < 0 || this.recChars[cur] === 0 || this.recChars[next]! <= WRAPPER_SHARE * this.recChars[cur]!)
        break;
      chain.push(next);
      cur = next;
    }
    return chain;
  }

  /**
   * `<body>`'s children other than the content's wrapper `next` that hold less than `BESIDE_SHARE` of its text,
   * with two levels below them (`end`: each subtree's last record).
   */
  private besideContent(next: number, end: Int32Array, out: number[]): void {
    const most = BESIDE_SHARE * this.recChars[0]!;
    // Records are in document order, so a subtree is the run of records after its root up to `end`.
    const paths: number[] = [BODY_HASH];
    const roots: number[] = [0];
    for (let c = 1; c <= end[0]!; c++) {
      while (this.recParent[c] !== roots[roots.length - 1]) {
        roots.pop();
        paths.pop();
      }
      if (
        c === next ||
        roots.length > SIBLING_LEVELS + 1 ||
        (roots.length === 1 && this.recChars[c]! >= most)
      ) {
        c = end[c]!;
        continue;
      }
      const p = mix(paths[paths.length - 1]!, tokenHash(this.recName[c]!, this.recClass[c]));
      out.push(p);
      const id = this.recId[c];
      if (id) out.push(mix(p, hashString(id.toLowerCase().replace(DIGITS, '0'), ID_SEED)));
      roots.push(c);
      paths.push(p);
    }
  }
}

/** Sorted, distinct, and the smallest `MAX_SHINGLES` when there are more (a bottom-k sample stays comparable). */
function bottomK(values: number[]): Uint32Array {
  const all = Uint32Array.from(values).sort();
  let w = 0;
  for (let i = 0; i < all.length && w < MAX_SHINGLES; i++)
    if (i === 0 || all[i] !== all[i - 1]) all[w++] = all[i]!;
  return all.slice(0, w);
}
