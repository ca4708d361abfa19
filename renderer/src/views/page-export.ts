/**
 * The Pages view's table as the pages export's query: the list's filters and sort as `GET /pages` takes them,
 * and the shown columns as the export's (`Record<PageColumnKey, …>`: a table column without its export columns
 * does not compile), so "Export" writes exactly the table on screen.
 */
import type { CallArgs } from '../api/call.js';
import type { PageColumnKey } from './page-columns.js';
import type { PageFilters } from './page-filters.js';
import { EXTRACT_PREFIX } from './extraction-query.js';

const EXPORT_COLUMNS: Record<PageColumnKey, readonly string[]> = {
  page: ['url', 'title'],
  status: ['status_code'],
  page_type: ['page_type'],
  indexable: ['indexable', 'indexability_reason'],
  title: ['title'],
  meta_description: ['meta_description'],
  h1: ['h1'],
  canonical: ['canonical_url'],
  depth: ['depth'],
  words: ['word_count'],
  bytes: ['bytes'],
  in: ['inlinks'],
  out: ['outlinks'],
  ms: ['response_ms'],
  lcp: ['lcp_ms'],
  cls: ['cls'],
  tbt: ['tbt_ms'],
  weight: ['transfer_bytes'],
  requests: ['requests'],
  clicks: ['gsc_clicks', 'gsc_impressions', 'gsc_position'],
  js: ['js_changed'],
};

/** The export columns of the table's columns (built-in keys and `extract.<rule>`), in the table's order. */
export function exportColumns(tableKeys: readonly string[]): string[] {
  const out = tableKeys.flatMap((key) =>
    key.startsWith(EXTRACT_PREFIX)
      ? [`extract:${key.slice(EXTRACT_PREFIX.length)}`]
      : (EXPORT_COLUMNS[key as PageColumnKey] ?? []),
  );
  return [...new Set(out)];
}

/** The pages export's query for the list as shown: its filters, sort and columns. */
export function pagesExportQuery(
  siteId: number,
  filters: PageFilters,
  tableKeys: readonly string[],
): Omit<CallArgs<'export.download'>, 'name' | 'format'> {
  const { extract, ...fields } = filters;
  return { site_id: siteId, ...fields, ...extract, columns: exportColumns(tableKeys) };
}
