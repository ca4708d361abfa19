/**
 * A failure in the server's words, with each offending field of a validation problem on its own line, named
 * as the form knows it (`private_key`, not `body.private_key`).
 */
import { ApiError, errorText } from '../api/client.js';
import { CodeText } from './code-text.js';

const fieldName = (path: string) => path.replace(/^(body|query|path)\.?/, '');

export function ProblemNotice({ error, title }: { error: unknown; title?: string }) {
  if (error === undefined || error === null) return null;
  const fields = error instanceof ApiError ? error.errors : [];
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
