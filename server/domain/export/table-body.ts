/**
 * A table's rows as a file body: CSV (csv-stringify, with formula injection neutralised), a JSON array, NDJSON
 * or one XLSX sheet. Rows arrive a chunk at a time and leave a row (or a small group of rows) at a time, never
 * a chunk joined into one string: 100 pages carrying 5 MB of escaped text each made a 540 MB string, longer
 * than V8 allows, and the JSON and NDJSON downloads died with `RangeError: Invalid string length`.
 */
import { stringify } from 'csv-stringify/sync';
import type { Store } from '../../store/index.js';
import { safeCsvCell } from './csv-safety.js';
import type { Row, TableDataset } from './datasets.js';
import { gathered, valuePieces } from './json-pieces.js';
import { xlsxStream } from './xlsx-writer.js';

export type TableFormat = 'csv' | 'json' | 'ndjson' | 'xlsx';
type TextFormat = Exclude<TableFormat, 'xlsx'>;

const CHUNK = 1000;
/**
 * Characters of cell text a read should hold: the first read takes `FIRST_READ` rows, and each next one as
 * many as fit at the last read's weight (between one and `CHUNK`), so a site whose pages carry megabytes of
 * extracted values is read a few pages at a time and memory stays flat, while ordinary rows (≈ 300
 * characters) are read 1,000 at a time from the second read on.
 */
const READ_CHARS = 4 << 20;
const FIRST_READ = 100;
/** CSV rows are stringified in groups of about this many characters of cells (csv-stringify's call per row
 * would cost more than the rows). */
const CSV_GROUP_CHARS = 1 << 20;

/** The body of a table export; `sheet` names the XLSX sheet. */
export function tableBody(
  format: TableFormat,
  sheet: string,
  columns: string[],
  chunks: AsyncIterable<Row[]>,
): AsyncIterable<string | Buffer> {
  return format === 'xlsx' ? xlsxStream(sheet, columns, chunks) : textRows(chunks, columns, format);
}

/** The dataset's rows a chunk at a time, yielding to other requests between chunks. */
export async function* keysetChunks(
  store: Store,
  dataset: TableDataset,
  siteId: number,
): AsyncGenerator<Row[]> {
  let after = 0;
  let limit = FIRST_READ;
  for (;;) {
    const { rows, last } = dataset.read(store, siteId, after, limit);
    if (rows.length) yield rows;
    if (last === null) return;
    after = last;
    if (rows.length) limit = readLimit(rows);
    await new Promise((r) => setImmediate(r));
  }
}

/** The characters of a row's cells, about what its text will weigh. */
function rowLength(row: Row): number {
  let n = 0;
  for (const v of Object.values(row)) n += typeof v === 'string' ? v.length : 8;
  return n;
}

/** How many rows the next read takes, from the weight of the last read's. */
export function readLimit(rows: readonly Row[]): number {
  const perRow = rows.reduce((n, r) => n + rowLength(r), 0) / rows.length;
  return Math.max(1, Math.min(CHUNK, Math.floor(READ_CHARS / Math.max(1, perRow))));
}

async function* textRows(
  chunks: AsyncIterable<Row[]>,
  columns: string[],
  format: TextFormat,
): AsyncGenerator<string> {
  const state = { first: true };
  if (format === 'json') yield '[';
  for await (const rows of chunks) yield* gathered(rowPieces(rows, format, columns, state));
  // An empty CSV still has its header row.
  if (format === 'csv' && state.first) yield csvText([], columns, true);
  if (format === 'json') yield ']\n';
}

/** The text of a chunk's rows, a row (a group of rows for CSV) at a time; `state.first` until one is out. */
function* rowPieces(rows: Row[], format: TextFormat, columns: string[], state: { first: boolean }) {
  if (format === 'csv') {
    for (let i = 0; i < rows.length;) {
      let end = i;
      for (let chars = 0; end < rows.length && chars < CSV_GROUP_CHARS; end++) chars += rowLength(rows[end]!);
      yield csvText(rows.slice(i, end), columns, state.first);
      state.first = false;
      i = end;
    }
    return;
  }
  for (const row of rows) {
    if (format === 'json' && !state.first) yield ',';
    yield* valuePieces(row);
    if (format === 'ndjson') yield '\n';
    state.first = false;
  }
}

function csvText(rows: Row[], columns: string[], header: boolean): string {
  return stringify(rows, {
    header,
    columns,
    cast: {
      string: (v) => safeCsvCell(v),
      boolean: (v) => (v ? 'true' : 'false'),
    },
  });
}
