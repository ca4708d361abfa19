/**
 * Hubs and their parts, read from URLs and links: a page that sits above others (`/guides/roses/` over
 * `/guides/roses/pruning/`; a manual's chapter `jit.html` over its sections `jit-reason.html`, `jit-decision.html`)
 * and links down to several of them is their hub. A hub shares its parts' subject and often their words (a chapter
 * opens with what its sections say), yet an editor keeps both: the reader of the overview and the reader of one
 * part are served by different pages. So a hub and one of its parts are worth linking, never one page to merge.
 *
 * Links are required, not only the URL: a rewritten copy of a page beside it (`pruning-roses-guide`) sits "below"
 * the original by its name, but nothing links down to it.
 */
import { EXTENSION } from './url-contexts.js';

/** A page is a hub when it links down to at least this many pages below it. */
const MIN_PARTS = 3;

/** A URL's path as segments, `index` pages standing for their directory; null for a URL that does not parse. */
function segmentsOf(url: string): string[] | null {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname).toLowerCase();
  } catch {
    return null;
  }
  const segments = path.split('/').filter(Boolean);
  const last = segments.at(-1);
  if (last !== undefined) {
    const stem = last.replace(EXTENSION, '');
    if (stem === 'index' || stem === 'default') segments.pop();
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
  private readonly down = new Set<string>();

  /** The site's pages and its links between them (source page id, target page id). */
  constructor(
    pages: Iterable<{ id: number; url: string }>,
    links: Iterable<{ source: number; target: number }>,
  ) {
    const segments = new Map<number, string[]>();
    for (const p of pages) {
      const s = segmentsOf(p.url);
      if (s) segments.set(p.id, s);
    }
    const partsOf = new Map<number, number[]>();
    for (const { source, target } of links) {
      if (source === target) continue;
      const [hub, part] = [segments.get(source), segments.get(target)];
      if (!hub || !part || !below(hub, part)) continue;
      const parts = partsOf.get(source);
      if (parts) parts.push(target);
      else partsOf.set(source, [target]);
    }
    for (const [hub, parts] of partsOf) {
      const distinct = new Set(parts);
      if (distinct.size >= MIN_PARTS) for (const part of distinct) this.down.add(`${hub}:${part}`);
    }
  }

  /** One of the two pages is the other's hub. */
  hubAndPart(a: number, b: number): boolean {
    return this.down.has(`${a}:${b}`) || this.down.has(`${b}:${a}`);
  }
}
