/** Loading, empty and error states: every view says in words what is happening or what went wrong. */
import type { ReactNode } from 'react';
import { errorText } from '../api/client.js';
import { CodeText } from './code-text.js';

export function ErrorNotice({ error, title }: { error: unknown; title?: string }) {
  if (error === undefined || error === null) return null;
  return (
    <div className="notice notice-error" role="alert">
      {title && <strong>{title} </strong>}
      <CodeText text={errorText(error)} />
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <p className="empty-title">{title}</p>
      {children && <div className="empty-body">{children}</div>}
    </div>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  );
}
