/**
 * Text gathered during the one parsing pass. Which element is the main-text root (`<main>`, the largest
 * `<article>`, or `<body>`) is only known at the end, so every kept text run goes into one list and the roots
 * remember where they start and end in it; the chosen range is joined once. Block boundaries are a marker
 * rather than "\n" because source text has its own newlines, which are just whitespace.
 */

/**
 * Stands for a block boundary inside the collected runs; turned into "\n" when the text is read. U+FDD0 is a
 * Unicode noncharacter: it is not whitespace and has no business in a page's text.
 */
const BREAK = '\ufdd0';
/**
 * Every run of whitespace except a lone space, which is already what a run becomes: replacing these with " "
 * gives exactly `s.replace(/\s+/g, ' ')`, with one match per line break or indentation instead of one per
 * word gap (three times faster on a page's text, where most gaps are single spaces).
 */
const WHITESPACE = / \s+|[^\S ]\s*/g;
const BREAKS = / ?\ufdd0[\ufdd0 ]*/g;
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export class TextCollector {
  private readonly parts: string[] = [];
  private afterBreak = true;
  private afterSpace = false;
  /** Non-whitespace characters appended so far: sizes `<article>` candidates without joining their text. */
  chars = 0;
  /**
   * Block breaks appended so far. A break only ever follows text (never another break, never the start), so the
   * breaks between a root's start and a heading are the heading's line in the root's text.
   */
  breaks = 0;

  get position(): number {
    return this.parts.length;
  }

  append(text: string, nonWhitespace: number): void {
    if (nonWhitespace === 0) {
      // Indentation between tags: one space says all it says, and fewer runs make the final join cheaper.
      if (this.afterBreak || this.afterSpace) return;
      this.parts.push(' ');
      this.afterSpace = true;
      return;
    }
    this.parts.push(text);
    this.chars += nonWhitespace;
    this.afterBreak = false;
    this.afterSpace = false;
  }

  breakBlock(): void {
    if (this.afterBreak) return;
    this.parts.push(BREAK);
    this.breaks++;
    this.afterBreak = true;
    this.afterSpace = false;
  }

  /** The runs in [start, end), whitespace collapsed, one line per block. */
  text(start = 0, end = this.parts.length): string {
    const slice = start === 0 && end === this.parts.length ? this.parts : this.parts.slice(start, end);
    return slice.join('').replace(WHITESPACE, ' ').replace(BREAKS, '\n').trim();
  }
}

export function collapseWhitespace(s: string): string {
  return s.replace(WHITESPACE, ' ').trim();
}

/** Mirrors `\s` so that counts agree with `collapseWhitespace`. */
function isWhitespace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

export function countNonWhitespace(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (!isWhitespace(s.charCodeAt(i))) n++;
  return n;
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
/** Per BMP code unit: 0 not yet known, 1 letter or digit, 2 neither. Filled as characters are met. */
const BMP_CLASS = new Uint8Array(0x10000);
for (let c = 0; c < 0x80; c++) {
  const alnum = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
  BMP_CLASS[c] = alnum ? 1 : 2;
}

/** Length (1 or 2 code units) of the letter or digit at `i`, or 0. */
function wordCharAt(s: string, i: number): number {
  if (i >= s.length) return 0;
  const c = s.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
    return LETTER_OR_DIGIT.test(s.slice(i, i + 2)) ? 2 : 0;
  }
  let known = BMP_CLASS[c]!;
  if (known === 0) {
    known = LETTER_OR_DIGIT.test(s[i]!) ? 1 : 2;
    BMP_CLASS[c] = known;
  }
  return known === 1 ? 1 : 0;
}

/**
 * Calls `onWord(start, end)` for each word of `text` as docs/crawler.md counts them: runs of letters/digits,
 * joined by an apostrophe or a hyphen — the matches of WORD, found by a scanner because the Unicode-property
 * regex was the slowest step of extraction.
 */
export function scanWords(text: string, onWord: (start: number, end: number) => void): void {
  let i = 0;
  while (i < text.length) {
    let w = wordCharAt(text, i);
    if (w === 0) {
      i++;
      continue;
    }
    const start = i;
    i += w;
    for (;;) {
      w = wordCharAt(text, i);
      if (w > 0) {
        i += w;
        continue;
      }
      const c = text.charCodeAt(i);
      if ((c === 0x27 || c === 0x2019 || c === 0x2d) && wordCharAt(text, i + 1) > 0) {
        i++;
        continue;
      }
      break;
    }
    onWord(start, i);
  }
}

export function countWords(text: string): number {
  let n = 0;
  scanWords(text, () => n++);
  return n;
}

/** The same words, lower-cased (for shingling). */
export function words(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}
