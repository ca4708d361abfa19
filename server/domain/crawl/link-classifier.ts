/**
 * What an element says about the links and text inside it. The edge kind of a link (docs/crawler.md,
 * "edge_kind") and the parts left out of the main text ("Main text") are read from the same signals — the tag,
 * its ARIA role, and words in its class, id and aria-label — so both come from one look at each element, packed
 * into a number because the extractor asks once per element of every page.
 *
 * Tags and roles are explicit markup and always count. Class/id/aria-label words are guesses, so they are
 * "soft": they never apply to `html`/`body`/`main`/`article` (a `<body class="has-sidebar">` is not a sidebar),
 * tokens that describe a state or a layout (`has-sidebar`, `menu-open`, `no-cookies`) are ignored, and the
 * extractor lets a `<main>` override a soft mark on one of its ancestors.
 */

import { ANCHOR_EDGE_KINDS, type AnchorEdgeKind } from '../../schemas/crawl.js';

export type { AnchorEdgeKind };

export const KIND_CONTENT = 0;
export const KIND_NAVIGATION = 1;
export const KIND_HEADER = 2;
export const KIND_FOOTER = 3;
export const KIND_ASIDE = 4;
export const KIND_PAGINATION = 5;
/** Indexed by the kind codes above (the schema lists the kinds in the same order). */
export const EDGE_KINDS: readonly AnchorEdgeKind[] = ANCHOR_EDGE_KINDS;

export const KIND_MASK = 7;
/** The kind comes from class/id/aria-label words, not from the tag or role. */
export const MARK_SOFT_KIND = 8;
/** Left out of the main text because of its tag or role. */
export const MARK_EXCLUDE = 16;
/** Left out of the main text because of class/id/aria-label words (cookie banners, share widgets, menus…). */
export const MARK_EXCLUDE_SOFT = 32;

const TAG_MARKS: ReadonlyMap<string, number> = new Map([
  ['nav', KIND_NAVIGATION | MARK_EXCLUDE],
  ['header', KIND_HEADER | MARK_EXCLUDE],
  ['footer', KIND_FOOTER | MARK_EXCLUDE],
  ['aside', KIND_ASIDE | MARK_EXCLUDE],
  ['script', MARK_EXCLUDE],
  ['style', MARK_EXCLUDE],
  ['noscript', MARK_EXCLUDE],
  ['template', MARK_EXCLUDE],
  ['svg', MARK_EXCLUDE],
  ['form', MARK_EXCLUDE],
  // Raw-text elements a browser never shows as text.
  ['iframe', MARK_EXCLUDE],
  ['noembed', MARK_EXCLUDE],
  ['noframes', MARK_EXCLUDE],
]);

const ROLE_MARKS: ReadonlyMap<string, number> = new Map([
  ['navigation', KIND_NAVIGATION | MARK_EXCLUDE],
  ['menu', KIND_NAVIGATION | MARK_EXCLUDE],
  ['menubar', KIND_NAVIGATION | MARK_EXCLUDE],
  ['banner', KIND_HEADER | MARK_EXCLUDE],
  ['contentinfo', KIND_FOOTER | MARK_EXCLUDE],
  ['complementary', KIND_ASIDE | MARK_EXCLUDE],
]);

/** Page-level containers: a class on them describes the page's layout, not the element. */
const NO_SOFT_MARKS: ReadonlySet<string> = new Set(['html', 'head', 'body', 'main', 'article']);

/**
 * Elements whose id names the content they hold, not a widget: documentation generators and CMSs derive a
 * section's or a heading's id from its heading (`cookie-management`, `how-do-i-share-global-variables`) and an
 * API entry's from its name (`module-http.cookies`, `socket.socket.share`). Their class still counts.
 */
const CONTENT_ID_TAGS: ReadonlySet<string> = new Set([
  'section',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'dt',
  'dd',
]);

/** Cheap first filter, run on every class/id/aria-label; the word-level checks below only run on a hit. */
const KEYWORDS = /menu|breadcrumb|sidebar|cookie|consent|gdpr|share|social|paginat|pager|nav/i;

/** Words that turn a class token into a state or layout flag (`has-sidebar`, `menu-open`, `sidebar-layout`). */
const MODIFIERS: ReadonlySet<string> = new Set([
  'has',
  'with',
  'without',
  'no',
  'not',
  'is',
  'open',
  'opened',
  'active',
  'visible',
  'hidden',
  'show',
  'shown',
  'expanded',
  'collapsed',
  'enabled',
  'disabled',
  'accepted',
  'layout',
]);

