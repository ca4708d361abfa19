/**
 * One CSV of the Search Console performance export ("Export → Download CSV / ZIP"). Each table is a first
 * column naming the dimension and four metrics: `Top queries,Clicks,Impressions,CTR,Position`,
 * `Top pages,…`, `Date,…`; the zip also holds Countries, Devices, Search appearance and Filters, which carry
 * no page, query or date and are skipped. The kind is told by the header, or, for a UI in another language,
 * by the content (URLs → pages, ISO dates → dates) or the file's name. Spreadsheets that re-saved the file may
 * have added a BOM, semicolons or decimal commas; those are read too.
 */
import { parse } from 'csv-parse/sync';
import { ExportTooLargeError } from './gsc-errors.js';
import { SYNC_HINT } from './gsc-where.js';
import type { GscRecord } from './gsc-writer.js';

/**
 * Search Console's UI exports at most 1,000 rows per table; a spreadsheet may have merged a few exports, but a
 * table far past that is not an export and would only fill memory.
 */
export const MAX_EXPORT_ROWS = 50_000;

export type ExportTable = 'page' | 'query' | 'date';

export type ParsedCsv =
  | { kind: ExportTable; records: GscRecord[] }
  | { kind: 'skipped'; reason: string }
  | { kind: 'unknown'; reason: string };

/** Thrown with the line and column at fault; callers turn it into a problem listing the file. */
export class ExportFormatError extends Error {}

const FIRST_COLUMN: Record<string, ExportTable | 'skipped'> = {
  'top pages': 'page',
  page: 'page',
  pages: 'page',
  'landing page': 'page',
  url: 'page',
  'top queries': 'query',
  query: 'query',
  queries: 'query',
  date: 'date',
  country: 'skipped',
  countries: 'skipped',
  device: 'skipped',
  devices: 'skipped',
  'search appearance': 'skipped',
  filter: 'skipped',
};

export const EXPECTED_HEADERS = [
  'Top pages,Clicks,Impressions,CTR,Position',
  'Top queries,Clicks,Impressions,CTR,Position',
  'Date,Clicks,Impressions,CTR,Position',
];

const METRICS = ['clicks', 'impressions', 'ctr', 'position'] as const;

function delimiterOf(firstLine: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
}

/** `1.234`, `1,234`, `1 234` → 1234: counts never have decimals, so every separator is a thousands mark. */
function parseCount(raw: string): number {
  const s = raw.replace(/[\s\u00a0\u202f.,']/g, '');
  return /^\d+$/.test(s) ? Number(s) : NaN;
}

/** `12.5`, `12,5`, `1,234.5`, `1.234,5`: the last separator is the decimal one. */
function parseDecimal(raw: string): number {
  let s = raw.replace(/[\s\u00a0\u202f%]/g, '');
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma > lastDot) s = s.replace(/\./g, '').replace(',', '.');
  else s = s.replace(/,/g, '');
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : NaN;
}

const isUrl = (s: string) => /^https?:\/\/\S+$/i.test(s);
const isIsoDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

function guessKind(name: string, firstValues: string[]): ExportTable | null {
  if (firstValues.length && firstValues.every(isUrl)) return 'page';
  if (firstValues.length && firstValues.every(isIsoDate)) return 'date';
  if (/quer/i.test(name)) return 'query';
  if (/page/i.test(name)) return 'page';
  return null;
}

/**
 * Reads one export table; `name` is its file name (for messages and as a hint to its kind). With `sampleRows`
 * only the header and that many rows are read (enough to tell the kind and catch a wrong file), so `text` may
 * be just the start of the file; otherwise a table over MAX_EXPORT_ROWS is refused.
 */
export function parseExportCsv(text: string, name: string, opts: { sampleRows?: number } = {}): ParsedCsv {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  if (!firstLine.trim()) return { kind: 'unknown', reason: `${name} is empty` };
  let rows: string[][];
  try {
    rows = parse(body, {
      delimiter: delimiterOf(firstLine),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      // Stops reading there: the header, then one row past the limit to tell that it was passed.
      to: opts.sampleRows !== undefined ? opts.sampleRows + 1 : MAX_EXPORT_ROWS + 2,
    });
  } catch (err) {
    throw new ExportFormatError(`${name} is not valid CSV: ${(err as Error).message}`, { cause: err });
  }
  if (opts.sampleRows === undefined && rows.length > MAX_EXPORT_ROWS + 1) {
    throw new ExportTooLargeError(
      `${name} has more than ${MAX_EXPORT_ROWS.toLocaleString('en')} rows; a Search Console export has at most 1,000 per table. Import the export as Search Console downloads it, or sync a large site from Google instead ${SYNC_HINT}.`,
    );
  }
  const header = (rows[0] ?? []).map((h) => h.toLowerCase());
  const data = rows.slice(1).filter((r) => r.some((c) => c !== ''));
  const first = header[0] ?? '';
  const named = FIRST_COLUMN[first];
  if (named === 'skipped') return { kind: 'skipped', reason: `${name} has no page, query or date column` };
  if (header.filter((h) => h.includes('clicks')).length > 1) {
    throw new ExportFormatError(
      `${name} compares two date ranges; export a single date range from Search Console and import that.`,
    );
  }
  const byName = METRICS.map((m) => header.indexOf(m));
  const metricIdx = byName.every((i) => i > 0) ? byName : header.length === 5 ? [1, 2, 3, 4] : null;
  const kind =
    named ??
    (metricIdx
      ? guessKind(
          name,
          data.slice(0, 50).map((r) => r[0] ?? ''),
        )
      : null);
  if (!kind || !metricIdx) {
    return {
      kind: 'unknown',
      reason: `${name} starts with "${firstLine.slice(0, 120)}", which is not a Search Console performance table`,
    };
  }
  const [ci, ii, ti, pi] = metricIdx as [number, number, number, number];
  const records: GscRecord[] = data.map((r, n) => {
    const line = n + 2;
    const key = r[0] ?? '';
    const cell = (i: number) => r[i] ?? '';
    const clicks = parseCount(cell(ci));
    const impressions = parseCount(cell(ii));
    const ctr = parseDecimal(cell(ti));
    const position = parseDecimal(cell(pi));
    const bad = [
      Number.isNaN(clicks) && `clicks "${cell(ci)}"`,
      Number.isNaN(impressions) && `impressions "${cell(ii)}"`,
      Number.isNaN(ctr) && `CTR "${cell(ti)}"`,
      Number.isNaN(position) && `position "${cell(pi)}"`,
      key === '' && 'an empty first column',
      kind === 'date' && key !== '' && !isIsoDate(key) && `date "${key}" (expected YYYY-MM-DD)`,
    ].filter(Boolean);
    if (bad.length) throw new ExportFormatError(`${name} line ${line}: ${bad.join(', ')}.`);
    return {
      grain: kind,
      page: kind === 'page' ? key : null,
      query: kind === 'query' ? key : null,
      date: kind === 'date' ? key : null,
      clicks,
      impressions,
      position,
    };
  });
  return { kind, records };
}
