/**
 * `changes.csv|xlsx`: the changes between two crawls of a site, as the Changes view lists them (`from`/`to` in
 * the query, defaulting like `GET /sites/{id}/changes`, and its `change` kinds), one row per change with its before and after values
 * flattened into cells.
 */
import type { Change, ChangeKind } from '../../schemas/history.js';
import type { HistoryService } from '../history/history-service.js';
import { cellOf } from './audit-exports.js';
import type { Row } from './datasets.js';

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
  crawls: { from: number; to: number; change?: readonly ChangeKind[] | undefined },
): AsyncGenerator<Row[]> {
  const wanted = crawls.change?.length ? new Set(crawls.change) : null;
  for (const page of history.changePages(siteId, crawls.from, crawls.to, PAGE)) {
    yield page
      .filter((c) => !wanted || wanted.has(c.change))
      .map((c: Change) => ({
        from_crawl: crawls.from,
        to_crawl: crawls.to,
        url: c.url,
        page_id: c.page_id,
        change: c.change,
        check: c.check,
        before: cellOf(c.before),
        after: cellOf(c.after),
      }));
    await new Promise((r) => setImmediate(r));
  }
}
