/**
 * The structure view's groups as a list beside the canvas — the keyboard's way in (select, open, close) and a
 * readable account of what the canvas draws — and the facts of the group picked.
 */
import type { GraphGroup } from '../api/graph-types.js';
import { fmtCount, fmtInt } from '../format.js';

export function GroupList(props: {
  groups: GraphGroup[];
  expanded: string[];
  selected: string | null;
  onSelect: (id: string) => void;
  onToggle: (id: string) => void;
}) {
  const known = new Set(props.groups.map((g) => g.id));
  const children = new Map<string | null, GraphGroup[]>();
  for (const g of props.groups) {
    const parent = g.parent && known.has(g.parent) ? g.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), g]);
  }
  const render = (parent: string | null) => {
    const list = [...(children.get(parent) ?? [])].sort(
      (a, b) => b.total - a.total || a.label.localeCompare(b.label),
    );
    if (!list.length) return null;
    return (
      <ul className={parent ? 'group-list nested' : 'group-list'}>
        {list.map((g) => {
          const open = props.expanded.includes(g.id);
          return (
            <li key={g.id} data-group-id={g.id} className={g.id === props.selected ? 'is-selected' : ''}>
              <div className="group-row">
                <button
                  type="button"
                  className="btn-link group-name"
                  title={g.label}
                  onClick={() => props.onSelect(g.id)}
                >
                  {g.label}
                </button>
                <span className="group-size muted" title="pages in the group">
                  {fmtInt(g.total)}
                </span>
                {(g.expandable || open) && (
                  <button
                    type="button"
                    className="btn btn-small group-toggle"
                    aria-pressed={open}
                    aria-label={`${open ? 'Close' : 'Open'} ${g.label}`}
                    onClick={() => props.onToggle(g.id)}
                  >
                    {open ? 'Close' : 'Open'}
                  </button>
                )}
              </div>
              {(g.orphans > 0 || g.dead_ends > 0) && (
                <div className="group-flags">
                  {g.orphans > 0 && (
                    <span className="group-flag flag-orphan" title={fmtCount(g.orphans, 'orphan')}>
                      {fmtInt(g.orphans)} orphan{g.orphans === 1 ? '' : 's'}
                    </span>
                  )}
                  {g.dead_ends > 0 && (
                    <span className="group-flag flag-dead-end" title={fmtCount(g.dead_ends, 'dead end')}>
                      {fmtInt(g.dead_ends)} dead end{g.dead_ends === 1 ? '' : 's'}
                    </span>
                  )}
                </div>
              )}
              {render(g.id)}
            </li>
          );
        })}
      </ul>
    );
  };
  return (
    <div className="groups-panel">
      <h3>Groups</h3>
      {render(null)}
    </div>
  );
}

export function GroupFacts(props: {
  group: GraphGroup;
  expanded: boolean;
  onToggle: () => void;
  onClose: () => void;
}) {
  const g = props.group;
  const facts: [string, string][] = [
    ['pages', fmtInt(g.total)],
    ['shallowest depth', fmtInt(g.depth_min)],
    ['links in from other groups', fmtInt(g.inlinks)],
    ['orphans', fmtInt(g.orphans)],
    ['dead ends', fmtInt(g.dead_ends)],
    ['errors', fmtInt(g.errors)],
    ['not indexable', fmtInt(g.non_indexable)],
    ['search clicks', g.clicks === null ? '—' : fmtInt(g.clicks)],
  ];
  return (
    <section className="group-facts panel" aria-label={`Group ${g.label}`}>
      <div className="drawer-head">
        <h2 className="break">{g.label}</h2>
        <button
          type="button"
          className="btn btn-small"
          onClick={props.onClose}
          aria-label="Close group facts"
        >
          Close
        </button>
      </div>
      <dl className="facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {(g.expandable || props.expanded) && (
        <button type="button" className="btn btn-small" onClick={props.onToggle}>
          {props.expanded ? 'Close the group' : 'Open the group'}
        </button>
      )}
    </section>
  );
}
