/**
 * Exports as streams: rows are read a page at a time and written as CSV (csv-stringify, with formula
 * injection neutralised), a JSON array or NDJSON, so memory stays flat whatever the site's size.
 */
import { stringify } from 'csv-stringify/sync';
import type { Store } from '../../store/index.js';
import { NotFoundError } from '../errors.js';
import { neutralizeFormula } from './csv-safety.js';
import { DATASETS, datasetNamed, type ExportFormat, type Row } from './datasets.js';
import { xlsxStream } from './xlsx-writer.js';

const CHUNK = 1000;
const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  gexf: 'application/gexf+xml; charset=utf-8',
  graphml: 'application/graphml+xml; charset=utf-8',
};

export interface ExportStream {
  filename: string;
  contentType: string;
  body: AsyncIterable<string | Buffer>;
}

export class ExportService {
  constructor(private readonly store: Store) {}

  list() {
    return { items: DATASETS.map((d) => ({ name: d.name, formats: d.formats, description: d.description })) };
  }

  open(name: string, format: string, siteId: number): ExportStream {
    const dataset = datasetNamed(name);
    if (!dataset || !dataset.formats.includes(format as ExportFormat)) {
      throw new NotFoundError(
        `No export ${name}.${format}. GET /export lists the exports and their formats.`,
      );
    }
    const site = this.store.sites.get(siteId);
    if (!site) throw new NotFoundError(`No site with id ${siteId}.`);
    const host = new URL(site.start_url).hostname.replace(/[^a-z0-9.-]/gi, '_');
    return {
      filename: `${host}-${name}.${format}`,
      contentType: CONTENT_TYPES[format as ExportFormat],
      body: dataset.stream
        ? dataset.stream(this.store, siteId, format as ExportFormat)
        : format === 'xlsx'
          ? xlsxStream(name, dataset.columns, this.chunks(dataset, siteId))
          : this.rows(dataset, siteId, format as ExportFormat),
    };
  }

  /** The dataset's rows a chunk at a time, yielding to other requests between chunks. */
  private async *chunks(dataset: (typeof DATASETS)[number], siteId: number): AsyncGenerator<Row[]> {
    let after = 0;
    for (;;) {
      const { rows, last } = dataset.read!(this.store, siteId, after, CHUNK);
      if (rows.length) yield rows;
      if (last === null) return;
      after = last;
      await new Promise((r) => setImmediate(r));
    }
  }

  private async *rows(
    dataset: (typeof DATASETS)[number],
    siteId: number,
    format: ExportFormat,
  ): AsyncGenerator<string> {
    let first = true;
    if (format === 'json') yield '[';
    for await (const rows of this.chunks(dataset, siteId)) {
      yield encode(rows, format, dataset.columns, first);
      first = false;
    }
    // An empty CSV still has its header row.
    if (format === 'csv' && first) yield encode([], format, dataset.columns, true);
    if (format === 'json') yield ']\n';
  }
}

function encode(rows: Row[], format: ExportFormat, columns: string[], first: boolean): string {
  switch (format) {
    case 'csv':
      return stringify(rows, {
        header: first,
        columns,
        cast: {
          string: (v) => neutralizeFormula(v),
          boolean: (v) => (v ? 'true' : 'false'),
        },
      });
    case 'ndjson':
      return rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
    case 'json':
      return (first ? '' : ',') + rows.map((r) => JSON.stringify(r)).join(',');
    default:
      throw new Error(`no table encoding for ${format}`);
  }
}
