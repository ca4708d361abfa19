/**
 * A failure in the server's words, with each offending field of a validation problem on its own line, named
 * as the form knows it (`private_key`, not `body.private_key`). A form that shows some fields' messages next to
 * their inputs (`FieldError`) names them in `placed`, so they are not said twice.
 */
import { ApiError, errorText } from '../api/client.js';
import { CodeText } from './code-text.js';

/** `body.rules.0.selector` as the form knows it: `selector` when the form's fields sit under `rules.0`. */
function fieldName(path: string, prefix = ''): string {
  const name = path.replace(/^(body|query|path)\.?/, '');
  return prefix && name.startsWith(`${prefix}.`) ? name.slice(prefix.length + 1) : name;
}

/**
 * The messages of a validation problem by field, for a form to show beside its inputs. `prefix` is where the
 * form's fields sit in the body (`rules.0` when the form was sent as the first of a list).
 */
export function fieldMessages(error: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiError)) return out;
  for (const f of error.errors) {
    const name = fieldName(f.path, prefix);
    if (name && !(name in out)) out[name] = f.message;
  }
  return out;
}

/** A field's message under its input; give the input `aria-describedby={id}` and `aria-invalid`. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className="field-error">
      <CodeText text={message} />
    </span>
  );
}

export function ProblemNotice({
  error,
  title,
  placed = [],
  prefix = '',
}: {
  error: unknown;
  title?: string;
  /** Fields whose messages the form shows by their inputs. */
  placed?: readonly string[];
  prefix?: string;
}) {
  if (error === undefined || error === null) return null;
  const all = error instanceof ApiError ? error.errors : [];
  const fields = all.filter((f) => !placed.includes(fieldName(f.path, prefix)));
  const detail = error instanceof ApiError ? error.detail : errorText(error);
  // A validation detail that already lists every field's message would say everything twice.
  const repeats = fields.length > 0 && fields.every((f) => detail.includes(f.message));
  return (
    <div className="notice notice-error problem-notice" role="alert">
      {title && <strong>{title} </strong>}
      {!repeats && <CodeText text={detail} />}
      {fields.length > 0 && (
        <ul>
          {fields.map((f, i) => (
            <li key={i}>
              {fieldName(f.path) && <code>{fieldName(f.path)}</code>} {f.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
