/**
 * Spreadsheet formula injection: a crawled title such as `=HYPERLINK(…)` would run when a CSV is opened in a
 * spreadsheet. Cells that begin with a formula trigger are prefixed with an apostrophe, which spreadsheets show
 * as text.
 */
const TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

export function neutralizeFormula(value: string): string {
  return value.length > 0 && TRIGGERS.has(value[0]!) ? `'${value}` : value;
}
