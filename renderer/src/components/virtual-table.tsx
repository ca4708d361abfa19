/**
 * A virtualised table for lists of any length: only the rows in view (plus a few) exist in the DOM, rows have a
 * fixed height so scrolling never measures, the next page is requested as the end comes into view, and sorting
 * is the server's (the header only says which key). Keyboard: the body takes focus, arrows, Page Up/Down,
 * Home/End move the active row, Enter opens it.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { fmtCount } from '../format.js';
import { useActiveRow } from '../hooks/use-active-row.js';
import { GridCells, GridHeader, gridTemplate, type Column } from './grid-parts.js';

export type { Column } from './grid-parts.js';

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
  /** A CSS width the columns need at least (many columns): narrower windows scroll the table sideways. */
  minWidth?: string;
}

const HEADER_HEIGHT = 36;

export function VirtualTable<T>(props: VirtualTableProps<T>) {
  const { rows, columns, rowHeight = 34, hasMore, loading, onLoadMore, onActivate } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  // Row ids for aria-activedescendant: unique per table and free of spaces, whatever the label says.
  const idPrefix = useId();
  const rowId = (index: number) => `${idPrefix}row-${index}`;
  const template = gridTemplate(columns);

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

  const { active, setActive, onKeyDown } = useActiveRow(rows.length, {
    page: () => Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / rowHeight) - 1),
    reveal: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
    activate: (index) => {
      const row = rows[index];
      if (row && onActivate) onActivate(row);
    },
  });

  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
    setActive(-1);
  }, [props.resetKey]);

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
        <GridHeader
          columns={columns}
          height={HEADER_HEIGHT}
          sort={props.sort}
          onSort={props.onSort}
          minWidth={props.minWidth}
        />
        {showEmpty ? (
          <div className="vtable-empty">{props.empty ?? 'Nothing to show.'}</div>
        ) : (
          <div
            className="vtable-body"
            style={{ height: virtualizer.getTotalSize(), minWidth: props.minWidth }}
          >
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
                  <GridCells columns={columns} row={row} />
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
