/**
 * Which section of its page a search passage lies in, so a result can link to `url#anchor` rather than the
 * top of a 40-screen manual page (#37). Nothing is stored per passage: the crawl records each heading's anchor
 * and its line in the main text (heading-collector.ts), and the passage is found in that text again here by
 * walking the page's passages in order (a passage's characters are the main text's, but for whitespace). A
 * page crawled before anchors were recorded, or whose text changed since it was embedded, has no section until
 * its next crawl and embedding; the result then links to the page.
 *
 * Cost, measured on PostgreSQL's manual (1,173 pages): see docs/benchmarks.md, "Search result sections".
 */
import type { PassageSectionInputs, StoredHeading } from '../../store/views/passage-sections-view.js';

export interface PassageSection {
  /** The heading of the section the passage lies in, as the page shows it. */
  heading: string;
  /** That section's anchor; null when no heading before the passage has one. */
  anchor: string | null;
}

/**
 * Where the last of `passages` starts in `mainText`, or -1 when the text no longer holds it. Compared without
 * whitespace: a passage joins a block's lines and its sentences with spaces, and the sentence splitter puts one
 * between two sentences the page ran together ("desired.Next"), so only the non-space characters are the page's.
 */
export function passageOffset(mainText: string, passages: string[]): number {
  if (!passages.length) return -1;
  // Most passages are the text's own characters with its line breaks as spaces (one for one, so offsets hold):
  // looked up as they are, the walk costs 0.07 ms a passage on PostgreSQL's manual, against 0.46 ms squeezed.
  const exact = walk(mainText.replace(/\n/g, ' '), passages);
  if (exact >= 0) return exact;
  const squeeze = (p: string) => p.replace(/\s+/g, '');
  const at = walk(squeeze(mainText), passages.map(squeeze));
  if (at < 0) return -1;
  // Back to the text: `at` plus the whitespace removed before it.
  let removed = 0;
  for (const gap of mainText.matchAll(/\s+/g)) {
    if (gap.index - removed > at) break;
    removed += gap[0].length;
  }
  return at + removed;
}

/** Where the last of `passages` is in `text`, the earlier ones read in order before it; -1 when it is not. */
function walk(text: string, passages: string[]): number {
  let from = 0;
  for (let i = 0; i < passages.length - 1; i++) {
    const at = text.indexOf(passages[i]!, from);
    if (at < 0) break;
    from = at + passages[i]!.length;
  }
  const target = passages[passages.length - 1]!;
  if (!target) return -1;
  const at = text.indexOf(target, from);
  return at >= 0 ? at : text.indexOf(target);
}

/** The line of `offset` in `text`. */
function lineAt(text: string, offset: number): number {
  let line = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * The section is the nearest heading before the passage that has an anchor; headings without one are passed
 * over. Those are mostly not sections at all but admonitions ("Tip", "Note", "Caution" are h3s in PostgreSQL's
 * manual, inside whatever section they interrupt: the enclosing-level rule sent a table after a Tip to the
 * chapter's top), and the heading shown is always the one the link lands on.
 */
export function passageSection(inputs: PassageSectionInputs): PassageSection | null {
  const offset = passageOffset(inputs.main_text, inputs.passages);
  if (offset < 0) return null;
  const line = lineAt(inputs.main_text, offset);
  let nearest: StoredHeading | null = null;
  let anchored: StoredHeading | null = null;
  for (const h of inputs.headings) {
    if (h.line === undefined || h.line > line || !h.text) continue;
    nearest = h;
    if (h.anchor) anchored = h;
  }
  if (anchored) return { heading: anchored.text, anchor: anchored.anchor! };
  return nearest && { heading: nearest.text, anchor: null };
}

/** The page's URL pointing at `anchor` (percent-encoded as a fragment needs), or the page's URL. */
export function sectionUrl(pageUrl: string, anchor: string | null): string {
  if (!anchor) return pageUrl;
  const url = new URL(pageUrl);
  url.hash = anchor;
  return url.href;
}
