/**
 * A short list (tens of rows, so nothing is virtualised) shown in groups, each under a heading row, with the
 * keyboard of the other tables: the grid takes focus, arrows, Page Up/Down, Home/End move the active row across
 * the groups, Enter opens it, and `rowKeys` add letters acting on the active row.
 */
import { useId, useRef, type ReactNode } from 'react';
import { useActiveRow } from '../hooks/use-active-row.js';
import { GridCells, GridHeader, gridTemplate, type Column } from './grid-parts.js';

export interface RowGroup<T> {
  key: string;
  heading: ReactNode;
  rows: T[];
}

export interface GroupedTableProps<T> {
  label: string;
  groups: RowGroup<T>[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  onActivate?: (row: T) => void;
  rowKeys?: Record<string, (row: T) => void>;
  /** Extra class names for a row (`is-muted`). */
  rowClass?: (row: T) => string;
  /** Shown instead of rows when there are none. */
  empty?: ReactNode;
}

const HEADER_HEIGHT = 36;
const ROW_HEIGHT = 44;

export function GroupedTable<T>(props: GroupedTableProps<T>) {
  const { groups, columns, onActivate } = props;
  const rows = groups.flatMap((g) => g.rows);
  const scrollRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  const rowId = (index: number) => `${idPrefix}row-${index}`;
  const template = gridTemplate(columns);
  const rowAt = (index: number, act: (row: T) => void) => {
    const row = rows[index];
    if (row) act(row);
  };

  const { active, setActive, onKeyDown } = useActiveRow(rows.length, {
    page: () => Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1),
    reveal: (index) => document.getElementById(rowId(index))?.scrollIntoView({ block: 'nearest' }),
    activate: (index) => rowAt(index, (row) => onActivate?.(row)),
    keys: Object.fromEntries(
      Object.entries(props.rowKeys ?? {}).map(([key, act]) => [key, (index: number) => rowAt(index, act)]),
    ),
  });

  let index = -1;
  return (
    <div
      ref={scrollRef}
      className="vtable-scroll gtable"
      role="grid"
      aria-label={props.label}
      aria-rowcount={rows.length + groups.length + 1}
      aria-activedescendant={active >= 0 ? rowId(active) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <GridHeader columns={columns} height={HEADER_HEIGHT} />
      {rows.length === 0 && <div className="vtable-empty">{props.empty ?? 'Nothing to show.'}</div>}
      {groups.map((group) => (
        <div key={group.key} role="rowgroup" className="gtable-group">
          <div role="row" className="gtable-heading">
            <div role="columnheader" aria-colspan={columns.length}>
              {group.heading}
            </div>
          </div>
          {group.rows.map((row) => {
            const at = ++index;
            return (
              <div
                key={props.rowKey(row)}
                id={rowId(at)}
                role="row"
                aria-selected={at === active}
                className={`vtable-row ${at === active ? 'is-active' : ''} ${props.rowClass?.(row) ?? ''}`}
                style={{ gridTemplateColumns: template, minHeight: ROW_HEIGHT }}
                onClick={() => {
                  setActive(at);
                  onActivate?.(row);
                }}
              >
                <GridCells columns={columns} row={row} />
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
