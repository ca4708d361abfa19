/**
 * The summary of a comparison: the two crawls (`picker` chooses them), how many changes, and a bar per kind of
 * change. A bar is a toggle that filters the list below; kinds that did not change are greyed and cannot be
 * chosen. Issues that went away with their pages are not "fixed": they are counted apart, by what the pages are
 * now ("9 issues gone with a page that now answers 404").
 */
import type { ReactNode } from 'react';
import type { ChangeKind, ChangeList } from '../api/types.js';
import { CHANGE_KIND_INFO, CHANGE_KINDS } from '../api/value-lists.js';
import { Stat } from '../components/controls.js';
import { Loading } from '../components/feedback.js';
import { fmtInt } from '../format.js';
import { crawlName, issuesGoneText } from './change-text.js';

type Comparison = Pick<ChangeList, 'from' | 'to' | 'summary' | 'issues_compared' | 'issues_gone'>;

export function ChangeSummaryPanel(props: {
  picker: ReactNode;
  /** Undefined while the crawls are compared, or when that failed (`failed`: the view says why). */
  list: Comparison | undefined;
  failed: boolean;
  selected: readonly ChangeKind[];
  onToggle: (kind: ChangeKind) => void;
}) {
  return (
    <section className="panel change-summary" aria-label="Summary of the changes">
      {props.list ? (
        <Summary {...props} list={props.list} />
      ) : (
        <>
          {props.picker}
          {!props.failed && <Loading label="Comparing the crawls…" />}
        </>
      )}
    </section>
  );
}

function Summary(props: {
  picker: ReactNode;
  list: Comparison;
  selected: readonly ChangeKind[];
  onToggle: (kind: ChangeKind) => void;
}) {
  const { from, to, summary, issues_compared, issues_gone } = props.list;
  const count = (kind: ChangeKind) => summary[kind] ?? 0;
  const total = CHANGE_KINDS.reduce((sum, k) => sum + count(k), 0);
  const max = Math.max(1, ...CHANGE_KINDS.map(count));
  return (
    <>
      <div className="change-summary-head">
        {props.picker}
        <div className="stat-row">
          <Stat label="changes" value={fmtInt(total)} />
          <Stat label={`URLs at ${crawlName(from).toLowerCase()}`} value={fmtInt(from.urls)} />
          <Stat label={`URLs at ${crawlName(to).toLowerCase()}`} value={fmtInt(to.urls)} />
        </div>
      </div>
      <ul className="change-bars" aria-label="Changes by kind">
        {CHANGE_KINDS.map((kind) => {
          const n = count(kind);
          const on = props.selected.includes(kind);
          const info = CHANGE_KIND_INFO[kind];
          return (
            <li key={kind}>
              <button
                type="button"
                className={`bar-row change-bar ${on ? 'is-on' : ''}`}
                data-kind={kind}
                aria-pressed={on}
                // A kind chosen in the address stays clickable so it can be unchosen.
                disabled={n === 0 && !on}
                title={n === 0 ? 'No change of this kind' : `List only: ${info.label.toLowerCase()}`}
                onClick={() => props.onToggle(kind)}
              >
                <span className="bar-label">{info.label}</span>
                <span className="bar-track">
                  <span
                    className={`bar-fill tone-${n ? info.tone : 'muted'}`}
                    style={{ width: `${n ? Math.max(2, (n / max) * 100) : 0}%` }}
                  />
                </span>
                <span className="bar-value">{fmtInt(n)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {issues_gone.length > 0 && (
        <ul className="muted change-summary-note issues-gone" aria-label="Issues gone with their pages">
          {issues_gone.map((g) => (
            <li key={`${g.page_now}-${g.status_code ?? ''}`}>{issuesGoneText(g)}</li>
          ))}
        </ul>
      )}
      {!issues_compared && (
        <p className="muted change-summary-note">
          Issues are not compared: one of these crawls has no audit (the audit runs after every crawl).
        </p>
      )}
    </>
  );
}
