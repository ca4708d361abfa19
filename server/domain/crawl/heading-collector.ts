/**
 * Headings (h1–h6) in document order, with their text. Text is gathered in one buffer shared by the open
 * headings, each remembering where its text starts. A mismatched end tag (`<h2>Title</h3>`, common in CMS
 * output) is ignored by htmlparser2 but closes the open heading in a browser, so heading end tags are reported
 * here as well and end the heading's text where a browser would.
 */
import { collapseWhitespace } from './main-text.js';

/** The permalink glyph docs generators append to a heading (Sphinx and MkDocs `¶`, others `§`), not its text. */
const PERMALINK_TAIL = /\s*[¶§]$/u;

export interface Heading {
  level: number;
  text: string;
  /**
   * The fragment that links to the heading's section (`page#anchor`): the heading's id, an id or name at its start
   * (`<h2><a id="x"></a>…`, DocBook), or the id of what opens just before it with no text between (`<section
   * id="x"><h2>`, Sphinx; `<div class="sect2" id="x">…<h2>`, PostgreSQL's manual; `<a name="x"></a><h2>`).
   * Absent when there is none.
   */
  anchor?: string;
  /** The heading's line in the page's main text (0-based); absent when the heading is not in it (a sidebar). */
  line?: number;
}

interface OpenHeading {
  heading: Heading;
  start: number;
  done: boolean;
}

/** Where a heading begins in the text collector (main-text.ts), to turn into a line once the root is known. */
export interface HeadingStart {
  heading: Heading;
  /** Block breaks collected before the heading. */
  breaks: number;
  /** Index of the collector's next run. */
  position: number;
}

export class HeadingCollector {
  readonly headings: Heading[] = [];
  private readonly open: OpenHeading[] = [];
  private buffer = '';

  /** Main-text headings by where they begin; see `HeadingStart`. */
  readonly starts: HeadingStart[] = [];

  /** An `<hN>` element opened, with the anchor it or what wraps it carries. */
  begin(level: number, anchor: string | null): Heading {
    if (this.open.length === 0) this.buffer = '';
    const heading: Heading = anchor ? { level, text: '', anchor } : { level, text: '' };
    this.headings.push(heading);
    this.open.push({ heading, start: this.buffer.length, done: false });
    return heading;
  }

  /** An element with an id (or `<a name>`) inside an open heading: the anchor when no text came before it. */
  anchorInside(anchor: string): void {
    const open = this.open[this.open.length - 1];
    if (open === undefined || open.done || open.heading.anchor !== undefined) return;
    if (/\S/.test(this.buffer.slice(open.start))) return;
    open.heading.anchor = anchor;
  }

  /** The innermost heading element closed. */
  end(): void {
    const open = this.open.pop();
    if (open !== undefined) this.finish(open);
  }

  append(text: string): void {
    if (this.open.length > 0) this.buffer += text;
  }

  /** A `</hN>` end tag was read; when no open heading is an hN, the innermost one ends here. */
  endTag(level: number): void {
    let innermost: OpenHeading | null = null;
    for (let i = this.open.length - 1; i >= 0; i--) {
      const open = this.open[i]!;
      if (open.done) continue;
      if (open.heading.level === level) return;
      innermost ??= open;
    }
    if (innermost !== null) this.finish(innermost);
  }

  private finish(open: OpenHeading): void {
    if (open.done) return;
    open.heading.text = collapseWhitespace(this.buffer.slice(open.start)).replace(PERMALINK_TAIL, '');
    open.done = true;
  }
}
