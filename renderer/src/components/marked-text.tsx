/**
 * Text with some ranges marked (a search's words in a passage): each piece is a React text node, so the page's
 * own characters are never read as markup; only the `<mark>` elements are ours.
 */
import type { ReactNode } from 'react';

export function MarkedText({
  text,
  ranges,
}: {
  text: string;
  ranges: readonly (readonly [number, number])[];
}) {
  const pieces: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) pieces.push(text.slice(at, start));
    pieces.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) pieces.push(text.slice(at));
  return <>{pieces}</>;
}

/**
 * The part of `text` to show when only its first lines fit: from a little before the first marked word when that
 * word would fall below them, so the reader sees why the passage matched. Ranges move with the cut.
 */
export function aroundFirstMark(
  text: string,
  ranges: readonly (readonly [number, number])[],
  visibleChars = 200,
  before = 60,
): { text: string; ranges: [number, number][] } {
  const first = ranges[0]?.[0];
  if (first === undefined || first + 30 < visibleChars)
    return { text, ranges: ranges.map(([s, e]) => [s, e]) };
  // Start at a word: the first space at or after `first - before`.
  const space = text.indexOf(' ', Math.max(0, first - before));
  const cut = space >= 0 && space < first ? space + 1 : first;
  const prefix = '… ';
  const shift = prefix.length - cut;
  return {
    text: prefix + text.slice(cut),
    ranges: ranges.filter(([s]) => s >= cut).map(([s, e]) => [s + shift, e + shift]),
  };
}
