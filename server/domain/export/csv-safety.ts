/**
 * Spreadsheet formula injection: a crawled title such as `=HYPERLINK(…)` would run when a CSV is opened in a
 * spreadsheet. A cell that begins with a formula trigger is prefixed with an apostrophe, which spreadsheets show
 * as text.
 *
 * The file is written with `,` but is not always read with it: European locales read `;`, and a paste or an
 * import may split on tabs. `x;+1+1` is one harmless cell to a comma reading and two to a `;` reading, the
 * second a formula. So every place where one of those readings could start a cell (the start of the value and
 * just after each `,`, `;` or tab) gets the same apostrophe when a trigger follows, and a cell that needed one
 * is also quoted, so that a reading which honours quotes does not split it at all.
 */
import type { CastReturnObject } from 'csv-stringify';

/** A leading `-` counts: string cells such as `-2+3` are neutralised too; only number cells keep their sign. */
const TRIGGER = String.raw`[=+\-@\t\r]`;
/** The separators some reading of the file may split on; `,` is the one it is written with. */
const SEPARATOR = String.raw`[,;\t]`;
/**
 * Zero-width: a piece boundary (start, or just after a separator) followed by a trigger. Lookbehind rather than
 * consuming the separator, because a tab is both: in `\t=1` the tab starts a piece and also ends one.
 */
const DANGEROUS_PIECE = new RegExp(`(?<=^|${SEPARATOR})(?=${TRIGGER})`, 'g');

/** The value with an apostrophe before every piece that a `,`-, `;`- or tab-separated reading would run. */
export function neutralizeFormula(value: string): string {
  return value.replace(DANGEROUS_PIECE, "'");
}

/**
 * The cell as csv-stringify's `cast.string` should return it: neutralised, and quoted whenever it had to be
 * neutralised, since csv-stringify on its own quotes a `,` but not a `;` or a tab. An untouched cell stays a
 * plain string: returning options makes csv-stringify re-normalise them for that cell, too slow for every one.
 */
export function safeCsvCell(value: string): string | CastReturnObject {
  const safe = neutralizeFormula(value);
  return safe === value ? value : { value: safe, quoted: true };
}
