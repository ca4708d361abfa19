/**
 * A virtualised table for lists of any length: only the rows in view (plus a few) exist in the DOM, rows have a
 * fixed height so scrolling never measures, the next page is requested as the end comes into view, and sorting
 * is the server's (the header only says which key). Keyboard: the body takes focus, arrows, Page Up/Down,
 * Home/End move the active row, Enter opens it.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { fmtCount } from '../format.js';

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

export interface VirtualTableProps<T> {
  label: string;
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  hasMore?: boolean;
  loading?: boolean;
  onLoadMore?: () => void;
  /** e.g. `-inlinks`. */
  sort?: string;
  onSort?: (sort: string) => void;
  onActivate?: (row: T) => void;
  rowHeight?: number;
  /** When this changes (new filters or sort) the table scrolls back to the top. */
  resetKey?: string;
  /** Shown instead of rows when there are none and nothing is loading. */
  empty?: ReactNode;
  className?: string;
}

const HEADER_HEIGHT = 36;

export function VirtualTable<T>(props: VirtualTableProps<T>) {
  const { rows, columns, rowHeight = 34, hasMore, loading, onLoadMore, onActivate } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(-1);
  // Row ids for aria-activedescendant: unique per table and free of spaces, whatever the label says.
  const idPrefix = useId();
  const rowId = (index: number) => `${idPrefix}row-${index}`;
  const template = columns.map((c) => c.width).join(' ');

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    scrollMargin: HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loading && onLoadMore && lastIndex >= rows.length - 30) onLoadMore();
  }, [lastIndex, rows.length, hasMore, loading, onLoadMore]);

  useEffect(() => {
    if (active >= rows.length) setActive(rows.length - 1);
  }, [rows.length, active]);

  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
    setActive(-1);
  }, [props.resetKey]);

  const move = (to: number) => {
    const index = Math.max(0, Math.min(rows.length - 1, to));
    setActive(index);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  };
  const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / rowHeight) - 1);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(active + 1),
      ArrowUp: () => move(active - 1),
      PageDown: () => move(active + page),
      PageUp: () => move(active - page),
      Home: () => move(0),
      End: () => move(rows.length - 1),
      Enter: () => {
        const row = rows[active];
        if (row && onActivate) onActivate(row);
      },
    };
    const handler = keys[event.key];
    if (!handler || !rows.length) return;
    event.preventDefault();
    handler();
  };

  const sortState = (key: string | undefined) => {
    if (!key || !props.sort) return undefined;
    if (props.sort === key) return 'ascending' as const;
    if (props.sort === `-${key}`) return 'descending' as const;
    return undefined;
  };
  const nextSort = (key: string) => (props.sort === `-${key}` ? key : `-${key}`);

  const showEmpty = rows.length === 0 && !loading;
  return (
    <div className={`vtable ${rowHeight > 40 ? 'rows-tall' : ''} ${props.className ?? ''}`}>
      <div
        ref={scrollRef}
        className="vtable-scroll"
        role="grid"
        aria-label={props.label}
        aria-rowcount={hasMore ? -1 : rows.length + 1}
        aria-activedescendant={active >= 0 ? rowId(active) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        <div
          className="vtable-header"
          role="row"
          style={{ gridTemplateColumns: template, height: HEADER_HEIGHT }}
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
                {c.sortKey && props.onSort ? (
                  <button
                    type="button"
                    className="th-sort"
                    onClick={() => props.onSort!(nextSort(c.sortKey!))}
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
        {showEmpty ? (
          <div className="vtable-empty">{props.empty ?? 'Nothing to show.'}</div>
        ) : (
          <div className="vtable-body" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const row = rows[item.index]!;
              return (
                <div
                  key={props.rowKey(row)}
                  id={rowId(item.index)}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-selected={item.index === active}
                  className={`vtable-row ${item.index === active ? 'is-active' : ''} ${item.index % 2 ? 'is-odd' : ''}`}
                  style={{
                    gridTemplateColumns: template,
                    height: rowHeight,
                    transform: `translateY(${item.start - HEADER_HEIGHT}px)`,
                  }}
                  onClick={() => {
                    setActive(item.index);
                    onActivate?.(row);
                  }}
                >
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
                </div>
              );
            })}
          </div>
        )}
      </div>
      <div className="vtable-foot muted" aria-live="polite">
        {fmtCount(rows.length, 'row')}
        {hasMore ? ' loaded, more as you scroll' : ''}
        {loading ? ' · loading…' : ''}
      </div>
    </div>
  );
}
