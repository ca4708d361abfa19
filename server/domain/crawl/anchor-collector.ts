/**
 * Links as the parsing pass meets them: href as written, rel, the edge kind of their position, and their text.
 * Link text is gathered in one buffer shared by all open links, each remembering where its text starts, so a
 * text run costs one string append however the links nest.
 */
import { KIND_PAGINATION } from './link-classifier.js';
import { collapseWhitespace } from './main-text.js';

export interface PendingLink {
  /** Trimmed, unresolved. */
  href: string;
  text: string;
  alt: string;
  label: string;
  nofollow: boolean;
  /** Edge-kind code (link-classifier.ts). */
  kind: number;
  /** Offset of the link's text in the shared buffer. */
  start: number;
  /** Text final: the link closed, or another link opened inside it (which a browser reads as closing it). */
  done: boolean;
}

type Attribs = Readonly<Record<string, string>>;

export class AnchorCollector {
  readonly links: PendingLink[] = [];
  /** The innermost open `<a>`. */
  current: PendingLink | null = null;
  private buffer = '';
  private depth = 0;

  /**
   * Records an `<a>` or `<area>` whose href can lead somewhere (not empty, not just a fragment). Returns true
   * for an `<a>`, whose text follows until `close`.
   */
  open(name: string, attribs: Attribs, kind: number): boolean {
    const href = attribs.href?.trim();
    if (href === undefined || href === '' || href.charCodeAt(0) === 0x23 /* # */) return false;
    let nofollow = false;
    const rel = attribs.rel;
    if (rel !== undefined && rel !== '') {
      for (const token of rel.toLowerCase().split(/\s+/)) {
        if (token === 'nofollow') nofollow = true;
        else if (token === 'next' || token === 'prev' || token === 'previous') kind = KIND_PAGINATION;
      }
    }
    const area = name === 'area';
    const alt = area ? (attribs.alt ?? '') : '';
    const label = attribs['aria-label'] ?? '';
    const link: PendingLink = { href, text: '', alt, label, nofollow, kind, start: 0, done: area };
    this.links.push(link);
    if (area) return false;
    // Links cannot nest: an unclosed <a> ends where the next one starts, as the HTML parsing algorithm says.
    if (this.current !== null) this.finish(this.current);
    if (this.depth++ === 0) this.buffer = '';
    link.start = this.buffer.length;
    this.current = link;
    return true;
  }

  /** Closes the innermost `<a>`; `previous` is the link that was current when it opened. */
  close(previous: PendingLink | null): void {
    if (this.current !== null) this.finish(this.current);
    this.current = previous;
    this.depth--;
  }

  append(text: string): void {
    if (this.depth > 0) this.buffer += text;
  }

  imageAlt(alt: string | undefined): void {
    const link = this.current;
    if (link === null || link.done || !alt) return;
    link.alt = link.alt === '' ? alt : `${link.alt} ${alt}`;
  }

  private finish(link: PendingLink): void {
    if (link.done) return;
    link.text = collapseWhitespace(this.buffer.slice(link.start));
    link.done = true;
  }
}
