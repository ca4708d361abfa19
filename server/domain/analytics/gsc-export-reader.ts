/**
 * An uploaded Search Console export: the zip the UI downloads (Queries.csv, Pages.csv, Dates.csv, …) or one
 * of its CSVs on its own. A zip is told by its magic bytes, not by what the client called it. Each CSV may
 * inflate to MAX_CSV_BYTES and all of them to MAX_INFLATED_BYTES, checked against the sizes the zip declares
 * before anything is inflated and again while inflating, so a small zip cannot expand into gigabytes.
 * `checkExport` (the request) reads only the start of each CSV; `readExport` (the job) reads them whole.
 */
import yauzl from 'yauzl';
import { EXPECTED_HEADERS, ExportFormatError, parseExportCsv, type ExportTable } from './gsc-export-csv.js';
import { ExportTooLargeError } from './gsc-errors.js';
import type { GscRecord } from './gsc-writer.js';

export interface ExportTableFile {
  name: string;
  kind: ExportTable;
  records: GscRecord[];
}

export interface ParsedExport {
  tables: ExportTableFile[];
  /** Files present but carrying no page, query or date (Countries.csv, Filters.csv …). */
  skipped: string[];
}

const MiB = 2 ** 20;
export const MAX_CSV_BYTES = 16 * MiB;
export const MAX_INFLATED_BYTES = 64 * MiB;
/** Search Console's zip holds seven CSVs. */
const MAX_CSV_FILES = 20;
/** What the request reads of each CSV: the header and enough rows to tell a table's kind. */
const SAMPLE_BYTES = 64 * 1024;
const SAMPLE_ROWS = 50;

interface ExportFile {
  name: string;
  data: Buffer;
  /** True when `data` is only the start of the file. */
  partial: boolean;
}

export const isZip = (buf: Buffer) => buf.length >= 4 && buf.readUInt32LE(0) === 0x04034b50;

const tooBig = (what: string) =>
  new ExportTooLargeError(
    `${what}; an import takes CSVs of up to ${MAX_CSV_BYTES / MiB} MiB each and ${MAX_INFLATED_BYTES / MiB} MiB in all once unzipped. A Search Console export is far smaller: export it again from the Performance report.`,
  );

/** UTF-8 unless a BOM says UTF-16 (spreadsheets save "Unicode text" that way). */
function decode(buf: Buffer): string {
  if (buf[0] === 0xff && buf[1] === 0xfe)
    return buf.subarray(2, buf.length - (buf.length % 2)).toString('utf16le');
  if (buf[0] === 0xfe && buf[1] === 0xff) {
    const swapped = Buffer.from(buf.subarray(2, buf.length - (buf.length % 2)));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  return buf.toString('utf8');
}

/** The CSV entries, whole or (with `sampleBytes`) only their first bytes. */
function unzip(buf: Buffer, sampleBytes?: number): Promise<ExportFile[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err)
        return reject(new ExportFormatError(`The zip file cannot be read: ${err.message}`, { cause: err }));
      const files: ExportFile[] = [];
      let declared = 0;
      let failed = false;
      const fail = (e: Error) => {
        if (failed) return;
        failed = true;
        zip.close();
        reject(
          e instanceof ExportFormatError || e instanceof ExportTooLargeError
            ? e
            : new ExportFormatError(`The zip file is damaged: ${e.message}`, { cause: e }),
        );
      };
      zip.on('error', fail);
      zip.on('end', () => {
        if (!failed) resolve(files);
      });
      zip.on('entry', (entry: yauzl.Entry) => {
        const base = entry.fileName.split('/').pop() ?? '';
        if (entry.fileName.endsWith('/') || !/\.csv$/i.test(base) || base.startsWith('.')) {
          zip.readEntry();
          return;
        }
        declared += entry.uncompressedSize;
        if (files.length >= MAX_CSV_FILES) {
          return fail(tooBig(`The zip holds more than ${MAX_CSV_FILES} CSV files`));
        }
        if (entry.uncompressedSize > MAX_CSV_BYTES) {
          return fail(tooBig(`${base} expands to ${(entry.uncompressedSize / MiB).toFixed(1)} MiB`));
        }
        if (declared > MAX_INFLATED_BYTES) {
          return fail(tooBig(`The zip expands to more than ${MAX_INFLATED_BYTES / MiB} MiB`));
        }
        zip.openReadStream(entry, (e, stream) => {
          if (e) return fail(e);
          const chunks: Buffer[] = [];
          let size = 0;
          let finished = false;
          const keep = (partial: boolean) => {
            if (finished) return;
            finished = true;
            files.push({ name: base, data: Buffer.concat(chunks), partial });
            zip.readEntry();
          };
          stream.on('data', (c: Buffer) => {
            if (finished) return;
            chunks.push(c);
            size += c.length;
            // yauzl holds an entry to its declared size; this is the cap should that ever not hold.
            if (size > MAX_CSV_BYTES) {
              finished = true;
              stream.destroy();
              fail(tooBig(`${base} expands to more than ${MAX_CSV_BYTES / MiB} MiB`));
            } else if (sampleBytes !== undefined && size >= sampleBytes) {
              stream.destroy();
              keep(true);
            }
          });
          stream.on('error', (e: Error) => {
            if (!finished) fail(e);
          });
          stream.on('end', () => keep(false));
        });
      });
      zip.readEntry();
    });
  });
}

