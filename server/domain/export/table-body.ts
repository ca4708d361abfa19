/**
 * A table's rows as a file body: CSV (csv-stringify, with formula injection neutralised), a JSON array, NDJSON
 * or one XLSX sheet. Rows arrive a chunk at a time and leave the same way, so memory stays flat whatever the
 * site's size.
 */
import { stringify } from 'csv-stringify/sync';
import type { Store } from '../../store/index.js';
import { safeCsvCell } from './csv-safety.js';
import type { Row, TableDataset } from './datasets.js';
import { xlsxStream } from './xlsx-writer.js';

export type TableFormat = 'csv' | 'json' | 'ndjson' | 'xlsx';
type TextFormat = Exclude<TableFormat, 'xlsx'>;

const CHUNK = 1000;

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
  for (;;) {
    const { rows, last } = dataset.read(store, siteId, after, CHUNK);
    if (rows.length) yield rows;
    if (last === null) return;
    after = last;
    await new Promise((r) => setImmediate(r));
  }
}

async function* textRows(
  chunks: AsyncIterable<Row[]>,
  columns: string[],
  format: TextFormat,
): AsyncGenerator<string> {
  let first = true;
  if (format === 'json') yield '[';
  for await (const rows of chunks) {
    yield encode(rows, format, columns, first);
    first = false;
  }
  // An empty CSV still has its header row.
  if (format === 'csv' && first) yield encode([], format, columns, true);
  if (format === 'json') yield ']\n';
}

function encode(rows: Row[], format: TextFormat, columns: string[], first: boolean): string {
  switch (format) {
    case 'csv':
      return stringify(rows, {
        header: first,
        columns,
        cast: {
          string: (v) => safeCsvCell(v),
          boolean: (v) => (v ? 'true' : 'false'),
        },
      });
    case 'ndjson':
      return rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
    case 'json':
      return (first ? '' : ',') + rows.map((r) => JSON.stringify(r)).join(',');
  }
}
