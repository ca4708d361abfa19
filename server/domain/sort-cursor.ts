/**
 * Keyset cursors for sorted lists: `[last sort value, last id, sort]`. A cursor is only valid for the sort it
 * was issued with, since the same row sits elsewhere in another order.
 */
import { encodeCursor, type CursorKey } from '../schemas/common.js';
import { ValidationError } from './errors.js';

export function afterSortKey(
  cursor: CursorKey | undefined,
  sort: string,
): { value: string | number; id: number } | null {
  if (!cursor) return null;
  const [value, id, issuedFor] = cursor;
  if (issuedFor !== sort || typeof id !== 'number' || value === null || value === undefined) {
    throw new ValidationError('The cursor does not belong to this sort order.', [
      { path: 'query.cursor', message: 'does not belong to this sort order' },
    ]);
  }
  return { value, id };
}

/** The first `limit` of `limit + 1` rows fetched, and the cursor after them when the extra row exists. */
export function keysetPage<T extends { id: number; sort_value: string | number }>(
  rows: T[],
  limit: number,
  sort: string,
) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    page,
    next_cursor: rows.length > limit && last ? encodeCursor([last.sort_value, last.id, sort]) : null,
  };
}
