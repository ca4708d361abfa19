/**
 * The pages export as the Pages view shows it: the rows `GET /pages` lists for the same filters and sort, read
 * through the same service page by page with its own cursors, so the file holds exactly the pages on screen in
 * their order; each row is then completed from the page's full record, so any column of the export can be
 * chosen. The query is `GET /pages`'s own schema (server/schemas/export.ts), never a copy of it.
 */
import { Cursor, type CursorKey } from '../../schemas/common.js';
import type { PageListQuery } from '../../schemas/pages.js';
import type { Store } from '../../store/index.js';
import type { PagesService } from '../pages/pages-service.js';
import { ValidationError } from '../errors.js';
import { PAGE_COLUMNS, PAGE_LAB_COLUMNS, type Row } from './datasets.js';
import { readLimit } from './table-body.js';

/** Columns a list export can add to the pages export's own: the Search Console figures the view shows. */
export const GSC_COLUMNS = ['gsc_clicks', 'gsc_impressions', 'gsc_position'] as const;
/** What JavaScript changed of a rendered page's raw HTML (`PageListItem.js_changed`), comma-separated; empty: not rendered. */
export const JS_CHANGED_COLUMN = 'js_changed';

/** The first read is small: a site whose pages carry megabytes of extracted values is read a few at a time. */
const FIRST_READ = 100;

/**
 * The columns a filtered export writes: `asked` in its order, each one of `available`; none asked: `defaults`.
 * An unknown column is a 400 listing the ones there are.
 */
export function pickColumns(
  asked: readonly string[] | undefined,
  defaults: readonly string[],
  available: readonly string[],
): string[] {
  if (!asked?.length) return [...defaults];
  const known = new Set(available);
  const unknown = asked.filter((c) => !known.has(c));
  if (unknown.length) {
    throw new ValidationError(`Unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`, [
      { path: 'query.columns', message: `must be among: ${available.join(', ')}` },
    ]);
  }
  return [...new Set(asked)];
}

/** The rows of `GET /pages?…` for `query` (its filters and sort), a page of the list at a time. */
export async function* pageListRows(
  store: Store,
  pages: PagesService,
  query: Omit<PageListQuery, 'limit' | 'cursor'>,
): AsyncGenerator<Row[]> {
  let cursor: CursorKey | undefined;
  let limit = FIRST_READ;
  for (;;) {
    const { items, next_cursor } = pages.list({ ...query, limit, cursor } as PageListQuery & {
      cursor?: CursorKey;
    });
    const rows = items.map((item): Row => {
      const full = store.pages.get(item.id);
      return {
        ...Object.fromEntries(PAGE_COLUMNS.map((c) => [c, full ? full[c] : null])),
        indexable: item.indexable,
        gsc_clicks: item.gsc_clicks,
        gsc_impressions: item.gsc_impressions,
        gsc_position: item.gsc_position,
        [JS_CHANGED_COLUMN]: item.js_changed === null ? null : item.js_changed.join(', '),
        ...Object.fromEntries(PAGE_LAB_COLUMNS.map((c) => [c, item[c]])),
        ...Object.fromEntries(
          Object.entries(item.extract).map(([name, v]) => [
            `extract:${name}`,
            Array.isArray(v) ? v.join(' | ') : v,
          ]),
        ),
      };
    });
    if (rows.length) yield rows;
    if (next_cursor === null) return;
    cursor = Cursor.parse(next_cursor);
    if (rows.length) limit = readLimit(rows);
    await new Promise((r) => setImmediate(r));
  }
}
