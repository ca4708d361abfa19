/**
 * An extraction rule's value on a page, always as text: whatever the crawled page held (markup from an `html`
 * rule included) is shown as characters, never parsed. `null` says the rule matched nothing, which an analyst
 * must be able to tell apart from an empty string; booleans (search rules, `exists`) read yes / no.
 */
import type { ExtractValue } from '../api/types.js';
import { fmtExtract } from '../format.js';
import { Badge } from './controls.js';

/** The value in one line, as a tooltip or the exports have it (a list joined with " | "). */
export const extractText = (value: ExtractValue | undefined): string => fmtExtract(value);

/** In a table cell: the first of a list with how many more, so rows keep one height. */
export function ExtractCell({ value }: { value: ExtractValue | undefined }) {
  if (value === null || value === undefined) return <span className="muted">—</span>;
  if (typeof value === 'boolean')
    return <span className={value ? 'tone-text-ok' : 'muted'}>{value ? 'yes' : 'no'}</span>;
  if (typeof value === 'number') return <>{value.toLocaleString()}</>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="muted">—</span>;
    return (
      <span className="extract-cell">
        <span className="extract-first">{value[0]}</span>
        {value.length > 1 && <span className="muted"> +{(value.length - 1).toLocaleString()}</span>}
      </span>
    );
  }
  return value === '' ? <span className="muted">(empty)</span> : <>{value}</>;
}

/** In full: every value of a list on its own line, markup as plain text that keeps its line breaks. */
export function ExtractFull({ value }: { value: ExtractValue | undefined }) {
  if (value === null || value === undefined) return <span className="muted">no match</span>;
  if (typeof value === 'boolean') return <Badge tone={value ? 'ok' : 'muted'}>{value ? 'yes' : 'no'}</Badge>;
  if (typeof value === 'number') return <span className="mono">{value.toLocaleString()}</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="muted">no match</span>;
    return (
      <ol className="extract-list">
        {value.map((v, i) => (
          <li key={i} className="extract-text">
            {v === '' ? <span className="muted">(empty)</span> : v}
          </li>
        ))}
      </ol>
    );
  }
  return value === '' ? (
    <span className="muted">(empty)</span>
  ) : (
    <span className="extract-text">{value}</span>
  );
}
