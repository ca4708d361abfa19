/**
 * Hubs and their parts, read from URLs and links: a page that sits above others (`/guides/roses/` over
 * `/guides/roses/pruning/`; a manual's chapter `jit.html` over its sections `jit-reason.html`, `jit-decision.html`)
 * and links down to several of them is their hub. So is a page whose text links to several pages that link back to
 * it from their navigation only — an "Up" link, a breadcrumb — whatever their URLs: a manual's part `reference.html`
 * over its chapters `sql-commands.html`, `reference-client.html`. A hub shares its parts' subject and often their
 * words (a chapter opens with what its sections say, a part's contents repeat its chapters' lists), yet an editor
 * keeps both: the reader of the overview and the reader of one part are served by different pages. So a hub and
 * one of its parts are worth linking, never one page to merge, and when they are duplicates the hub is the page
 * to keep.
 *
 * Links are required, not only the URL: a rewritten copy of a page beside it (`pruning-roses-guide`) sits "below"
 * the original by its name, but the original does not link down to it. (When it does, the text check in the
 * similarity analysis still merges a copy.) A name only extends a name at its own depth: `/a/jit` is above
 * `/a/jit-reason`, not above `/a/jit-reason/notes`.
 */
import { pageNames, readUrlPath } from '../urls/url-path.js';

/** A page is a hub when it links down to at least this many pages below it. */
const MIN_PARTS = 3;

/** A URL's path as names, lower-cased, an index page (in any language) standing for its directory. */
const segmentsOf = (url: string): string[] => pageNames(readUrlPath(url)).map((s) => s.toLowerCase());

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
    /** Text links whose target links back from its navigation only (the store's `upLinked`). */
    private readonly upLinks: () => Iterable<{ hub: number; part: number }> = () => [],
  ) {}

  /** One of the two pages is the other's hub. */
  hubAndPart(a: number, b: number): boolean {
    return this.hubOf(a, b) !== null;
  }

  /** Which of the two pages is the other's hub, or null when neither is. */
  hubOf(a: number, b: number): number | null {
    const down = (this.down ??= this.read());
    return down.get(a)?.has(b) ? a : down.get(b)?.has(a) ? b : null;
  }

  private read(): Map<number, Set<number>> {
    const segments = new Map<number, string[]>();
    for (const p of this.pages) segments.set(p.id, segmentsOf(p.url));
    const partsOf = new Map<number, Set<number>>();
    const add = (hub: number, part: number) => {
      const parts = partsOf.get(hub);
      if (parts) parts.add(part);
      else partsOf.set(hub, new Set([part]));
    };
    for (const { source, target } of this.links()) {
      if (source === target) continue;
      const [hub, part] = [segments.get(source), segments.get(target)];
      if (hub && part && below(hub, part)) add(source, target);
    }
    for (const { hub, part } of this.upLinks()) if (segments.has(hub) && segments.has(part)) add(hub, part);
    for (const [hub, parts] of partsOf) if (parts.size < MIN_PARTS) partsOf.delete(hub);
    return partsOf;
  }
}
