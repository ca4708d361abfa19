/**
 * `changes.csv|xlsx`: the changes between two crawls of a site, as the Changes view lists them (`from`/`to` in
 * the query, defaulting like `GET /sites/{id}/changes`), one row per change with its before and after values
 * flattened into cells.
 */
import type { Change } from '../../schemas/history.js';
import type { HistoryService } from '../history/history-service.js';
import { cellOf } from './audit-exports.js';
import type { ExportFormat, Row } from './datasets.js';

export const CHANGES_EXPORT = {
  name: 'changes',
  formats: ['csv', 'xlsx'] as ExportFormat[],
  description:
    'What changed between two crawls (query `from` and `to`; default the last two): one row per change with its before and after.',
};

export const CHANGE_COLUMNS = [
  'from_crawl',
  'to_crawl',
  'url',
  'page_id',
  'change',
  'check',
  'before',
  'after',
];

const PAGE = 1000;

export async function* changeRows(
  history: HistoryService,
  siteId: number,
  q: { from?: number | undefined; to?: number | undefined },
): AsyncGenerator<Row[]> {
  let cursor: string | null = null;
  do {
    const page = history.changes(siteId, {
      limit: PAGE,
      ...(q.from !== undefined ? { from: q.from } : {}),
      ...(q.to !== undefined ? { to: q.to } : {}),
      ...(cursor ? { cursor: JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) } : {}),
    });
    yield page.items.map((c: Change) => ({
      from_crawl: page.from.crawl_id,
      to_crawl: page.to.crawl_id,
      url: c.url,
      page_id: c.page_id,
      change: c.change,
      check: c.check,
      before: cellOf(c.before),
      after: cellOf(c.after),
    }));
    cursor = page.next_cursor;
    await new Promise((r) => setImmediate(r));
  } while (cursor);
}
