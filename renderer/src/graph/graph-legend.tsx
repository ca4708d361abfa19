/** What the colours, sizes and marks of the structure and focus views mean, beside the canvas. */
import { clusterColour, legendOf, type ColourMode } from './colour-by.js';

export function GraphLegend(props: {
  colour: ColourMode;
  grouped: boolean;
  sizeNote: string;
  /** Cluster ids drawn, most pages first (colour by cluster). */
  clusters?: number[];
  extra?: { className: string; label: string }[];
}) {
  const entries = legendOf(props.colour, props.grouped);
  return (
    <div className="legend" aria-label="Legend">
      <h3>Legend</h3>
      <ul>
        {props.colour === 'cluster' &&
          props.clusters?.slice(0, 8).map((id) => (
            <li key={id}>
              <span className="swatch" style={{ background: clusterColour(id) }} /> cluster {id}
            </li>
          ))}
        {entries.map((e) => (
          <li key={e.label}>
            <span className="swatch" style={{ background: e.colour }} /> {e.label}
          </li>
        ))}
        <li>
          <span className="swatch swatch-orphan" /> orphan (no inbound link of these kinds)
          {props.grouped ? ', or a group holding one' : ''}
        </li>
        <li>
          <span className="swatch swatch-dead-end" /> dead end (links nowhere)
          {props.grouped ? '; dashed group: holds one' : ''}
        </li>
        {props.extra?.map((x) => (
          <li key={x.label}>
            <span className={`swatch ${x.className}`} /> {x.label}
          </li>
        ))}
        <li className="muted">{props.sizeNote}</li>
      </ul>
    </div>
  );
}
