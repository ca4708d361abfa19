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

/**
 * The last key of a cursor over one column (an id, a name), or null at the start. A cursor of another shape —
 * another list's, or a hand-made one — is a 400: starting again at page 1 would let a client loop forever.
 */
export function afterKey(cursor: CursorKey | undefined, type: 'number'): number | null;
export function afterKey(cursor: CursorKey | undefined, type: 'string'): string | null;
export function afterKey(cursor: CursorKey | undefined, type: 'number' | 'string'): number | string | null {
  if (!cursor) return null;
  const [key] = cursor;
  if (cursor.length !== 1 || typeof key !== type) {
    throw new ValidationError('The cursor does not belong to this list.', [
      { path: 'query.cursor', message: 'does not belong to this list' },
    ]);
  }
  return key as number | string;
}

export interface RowsPage<T> {
  page: T[];
  next_cursor: string | null;
}

/**
 * The first `limit` of `limit + 1` rows fetched, and the cursor after the last of them when the extra row exists.
 * Lists read `limit + 1` rows so that a full last page does not promise a next one.
 */
export function cursorPage<T>(rows: T[], limit: number, keyOf: (last: T) => CursorKey): RowsPage<T> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, next_cursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null };
}

/** A page of a sorted list: its cursor is `[last sort value, last id, sort]`, which `afterSortKey` reads. */
export function keysetPage<T extends { id: number; sort_value: string | number }>(
  rows: T[],
  limit: number,
  sort: string,
) {
  return cursorPage(rows, limit, (last) => [last.sort_value, last.id, sort]);
}

/**
 * A page of a list in the order of one key, the row's id unless `keyOf` names another (a hub client's name):
 * its cursor is `[last key]`, which `afterKey` reads.
 */
export function idPage<T extends { id: number }>(rows: T[], limit: number): RowsPage<T>;
export function idPage<T>(rows: T[], limit: number, keyOf: (row: T) => number | string): RowsPage<T>;
export function idPage<T>(
  rows: T[],
  limit: number,
  keyOf: (row: T) => number | string = (row) => (row as { id: number }).id,
): RowsPage<T> {
  return cursorPage(rows, limit, (last) => [keyOf(last)]);
}
