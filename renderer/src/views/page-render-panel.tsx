/**
 * A rendered page's raw HTML beside its rendered DOM (#36 §1; `Page.render`): the title, description, h1,
 * canonical, robots directives, main-text words and internal links each side, the rows JavaScript changed
 * marked, then the links only the rendered DOM has, the errors its scripts reported and the files robots.txt
 * disallows. Shown only for a page the crawl rendered. Everything here is the crawled page's text, shown as text.
 */
import { useId, type ReactNode } from 'react';
import type { JsChange, Page } from '../api/types.js';
import { Badge } from '../components/controls.js';
import { fmtInt } from '../format.js';

type PageRender = NonNullable<Page['render']>;
type Side = PageRender['raw'];

const ROWS: { label: string; change: JsChange; value: (s: Side) => ReactNode }[] = [
  { label: 'Title', change: 'title', value: (s) => s.title },
  { label: 'Meta description', change: 'description', value: (s) => s.meta_description },
  { label: 'H1', change: 'h1', value: (s) => s.h1 },
  { label: 'Canonical', change: 'canonical', value: (s) => s.canonical_url },
  { label: 'Robots', change: 'robots', value: (s) => s.robots.join(', ') || null },
  { label: 'Words', change: 'content', value: (s) => fmtInt(s.word_count) },
  { label: 'Internal links', change: 'links', value: (s) => fmtInt(s.links) },
];

const none = <span className="muted">none</span>;

export function PageRenderPanel({ render }: { render: PageRender }) {
  const titleId = useId();
  const changed = new Set(render.changed);
  return (
    <section className="panel page-render" aria-labelledby={titleId}>
      <h2 id={titleId}>
        Raw HTML and rendered{' '}
        {render.changed.length ? (
          <Badge tone="warn">JavaScript changed {render.changed.length}</Badge>
        ) : (
          <Badge tone="ok">JavaScript changed nothing compared</Badge>
        )}
      </h2>
      <table className="table render-table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Raw HTML</th>
            <th scope="col">Rendered</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => {
            const isChanged = changed.has(row.change);
            return (
              <tr
                key={row.label}
                data-changed={isChanged || undefined}
                className={isChanged ? 'changed' : undefined}
              >
                <th scope="row">
                  {row.label} {isChanged && <Badge tone="warn">changed</Badge>}
                </th>
                <td className="break">{row.value(render.raw) ?? none}</td>
                <td className="break">{row.value(render.rendered) ?? none}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {render.links_only_rendered_count > 0 && (
        <>
          <h3>Internal links only after rendering ({fmtInt(render.links_only_rendered_count)})</h3>
          <ul className="render-list">
            {render.links_only_rendered.map((u) => (
              <li key={u} className="break">
                {u}
              </li>
            ))}
          </ul>
        </>
      )}
      {render.console_error_count > 0 && (
        <>
          <h3>JavaScript errors ({fmtInt(render.console_error_count)})</h3>
          <ul className="render-list">
            {render.console_errors.map((m, i) => (
              <li key={i}>
                <span className="muted">{m.kind === 'uncaught' ? 'Uncaught' : 'console.error'}</span>{' '}
                <code className="break">{m.text}</code>
                {m.source && <div className="muted break">{m.source}</div>}
              </li>
            ))}
          </ul>
        </>
      )}
      {render.blocked_count > 0 && (
        <>
          <h3>Blocked by robots.txt ({fmtInt(render.blocked_count)})</h3>
          <ul className="render-list">
            {render.blocked_resources.map((b) => (
              <li key={b.url} className="break">
                <span className="muted">{b.kind}</span> {b.url}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
