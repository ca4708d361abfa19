/**
 * What every data grid draws the same way: the header row (a sort button where the server sorts by the column)
 * and a row's cells, laid out on the columns' CSS grid tracks. `VirtualTable` and `GroupedTable` differ only in
 * how they place their rows.
 */
import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: string;
  /** A CSS grid track, e.g. `minmax(16rem, 3fr)` or `6rem`. */
  width: string;
  /** Server sort key; the header becomes a sort button. */
  sortKey?: string;
  align?: 'right' | 'center';
  render: (row: T) => ReactNode;
  /** Tooltip for truncated cells. */
  title?: (row: T) => string | undefined;
}

export const gridTemplate = (columns: Column<never>[]) => columns.map((c) => c.width).join(' ');

export function GridHeader<T>(props: {
  columns: Column<T>[];
  height: number;
  /** e.g. `-inlinks`. */
  sort?: string | undefined;
  onSort?: ((sort: string) => void) | undefined;
  /** Wider than the window when the columns need it: the table then scrolls sideways. */
  minWidth?: string | undefined;
}) {
  const { columns, sort, onSort } = props;
  const sortState = (key: string | undefined) => {
    if (!key || !sort) return undefined;
    if (sort === key) return 'ascending' as const;
    if (sort === `-${key}`) return 'descending' as const;
    return undefined;
  };
  const nextSort = (key: string) => (sort === `-${key}` ? key : `-${key}`);
  return (
    <div
      className="vtable-header"
      role="row"
      style={{ gridTemplateColumns: gridTemplate(columns), height: props.height, minWidth: props.minWidth }}
    >
      {columns.map((c) => {
        const state = sortState(c.sortKey);
        return (
          <div
            key={c.key}
            role="columnheader"
            aria-sort={state ?? (c.sortKey ? 'none' : undefined)}
            className={`vtable-th align-${c.align ?? 'left'}`}
          >
            {c.sortKey && onSort ? (
              <button
                type="button"
                className="th-sort"
                onClick={() => onSort(nextSort(c.sortKey!))}
                title={`Sort by ${c.header.toLowerCase()}`}
              >
                {c.header}
                <span className="sort-mark" aria-hidden="true">
                  {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : ''}
                </span>
              </button>
            ) : (
              c.header
            )}
          </div>
        );
      })}
    </div>
  );
}

export function GridCells<T>({ columns, row }: { columns: Column<T>[]; row: T }) {
  return (
    <>
      {columns.map((c) => (
        <div
          key={c.key}
          role="gridcell"
          className={`vtable-td align-${c.align ?? 'left'}`}
          title={c.title?.(row)}
        >
          {c.render(row)}
        </div>
      ))}
    </>
  );
}
