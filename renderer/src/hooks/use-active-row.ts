/**
 * The keyboard model every table shares: the table takes focus, arrows, Page Up/Down, Home/End move the active
 * row, Enter opens it, and a table may add keys of its own for the active row (a letter, never with Ctrl, Alt
 * or Meta, so the browser's shortcuts still work). How a row is brought into view is the table's (a
 * virtualised table scrolls to an index it may not have drawn yet).
 */
import { useEffect, useState, type KeyboardEvent } from 'react';

export interface ActiveRowOptions {
  /** Rows a Page Up/Down moves by. */
  page: () => number;
  reveal: (index: number) => void;
  activate?: (index: number) => void;
  /** Further keys (`event.key`) acting on the active row. */
  keys?: Record<string, (index: number) => void>;
}

export function useActiveRow(count: number, opts: ActiveRowOptions) {
  const [active, setActive] = useState(-1);

  useEffect(() => {
    if (active >= count) setActive(count - 1);
  }, [count, active]);

  const move = (to: number) => {
    const index = Math.max(0, Math.min(count - 1, to));
    setActive(index);
    opts.reveal(index);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(active + 1),
      ArrowUp: () => move(active - 1),
      PageDown: () => move(active + opts.page()),
      PageUp: () => move(active - opts.page()),
      Home: () => move(0),
      End: () => move(count - 1),
      Enter: () => {
        if (active >= 0) opts.activate?.(active);
      },
    };
    const own = opts.keys?.[event.key];
    const plain = !event.ctrlKey && !event.altKey && !event.metaKey;
    const handler = keys[event.key] ?? (own && plain && active >= 0 ? () => own(active) : undefined);
    if (!handler || !count) return;
    event.preventDefault();
    handler();
  };
  return { active, setActive, onKeyDown };
}
