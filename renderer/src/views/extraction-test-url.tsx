/**
 * The page a rule test fetches, as one field used by a rule's form and by the panel's test of the saved rules.
 * It starts empty (the start URL is its placeholder and what an empty field tests): a field filled with the
 * start URL invited pasting a full URL after it, which made `http://site/http://site/page.html` (#37). The
 * server resolves what is typed (a path, or a full URL of the site) and names the problem with anything else.
 */
import { FieldError } from '../components/problem-notice.js';

export function TestUrlField({
  id,
  value,
  onChange,
  startUrl,
  error,
  onEnter,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  startUrl: string;
  /** The server's message about the field, shown under it. */
  error: string | undefined;
  /** Enter in the field: the test runs (inside a rule's form, Enter would otherwise save the rule). */
  onEnter?: () => void;
}) {
  const host = hostOf(startUrl);
  return (
    <div className="field grow">
      <label htmlFor={id}>Test on a page</label>
      <input
        id={id}
        name="test_url"
        type="text"
        inputMode="url"
        className="mono"
        value={value}
        placeholder={startUrl}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || !onEnter) return;
          e.preventDefault();
          onEnter();
        }}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <span id={`${id}-hint`} className="muted small">
        A path (<code>/docs/page.html</code>) or a full URL on {host}; empty tests the start URL.
      </span>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
