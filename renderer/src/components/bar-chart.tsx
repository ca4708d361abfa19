/**
 * Horizontal bars drawn with plain elements: readable, selectable, accessible (a list of label/value pairs),
 * and nothing to load. Widths are set through the style property, which the CSP allows.
 */
export interface Bar {
  label: string;
  value: number;
  tone?: 'ok' | 'warn' | 'bad' | 'info' | 'muted';
}

export function BarChart({ bars, unit = '', label }: { bars: Bar[]; unit?: string; label: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const total = bars.reduce((sum, b) => sum + b.value, 0);
  if (!bars.length) return <p className="muted">No data yet.</p>;
  return (
    <ul className="bar-chart" aria-label={label}>
      {bars.map((b) => (
        <li key={b.label} className="bar-row">
          <span className="bar-label" title={b.label}>
            {b.label}
          </span>
          <span className="bar-track">
            <span
              className={`bar-fill tone-${b.tone ?? 'info'}`}
              style={{ width: `${Math.max(1, (b.value / max) * 100)}%` }}
            />
          </span>
          <span className="bar-value">
            {b.value.toLocaleString()}
            {unit}
            {!unit && total > 0 && <span className="bar-share"> {Math.round((b.value / total) * 100)}%</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
