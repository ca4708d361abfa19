/** Small form controls the views share: a labelled slider, a group of toggles, tabs, badges. */
import { useId, type KeyboardEvent, type ReactNode } from 'react';

export function Slider(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
  format?: (value: number) => string;
}) {
  const id = useId();
  return (
    <div className="field field-inline slider">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="range"
        min={props.min}
        max={props.max}
        step={props.step}
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value))}
      />
      <output htmlFor={id} className="slider-value">
        {props.format ? props.format(props.value) : props.value}
      </output>
    </div>
  );
}

/** A set of checkboxes for a repeatable filter (`outcome`, `edge_kind`, …). */
export function ToggleGroup<V extends string>(props: {
  legend: string;
  options: readonly V[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  labelOf?: (option: V) => ReactNode;
}) {
  const toggle = (option: V) =>
    props.onChange(
      props.value.includes(option)
        ? props.value.filter((v) => v !== option)
        : props.options.filter((o) => o === option || props.value.includes(o)),
    );
  return (
    <fieldset className="toggle-group">
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <label key={option} className={`toggle ${props.value.includes(option) ? 'is-on' : ''}`}>
          <input type="checkbox" checked={props.value.includes(option)} onChange={() => toggle(option)} />
          {props.labelOf ? props.labelOf(option) : option.replace(/_/g, ' ')}
        </label>
      ))}
    </fieldset>
  );
}

export function Tabs<V extends string>(props: {
  label: string;
  tabs: readonly { id: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}) {
  // Arrow keys move between tabs, as the ARIA tabs pattern has it; only the selected tab is in the Tab order.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const index = props.tabs.findIndex((t) => t.id === props.value);
    const next = props.tabs[(index + step + props.tabs.length) % props.tabs.length]!;
    props.onChange(next.id);
    const buttons = event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]');
    buttons[props.tabs.indexOf(next)]?.focus();
    event.preventDefault();
  };
  return (
    <div className="tabs" role="tablist" aria-label={props.label} onKeyDown={onKeyDown}>
      {props.tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          aria-selected={t.id === props.value}
          tabIndex={t.id === props.value ? 0 : -1}
          className={`tab ${t.id === props.value ? 'is-active' : ''}`}
          onClick={() => props.onChange(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

export function Badge({ tone = 'muted', children }: { tone?: string; children: ReactNode }) {
  return <span className={`badge tone-${tone}`}>{children}</span>;
}

export function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="stat" title={hint}>
      <div className="stat-value">{value}</div>
      <div className="stat-label">{label}</div>
    </div>
  );
}

/**
 * A crawled URL as a link that opens outside the app (the system browser in Electron). Only http(s) URLs
 * become links: anything else a crawled page could contain is shown as text.
 */
export function ExternalLink({ url, children }: { url: string; children?: ReactNode }) {
  let safe = false;
  try {
    const protocol = new URL(url).protocol;
    safe = protocol === 'http:' || protocol === 'https:';
  } catch {
    safe = false;
  }
  if (!safe) return <span>{children ?? url}</span>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer noopener"
      className="external"
      onClick={(e) => e.stopPropagation()}
    >
      {children ?? url}
    </a>
  );
}
