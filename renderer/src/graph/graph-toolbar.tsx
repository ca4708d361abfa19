/** Fit and export for whichever graph is drawn; the export names the view and the site's host. */
import { useState } from 'react';
import type { Core } from 'cytoscape';
import { errorText } from '../api/client.js';
import { exportPng, exportSvg } from './graph-export.js';
import { fitView } from './graph-style.js';

export function GraphToolbar(props: { cy: () => Core | null; name: string; title: string }) {
  const [message, setMessage] = useState<string | null>(null);
  const run = (kind: 'png' | 'svg') => {
    const cy = props.cy();
    if (!cy) return;
    try {
      if (kind === 'png') exportPng(cy, props.name);
      else exportSvg(cy, props.name, props.title);
      setMessage(`Saved ${props.name}.${kind}.`);
    } catch (err) {
      setMessage(`The picture was not saved: ${errorText(err)}`);
    }
  };
  return (
    <div className="graph-toolbar" role="group" aria-label="View and export">
      <button
        type="button"
        className="btn btn-small"
        onClick={() => {
          const cy = props.cy();
          if (cy) fitView(cy, 4);
        }}
      >
        Fit to view
      </button>
      <button type="button" className="btn btn-small" onClick={() => run('png')}>
        Export PNG
      </button>
      <button type="button" className="btn btn-small" onClick={() => run('svg')}>
        Export SVG
      </button>
      <span className="muted small" aria-live="polite">
        {message}
      </span>
    </div>
  );
}