/** The files of an upload, each a CSV, with the size caps applied. */
async function filesOf(buf: Buffer, name: string, sampleBytes?: number): Promise<ExportFile[]> {
  if (isZip(buf)) return unzip(buf, sampleBytes);
  if (buf.length > MAX_CSV_BYTES) throw tooBig(`${name} is ${(buf.length / MiB).toFixed(1)} MiB`);
  if (sampleBytes === undefined || buf.length <= sampleBytes) return [{ name, data: buf, partial: false }];
  return [{ name, data: buf.subarray(0, sampleBytes), partial: true }];
}

/** The start of a file up to its last whole line. */
function wholeLines(text: string): string {
  const end = text.lastIndexOf('\n');
  return end < 0 ? text : text.slice(0, end + 1);
}

/** Sorts files into tables, skipped and unknown; throws when there is no table, saying what was expected. */
function classify(buf: Buffer, name: string, files: ExportFile[], sample: boolean): ParsedExport {
  const out: ParsedExport = { tables: [], skipped: [] };
  const unknown: string[] = [];
  for (const f of files) {
    const text = f.partial ? wholeLines(decode(f.data)) : decode(f.data);
    const parsed = parseExportCsv(text, f.name, sample ? { sampleRows: SAMPLE_ROWS } : {});
    if (parsed.kind === 'skipped') out.skipped.push(f.name);
    else if (parsed.kind === 'unknown') unknown.push(parsed.reason);
    else out.tables.push({ name: f.name, kind: parsed.kind, records: parsed.records });
  }
  if (!out.tables.length) {
    const found = isZip(buf)
      ? files.length
        ? `The zip holds ${files.map((f) => f.name).join(', ')}${unknown.length ? ` (${unknown.join('; ')})` : ''}`
        : 'The zip holds no CSV file'
      : (unknown[0] ?? `${name} has no page, query or date table`);
    throw new ExportFormatError(
      `${found}. Expected a Search Console performance export: the zip from Export → Download ZIP, or one of its CSVs with the header ${EXPECTED_HEADERS.map((h) => `"${h}"`).join(', ')}.`,
    );
  }
  return out;
}

/**
 * What the request checks before keeping an upload: the zip's structure and declared sizes, and the header
 * and first rows of each CSV. The rows are read by the job. Throws as `readExport` does.
 */
export async function checkExport(buf: Buffer, name: string): Promise<void> {
  classify(buf, name, await filesOf(buf, name, SAMPLE_BYTES), true);
}

/**
 * Parses the whole upload; throws `ExportFormatError` when it holds no page, query or date table, naming what
 * was found and what is expected, and `ExportTooLargeError` past the size and row caps.
 */
export async function readExport(buf: Buffer, name: string): Promise<ParsedExport> {
  return classify(buf, name, await filesOf(buf, name), false);
}
