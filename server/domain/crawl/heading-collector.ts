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
}

interface OpenHeading {
  heading: Heading;
  start: number;
  done: boolean;
}

export class HeadingCollector {
  readonly headings: Heading[] = [];
  private readonly open: OpenHeading[] = [];
  private buffer = '';

  /** An `<hN>` element opened. */
  begin(level: number): void {
    if (this.open.length === 0) this.buffer = '';
    const heading = { level, text: '' };
    this.headings.push(heading);
    this.open.push({ heading, start: this.buffer.length, done: false });
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
