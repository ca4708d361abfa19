/**
 * Table exports as XLSX, streamed with exceljs' WorkbookWriter: rows are committed as they are written, and
 * wait while the zip has not caught up with them, so the workbook never sits in memory whole. Text is written
 * as string cells, which a spreadsheet never evaluates, cut to the 32,767 characters Excel holds in a cell.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Row } from './datasets.js';

/** The most characters Excel documents for one cell; it cannot hold more. */
export const XLSX_CELL_CHARS = 32_767;
/** Sheet XML allowed to wait for the zip before rows stop being committed. */
const ZIP_BACKLOG_BYTES = 4 << 20;

/** A cell as written: text past Excel's limit is cut, saying how much was left out. */
export function xlsxCell(value: Row[string] | undefined): Row[string] {
  if (typeof value !== 'string' || value.length <= XLSX_CELL_CHARS) return value ?? null;
  const note = (n: number) =>
    `… [${n.toLocaleString('en-US')} more characters cut: Excel holds 32,767 a cell]`;
  let keep = XLSX_CELL_CHARS - note(value.length).length;
  // Never keep half of a surrogate pair.
  const last = value.charCodeAt(keep - 1);
  if (last >= 0xd800 && last <= 0xdbff) keep -= 1;
  return value.slice(0, keep) + note(value.length - keep);
}

type SheetWriter = ReturnType<ExcelJS.stream.xlsx.WorkbookWriter['addWorksheet']>;

/**
 * Bytes of sheet XML committed that the zip has not taken in yet. exceljs commits rows into its sheet stream
 * without heeding backpressure, and the zip's input buffers whatever it is given: a paused download of 6,000
 * rows of 30 K characters held 170 MB there (the whole file) and grew with every row; rows now wait while more
 * than 4 MB does. Read from exceljs 4's internals (the sheet's StreamBuf and the stream it is piped to); were
 * they to change, this reads 0 and rows are no longer held back, which export-backpressure.test.ts catches.
 */
function zipBacklog(sheet: SheetWriter): number {
  const stream = (
    sheet as unknown as {
      stream?: { buffers?: { length: number }[]; pipes?: { _writableState?: { length?: number } }[] };
    }
  ).stream;
  let bytes = 0;
  for (const b of stream?.buffers ?? []) bytes += b.length;
  for (const p of stream?.pipes ?? []) bytes += p._writableState?.length ?? 0;
  return bytes;
}

export interface Sheet {
  name: string;
  columns: string[];
  chunks: AsyncIterable<Row[]>;
}

/** A workbook of one sheet. */
export function xlsxStream(sheetName: string, columns: string[], chunks: AsyncIterable<Row[]>): Readable {
  return xlsxSheets(
    (async function* () {
      yield { name: sheetName, columns, chunks };
    })(),
  );
}

/** A workbook of several sheets, each written and committed before the next is read. */
export function xlsxSheets(sheets: AsyncIterable<Sheet>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  void (async () => {
    try {
      for await (const { name, columns, chunks } of sheets) {
        const sheet = workbook.addWorksheet(name.slice(0, 31));
        sheet.columns = columns.map((c) => ({
          header: c,
          key: c,
          width: c === 'url' || c.startsWith('url_') ? 60 : 18,
        }));
        sheet.getRow(1).font = { bold: true };
        sheet.getRow(1).commit();
        for await (const rows of chunks) {
          for (const r of rows) {
            sheet.addRow(columns.map((c) => xlsxCell(r[c]))).commit();
            while (zipBacklog(sheet) > ZIP_BACKLOG_BYTES) {
              if (out.destroyed) throw new Error('the download was closed');
              await sleep(5);
            }
          }
        }
        sheet.commit();
      }
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
