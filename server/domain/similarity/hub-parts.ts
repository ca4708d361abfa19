/**
 * Hubs and their parts, read from URLs and links: a page that sits above others (`/guides/roses/` over
 * `/guides/roses/pruning/`; a manual's chapter `jit.html` over its sections `jit-reason.html`, `jit-decision.html`)
 * and links down to several of them is their hub. A hub shares its parts' subject and often their words (a chapter
 * opens with what its sections say), yet an editor keeps both: the reader of the overview and the reader of one
 * part are served by different pages. So a hub and one of its parts are worth linking, not one page to merge
 * (unless one only repeats the other: the similarity analysis checks their text).
 *
 * Links are required, not only the URL: a rewritten copy of a page beside it (`pruning-roses-guide`) sits "below"
 * the original by its name, but the original does not link down to it. (When it does, the text check in the
 * similarity analysis still merges a copy.) A name only extends a name at its own depth: `/a/jit` is above
 * `/a/jit-reason`, not above `/a/jit-reason/notes`.
 */
import { EXTENSION } from './url-contexts.js';

/** A page is a hub when it links down to at least this many pages below it. */
const MIN_PARTS = 3;

/** `index.en` (a page per language, Debian's and Apache's MultiViews) is an index page too. */
const INDEX_PAGE = /^(?:index|default)(?:\.[a-z]{2}(?:[-_][a-z]{2,4})?)?$/;

/** One path segment decoded, or as written when it is not valid percent-encoding (`100%-cotton`). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A URL's path as segments, index pages standing for their directory; null for a URL that does not parse. */
function segmentsOf(url: string): string[] | null {
  let path: string;
  try {
    path = new URL(url).pathname.toLowerCase();
  } catch {
    return null;
  }
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((s) => decoded(s));
  const last = segments.at(-1);
  if (last !== undefined) {
    const stem = last.replace(EXTENSION, '');
    if (INDEX_PAGE.test(stem)) segments.pop();
    else segments[segments.length - 1] = stem;
  }
  return segments;
}

/**
 * Whether `part` sits below `hub`: in a directory under it (`/a/` → `/a/b/c`), or beside it with the hub's name
 * and more (`/a/jit` → `/a/jit-reason`, `/library/email` → `/library/email.message`).
 */
export function below(hub: readonly string[], part: readonly string[]): boolean {
  if (part.length < hub.length || part.length === 0) return false;
  const lastHub = hub.length - 1;
  for (let i = 0; i < lastHub; i++) if (hub[i] !== part[i]) return false;
  if (hub.length === 0) return true;
  const name = hub[lastHub]!;
  const there = part[lastHub]!;
  if (there === name) return part.length > hub.length;
  return (
    part.length === hub.length &&
    there.length > name.length + 1 &&
    there.startsWith(name) &&
    /[-_.]/.test(there[name.length]!)
  );
}

export class HubParts {
  private down: Map<number, Set<number>> | null = null;

  /**
   * The site's pages, and its links between them (source page id, target page id), read on the first question:
   * an analysis where no pair comes near a merge never reads them.
   */
  constructor(
    private readonly pages: Iterable<{ id: number; url: string }>,
    private readonly links: () => Iterable<{ source: number; target: number }>,
  ) {}

  /** One of the two pages is the other's hub. */
  hubAndPart(a: number, b: number): boolean {
    const down = (this.down ??= this.read());
    return !!(down.get(a)?.has(b) || down.get(b)?.has(a));
  }

  private read(): Map<number, Set<number>> {
    const segments = new Map<number, string[]>();
    for (const p of this.pages) {
      const s = segmentsOf(p.url);
      if (s) segments.set(p.id, s);
    }
    const partsOf = new Map<number, Set<number>>();
    for (const { source, target } of this.links()) {
      if (source === target) continue;
      const [hub, part] = [segments.get(source), segments.get(target)];
      if (!hub || !part || !below(hub, part)) continue;
      const parts = partsOf.get(source);
      if (parts) parts.add(target);
      else partsOf.set(source, new Set([target]));
    }
    for (const [hub, parts] of partsOf) if (parts.size < MIN_PARTS) partsOf.delete(hub);
    return partsOf;
  }
}
