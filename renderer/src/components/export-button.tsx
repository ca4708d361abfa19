/**
 * "Export" beside a list: one button per format that downloads the list as it is shown, through the export that
 * takes the list's own query (its filters, sort and the shown columns), so the file holds what is on screen. The
 * download goes through fetch (api/download.ts): a refusal is shown here in the server's words, and a good file
 * is saved under the server's name (the site's name and the day).
 */
import type { CallArgs } from '../api/call.js';
import { downloadFile, exportHref } from '../api/download.js';
import { ErrorNotice } from './feedback.js';
import { useAction } from '../hooks/use-api.js';
import { useState } from 'react';

type ExportArgs = CallArgs<'export.download'>;

export function ExportButton(props: {
  /** The export's name (`pages`, `issue-urls`, `changes`). */
  name: string;
  formats: readonly string[];
  /** The export's query: the list's scope, filters, sort and columns. */
  query: Omit<ExportArgs, 'name' | 'format'>;
  /** What the files hold, for the buttons' labels ("the 120 pages shown"). */
  what: string;
  disabled?: boolean;
}) {
  const download = useAction(downloadFile);
  const [busy, setBusy] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const start = async (format: string) => {
    setBusy(format);
    setSaved(undefined);
    const href = exportHref({ ...props.query, name: props.name, format } as ExportArgs);
    const name = await download.run(href, `${props.name}.${format}`);
    setBusy(undefined);
    if (name) setSaved(name);
  };
  return (
    <div className="export-button" role="group" aria-label={`Export ${props.what}`}>
      <span className="export-button-label">Export</span>
      {props.formats.map((format) => (
        <button
          key={format}
          type="button"
          className="btn btn-small"
          data-format={format}
          disabled={props.disabled || busy !== undefined}
          aria-busy={busy === format}
          title={`Download ${props.what} as ${format.toUpperCase()}`}
          onClick={() => void start(format)}
        >
          {busy === format ? 'Preparing…' : format.toUpperCase()}
        </button>
      ))}
      {saved && (
        <span className="muted small export-button-saved" role="status">
          Downloaded {saved}.
        </span>
      )}
      <ErrorNotice title="The export failed:" error={download.error} />
    </div>
  );
}
