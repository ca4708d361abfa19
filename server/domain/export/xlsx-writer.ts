/**
 * Table exports as XLSX, streamed with exceljs' WorkbookWriter: rows are committed as they are written, so the
 * workbook never sits in memory whole. Text is written as string cells, which a spreadsheet never evaluates.
 */
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Row } from './datasets.js';

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
        for await (const rows of chunks)
          for (const r of rows) sheet.addRow(columns.map((c) => r[c] ?? null)).commit();
        sheet.commit();
      }
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
