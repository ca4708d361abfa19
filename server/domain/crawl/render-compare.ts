/**
 * A rendered page's raw HTML against its rendered DOM (#36 §1): what JavaScript set or changed of the title,
 * description, first h1, canonical and robots directives, the internal links and main text that exist only after
 * rendering, what its scripts reported (render-probe-console.ts) and which of the scripts and stylesheets it asked
 * for robots.txt keeps from a crawler. Decided once here, as the crawl writes the page, so the page details, the
 * Pages filter and the `js_*` audit checks read one verdict (`changed`).
 *
 * Google indexes the rendered page but reads the raw HTML first: a raw `noindex` stops it before it renders, a
 * canonical or title that only JavaScript sets may be seen late or not at all, and links only in the rendered DOM
 * are found only once the page is rendered (docs/audit.md, "JavaScript").
 */
import type { RenderObservations } from '../../adapters/render-probe.js';
import { CONSOLE_PROBE, type ConsoleObservation } from '../../adapters/render-probe-console.js';
import { ANCHOR_EDGE_KINDS } from '../../schemas/crawl.js';
import {
  JS_CONTENT_MIN_WORDS,
  JS_CONTENT_RAW_SHARE,
  MAX_RENDERED_ONLY_LINKS,
  type BlockedResource,
  type JsChange,
} from '../../schemas/page-render.js';
import type { PageRenderWrite } from '../../store/repos/page-renders-repo.js';
import { robotsDirectives } from './indexability.js';
import { collapseWhitespace } from './main-text.js';
import type { PageRecord } from './page-builder.js';
import type { RobotsCache } from './robots-cache.js';
import { DISALLOW_ALL } from './robots-rules.js';

/** Blocked scripts and stylesheets listed a page; the count says how many there are. */
const MAX_BLOCKED = 20;
const ANCHOR_KINDS: ReadonlySet<string> = new Set(ANCHOR_EDGE_KINDS);
/** What the directive lists leave out: they say what a page with no robots tag gets anyway. */
const DEFAULT_DIRECTIVES: ReadonlySet<string> = new Set(['index', 'follow', 'all']);

/** What the crawl knows that the comparison needs: its scope and its robots.txt rules. */
export interface RenderJudge {
  isInternal(url: string): boolean;
  /**
   * Whether the robots.txt of the URL's host, read for the crawl's user agent, disallows it. Unknown (a robots.txt
   * that could not be read) is not disallowed: an offline laptop must not report every script.
   */
  disallowed(url: string): Promise<boolean>;
}

/** The directives that apply, as a sorted list: `none` spelt out, the defaults left out. */
export function effectiveDirectives(metaRobots: string | null, xRobotsTag: string | null): string[] {
  const out = new Set<string>();
  for (const d of [...robotsDirectives(metaRobots), ...robotsDirectives(xRobotsTag)]) {
    if (d === 'none') {
      out.add('noindex');
      out.add('nofollow');
    } else if (!DEFAULT_DIRECTIVES.has(d)) out.add(d);
  }
  return [...out].sort();
}

const same = (a: string | null, b: string | null) =>
  collapseWhitespace(a ?? '') === collapseWhitespace(b ?? '');

/** Distinct internal pages a record links to with anchors (not itself). */
function internalTargets(record: PageRecord, isInternal: (url: string) => boolean): Set<string> {
  const out = new Set<string>();
  for (const e of record.edges) {
    const url = e.discovery.url;
    if (ANCHOR_KINDS.has(e.edge_kind) && url !== record.page.url && isInternal(url)) out.add(url);
  }
  return out;
}

/** Same host and port as the page: what "internal" means where no crawl scope is given (the rule tester). */
const sameOrigin = (pageUrl: string) => {
  const origin = new URL(pageUrl).origin;
  return (url: string) => {
    try {
      return new URL(url).origin === origin;
    } catch {
      return false;
    }
  };
};

/** The stored comparison of a page rendered from `raw`, with what the render probes found. */
export async function compareRender(
  raw: PageRecord,
  rendered: PageRecord,
  observed: RenderObservations,
  judge: RenderJudge | null,
): Promise<PageRenderWrite> {
  const r = raw.page;
  const p = rendered.page;
  const isInternal = judge ? (u: string) => judge.isInternal(u) : sameOrigin(p.url);
  const rawLinks = internalTargets(raw, isInternal);
  const renderedLinks = internalTargets(rendered, isInternal);
  const onlyRendered = [...renderedLinks].filter((u) => !rawLinks.has(u));
  const rawRobots = effectiveDirectives(r.meta_robots, r.x_robots_tag);
  const renderedRobots = effectiveDirectives(p.meta_robots, p.x_robots_tag);

  const changed: JsChange[] = [];
  if (!same(r.title, p.title)) changed.push('title');
  if (!same(r.meta_description, p.meta_description)) changed.push('description');
  if (!same(r.h1, p.h1)) changed.push('h1');
  if ((r.canonical_url ?? null) !== (p.canonical_url ?? null)) changed.push('canonical');
  if (rawRobots.join(',') !== renderedRobots.join(',')) changed.push('robots');
  if (onlyRendered.length) changed.push('links');
  if (p.word_count >= JS_CONTENT_MIN_WORDS && r.word_count < p.word_count * JS_CONTENT_RAW_SHARE)
    changed.push('content');

  // Our own probe's result, from this process (not the page): its shape is the probe's.
  const console = observed[CONSOLE_PROBE] as ConsoleObservation | undefined;
  const blocked = judge && console ? await blockedOf(console, judge) : [];
  return {
    raw_title: r.title,
    raw_description: r.meta_description,
    raw_h1: r.h1,
    raw_canonical: r.canonical_url,
    raw_robots: rawRobots,
    rendered_robots: renderedRobots,
    raw_word_count: r.word_count,
    raw_links: rawLinks.size,
    rendered_links: renderedLinks.size,
    changed,
    links_only_rendered: onlyRendered.slice(0, MAX_RENDERED_ONLY_LINKS),
    links_only_rendered_count: onlyRendered.length,
    console_errors: console?.errors ?? [],
    console_error_count: console?.error_count ?? 0,
    blocked_resources: blocked.slice(0, MAX_BLOCKED),
    blocked_count: blocked.length,
  };
}

async function blockedOf(console: ConsoleObservation, judge: RenderJudge): Promise<BlockedResource[]> {
  const verdicts = await Promise.all(console.requested.map((r) => judge.disallowed(r.url)));
  return console.requested.filter((_, i) => verdicts[i]);
}

/**
 * The judge of a crawl: its scope, and robots.txt as read for its user agent, whether or not the crawl obeys it
 * (Google does). The site's hosts are judged by the crawl's own robots.txt cache; other hosts' files are read
 * once each, with the resource checks' cache.
 */
export function renderJudge(
  isInternal: (url: string) => boolean,
  robots: { internal: RobotsCache; external: RobotsCache },
): RenderJudge {
  return {
    isInternal,
    async disallowed(url) {
      const cache = isInternal(url) ? robots.internal : robots.external;
      const rules = await cache.rulesFor(url).catch(() => null);
      // An unreadable robots.txt (DISALLOW_ALL) is the crawl being kept out, not a rule about this file.
      return rules !== null && rules !== DISALLOW_ALL && !rules.isAllowed(url);
    },
  };
}
