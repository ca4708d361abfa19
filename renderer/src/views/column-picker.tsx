/**
 * Which columns a table shows: a "Columns" button opening a list of checkboxes, and the choice kept per site in
 * the browser's localStorage, so a site's Pages table opens as the analyst left it (the address keeps filters and
 * sort, which a link should carry; the columns are the reader's own taste, which it should not).
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';

/** The stored choice of `key` when every member is one of `known`; the defaults otherwise. */
function readStored<K extends string>(key: string, known: readonly K[], defaults: readonly K[]): K[] {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return [...defaults];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [...defaults];
    // A column a later version dropped is forgotten; the rest of the choice stays.
    return parsed.filter((k): k is K => typeof k === 'string' && (known as readonly string[]).includes(k));
  } catch {
    return [...defaults];
  }
}

/** The columns chosen for `storageKey` (e.g. one site's Pages table), and a setter that stores the choice. */
export function useStoredColumns<K extends string>(
  storageKey: string,
  known: readonly K[],
  defaults: readonly K[],
): [K[], (next: K[]) => void] {
  const [shown, setShown] = useState(() => readStored(storageKey, known, defaults));
  useEffect(() => setShown(readStored(storageKey, known, defaults)), [storageKey]);
  const set = useCallback(
    (next: K[]) => {
      setShown(next);
      try {
        window.localStorage.setItem(storageKey, JSON.stringify(next));
      } catch {
        // Storage full or refused (a private window): the choice holds until the view is left.
      }
    },
    [storageKey],
  );
  return [shown, set];
}

export function ColumnPicker<K extends string>({
  options,
  shown,
  fixed,
  onChange,
  onReset,
}: {
  options: readonly { key: K; label: string }[];
  shown: readonly K[];
  /** Always shown, listed checked and disabled. */
  fixed: readonly K[];
  onChange: (next: K[]) => void;
  onReset: () => void;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    // A click elsewhere or Escape closes the list, as the crawl options do.
    const away = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);
  const toggle = (key: K, on: boolean) =>
    onChange(on ? [...shown.filter((k) => k !== key), key] : shown.filter((k) => k !== key));
  return (
    <div className="column-picker" ref={box}>
      <button
        type="button"
        className="btn"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        Columns
      </button>
      {open && (
        <fieldset id={id} className="popover column-picker-list">
          <legend>Columns shown</legend>
          {options.map((o) => (
            <label key={o.key} className="check">
              <input
                type="checkbox"
                checked={fixed.includes(o.key) || shown.includes(o.key)}
                disabled={fixed.includes(o.key)}
                onChange={(e) => toggle(o.key, e.target.checked)}
              />
              {o.label}
            </label>
          ))}
          <button type="button" className="btn btn-link" onClick={onReset}>
            Reset to the default columns
          </button>
        </fieldset>
      )}
    </div>
  );
}
