/**
 * `GET /analytics/gsc`: a site's Search Console rows, filtered, or grouped into totals per page, query or
 * day. Cursors hold the last row's sort key and the grouping they were issued for.
 */
import type { Store } from '../../store/index.js';
import type { GscAfter, GscReportRow } from '../../store/repos/gsc-rows-repo.js';
import type { CursorKey } from '../../schemas/common.js';
import type { GscListQuery, GscRow } from '../../schemas/gsc.js';
import { ValidationError } from '../errors.js';
import { requireSite } from '../sites/site-required.js';
import { cursorPage } from '../sort-cursor.js';

const badCursor = () =>
  new ValidationError('The cursor does not belong to this grouping.', [
    { path: 'query.cursor', message: 'does not belong to this grouping' },
  ]);

function afterKey(cursor: CursorKey | undefined, group: string): GscAfter {
  if (!cursor) return null;
  const issuedFor = cursor.at(-1);
  const key = cursor.slice(0, -1);
  if (issuedFor !== group || key.some((v) => v === null)) throw badCursor();
  const expected = group === 'page' || group === 'query' ? 2 : 1;
  if (key.length !== expected) throw badCursor();
  return key as (string | number)[];
}

function toRow(r: GscReportRow): GscRow {
  return {
    page_id: r.page_id,
    url: r.url,
    query: r.query,
    date: r.date,
    clicks: r.clicks,
    impressions: r.impressions,
    ctr: r.ctr ?? (r.impressions > 0 ? r.clicks / r.impressions : 0),
    position: r.position,
    grain: r.grain,
  };
}

export class GscReport {
  constructor(private readonly store: Store) {}

  list(q: GscListQuery & { cursor?: CursorKey | undefined }): {
    items: GscRow[];
    next_cursor: string | null;
  } {
    requireSite(this.store, q.site_id);
    if (q.date_from && q.date_to && q.date_from > q.date_to) {
      throw new ValidationError('date_from is after date_to.', [
        { path: 'query.date_from', message: 'must not be after date_to' },
      ]);
    }
    const filter = {
      siteId: q.site_id,
      pageId: q.page_id,
      query: q.query,
      dateFrom: q.date_from,
      dateTo: q.date_to,
    };
    const group = q.group_by ?? 'rows';
    const after = afterKey(q.cursor, group);
    const rows = q.group_by
      ? this.store.gscRows.grouped(filter, q.group_by, after, q.limit + 1)
      : this.store.gscRows.rows(filter, (after?.[0] as number | undefined) ?? 0, q.limit + 1);
    const { page, next_cursor } = cursorPage(rows, q.limit, (last) => {
      const key =
        q.group_by === 'page'
          ? [last.clicks, last.page_id]
          : q.group_by === 'query'
            ? [last.clicks, last.query]
            : q.group_by === 'date'
              ? [last.date]
              : [last.id];
      return [...key, group];
    });
    return { items: page.map(toRow), next_cursor };
  }
}