/** Words that contain a keyword but mean something else. */
const FALSE_FRIENDS: ReadonlySet<string> = new Set(['shared', 'shareholder', 'shareholders']);

const W_PAGINATION = 1;
const W_NAVIGATION = 2;
const W_ASIDE = 4;
const W_EXCLUDE = 8;

/**
 * Navigation named in a class or id: `nav`, `navbar`, `navigation`, DocBook's `navheader` / `navfooter`, and
 * compounds ending in `nav` (`docnav`, `subnav`, `topnav`: Publican manuals wrap their Prev/Up/Next lists in
 * `ul.docnav`), but not words that merely contain the letters (`canvas`, `unavailable`, `navy`).
 */
const NAV_WORDS: ReadonlySet<string> = new Set([
  'nav',
  'navbar',
  'navigation',
  'navheader',
  'navfooter',
  'navlinks',
  'navlist',
  'navmenu',
]);
const isNavWord = (w: string) => NAV_WORDS.has(w) || w.endsWith('nav');

function wordMarks(word: string): number {
  if (word.includes('paginat') || word === 'pager' || word === 'pagers') return W_PAGINATION;
  if (word.includes('breadcrumb') || word.includes('menu') || isNavWord(word))
    return W_NAVIGATION | W_EXCLUDE;
  if (word.includes('sidebar')) return W_ASIDE | W_EXCLUDE;
  if (
    word.includes('cookie') ||
    word.includes('consent') ||
    word.includes('gdpr') ||
    word.includes('social') ||
    (word.includes('share') && !FALSE_FRIENDS.has(word))
  ) {
    return W_EXCLUDE;
  }
  return 0;
}

/** Class names and ids: each token is split into words (`mainMenu`, `c-breadcrumb__item`, `cookie_banner`). */
function tokenMarks(value: string): number {
  if (!KEYWORDS.test(value)) return 0;
  let marks = 0;
  for (const token of value.split(/\s+/)) {
    if (!KEYWORDS.test(token)) continue;
    const words = token
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .split(/[^a-z0-9]+/);
    if (words.some((w) => MODIFIERS.has(w))) continue;
    for (const word of words) marks |= wordMarks(word);
  }
  return marks;
}

/** An aria-label is prose ("Open menu", "Page navigation"), so state words do not cancel it. */
function labelMarks(label: string): number {
  const lower = label.toLowerCase();
  if (lower.includes('page navigation')) return W_PAGINATION;
  if (!KEYWORDS.test(lower)) return 0;
  let marks = 0;
  for (const word of lower.split(/[^\p{L}\p{N}]+/u)) marks |= wordMarks(word);
  return marks;
}

/**
 * Marks of one element (kind code | MARK_* bits). The precedence when signals disagree: a pagination word
 * (most specific), then the role, then the tag, then other class/id/aria-label words.
 */
export function classifyElement(tag: string, attribs: Readonly<Record<string, string>>): number {
  let marks = TAG_MARKS.get(tag) ?? 0;
  const role = attribs.role;
  if (role !== undefined && role !== '') {
    const first = role.trim().split(/\s+/)[0]!.toLowerCase();
    const byRole = ROLE_MARKS.get(first);
    if (byRole !== undefined) marks = (marks & ~KIND_MASK) | byRole;
  }
  if (NO_SOFT_MARKS.has(tag)) return marks;
  const cls = attribs.class;
  const id = attribs.id;
  const label = attribs['aria-label'];
  let words = 0;
  if (cls !== undefined && cls !== '') words |= tokenMarks(cls);
  if (id !== undefined && id !== '' && !CONTENT_ID_TAGS.has(tag)) words |= tokenMarks(id);
  if (label !== undefined && label !== '') words |= labelMarks(label);
  if (words === 0) return marks;
  if (words & W_EXCLUDE) marks |= MARK_EXCLUDE_SOFT;
  if (words & W_PAGINATION) return (marks & ~KIND_MASK) | KIND_PAGINATION | MARK_SOFT_KIND;
  if ((marks & KIND_MASK) !== KIND_CONTENT) return marks;
  if (words & W_NAVIGATION) return marks | KIND_NAVIGATION | MARK_SOFT_KIND;
  if (words & W_ASIDE) return marks | KIND_ASIDE | MARK_SOFT_KIND;
  return marks;
}
