/**
 * One target on the campaign board: kind, title, query, score; the moves its status allows; and, on demand,
 * the rationale and the evidence (origin, pages with their role, the figures behind the score, Search Console).
 */
import { useEffect, useRef, useState } from 'react';
import { call } from '../api/call.js';
import type { Target, TargetEvidence, TargetStatus } from '../api/types.js';
import { Badge } from '../components/controls.js';
import { ErrorNotice } from '../components/feedback.js';
import { useAction } from '../hooks/use-api.js';
import { fmtCount, fmtDate, fmtInt, fmtScore, shortUrl, words } from '../format.js';
import { links } from '../router.js';

/** The buttons each status offers, in the order the work flows (the server's status machine decides). */
const MOVES: Record<TargetStatus, { to: TargetStatus; label: string; primary?: boolean }[]> = {
  proposed: [
    { to: 'accepted', label: 'Accept', primary: true },
    { to: 'rejected', label: 'Reject' },
  ],
  accepted: [
    { to: 'in_progress', label: 'Start', primary: true },
    { to: 'rejected', label: 'Reject' },
  ],
  in_progress: [
    { to: 'done', label: 'Done', primary: true },
    { to: 'accepted', label: 'Back to accepted' },
  ],
  rejected: [{ to: 'proposed', label: 'Reconsider' }],
  done: [{ to: 'in_progress', label: 'Reopen' }],
};

const KIND_TONE: Record<Target['kind'], string> = {
  new_content: 'ok',
  refresh: 'info',
  merge: 'warn',
  internal_link: 'muted',
};

/**
 * The card whose status was just changed by its own button: it reappears in another column (a new element),
 * so it takes the keyboard focus back there rather than leaving it on the page body.
 */
let movedCard: number | null = null;

export function TargetCard({
  target,
  siteId,
  onChanged,
  onDeleted,
}: {
  target: Target;
  siteId: number;
  onChanged: (t: Target) => void;
  onDeleted: (id: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const move = useAction((status: TargetStatus) => call('targets.update', { target_id: target.id, status }));
  const remove = useAction(async (id: number) => {
    await call('targets.delete', { target_id: id });
    return true;
  });
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (movedCard !== target.id) return;
    movedCard = null;
    card.current?.focus();
  }, [target.id, target.status]);
  const go = async (to: TargetStatus) => {
    const updated = await move.run(to);
    if (!updated) return;
    movedCard = target.id;
    onChanged(updated);
  };
  const deleteTarget = async () => {
    // A rejected target is what keeps its topic out of later expands and rebuilds.
    const warning =
      target.status === 'rejected'
        ? ' Expand and rebuild may then propose it again; leave it rejected to keep it out.'
        : '';
    if (!window.confirm(`Delete the target “${target.title}”?${warning}`)) return;
    if (await remove.run(target.id)) onDeleted(target.id);
  };
  const detailsId = `target-${target.id}-details`;
  // A rationale opens with what the target is about (for a generated one, its topic and how close): shown on the
  // card, so a column of 25 cards can be scanned by topic without opening each.
  const lead = leadSentence(target.rationale);
  return (
    <article
      ref={card}
      tabIndex={-1}
      className="target-card"
      data-target-id={target.id}
      aria-label={target.title}
    >
      {/* The badges wrap among themselves; the score and "Why?" keep their place at the right of the first line. */}
      <div className="target-top">
        <span className="target-badges">
          <Badge tone={KIND_TONE[target.kind]}>{words(target.kind)}</Badge>
          {target.evidence?.stale && <Badge tone="bad">page gone</Badge>}
          {target.source === 'manual' && <Badge tone="muted">manual</Badge>}
        </span>
        <span className="target-score" title="Priority score">
          {fmtScore(target.score)}
        </span>
      </div>
      <h3 className="target-title">{target.title}</h3>
      {target.query && <p className="target-query muted">“{target.query}”</p>}
      {lead && <p className="target-lead muted">{lead}</p>}
      <div className="target-actions">
        <span className="target-moves">
          {MOVES[target.status].map((m) => (
            <button
              key={m.to}
              type="button"
              className={`btn btn-small ${m.primary ? 'btn-primary' : ''}`}
              disabled={move.busy}
              onClick={() => void go(m.to)}
            >
              {m.label}
            </button>
          ))}
        </span>
        <button
          type="button"
          className="btn btn-small btn-link target-why"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide' : 'Why?'}
        </button>
      </div>
      <ErrorNotice error={move.error} />
      <ErrorNotice error={remove.error} />
      {open && (
        <div id={detailsId} className="target-details">
          <p className="pre-line">{target.rationale || 'No rationale recorded.'}</p>
          {target.evidence && <Evidence evidence={target.evidence} siteId={siteId} />}
          {target.notes && (
            <p className="pre-line small">
              <strong>Notes:</strong> {target.notes}
            </p>
          )}
          <p className="muted small">
            {words(target.source)} · created {fmtDate(target.created_at)}
          </p>
          <button
            type="button"
            className="btn btn-small btn-danger"
            disabled={remove.busy}
            onClick={() => void deleteTarget()}
          >
            Delete target
          </button>
        </div>
      )}
    </article>
  );
}

function Evidence({ evidence, siteId }: { evidence: TargetEvidence; siteId: number }) {
  const scores = Object.entries(evidence.scores);
  return (
    <div className="evidence">
      <p className="small">
        <strong>Evidence:</strong> {words(evidence.origin)}{' '}
        <span className="muted">(computed {fmtDate(evidence.computed_at)})</span>
      </p>
      {evidence.pages.length > 0 && (
        <ul className="evidence-pages">
          {evidence.pages.map((p) => (
            <li key={`${p.role}-${p.id}`}>
              <Badge tone="muted">{words(p.role)}</Badge>{' '}
              <a href={links.page(siteId, p.id)} title={p.url}>
                {p.title?.trim() || shortUrl(p.url)}
              </a>
              <span className="muted small">
                {' '}
                {p.score !== null ? `similarity ${fmtScore(p.score)} · ` : ''}
                {fmtCount(p.word_count, 'word')} · {fmtCount(p.inlinks, 'inlink')}
                {p.gsc ? ` · ${fmtCount(p.gsc.clicks, 'click')}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      {scores.length > 0 && (
        <dl className="evidence-scores">
          {scores.map(([k, v]) => (
            <div key={k}>
              <dt>{words(k)}</dt>
              <dd>{Number.isInteger(v) ? fmtInt(v) : fmtScore(v)}</dd>
            </div>
          ))}
        </dl>
      )}
      {evidence.gsc && (
        <p className="small">
          Search Console: {fmtCount(evidence.gsc.clicks, 'click')},{' '}
          {fmtCount(evidence.gsc.impressions, 'impression')}, position {evidence.gsc.position.toFixed(1)}
          {evidence.gsc.recent_clicks !== undefined && evidence.gsc.previous_clicks !== undefined
            ? ` (last 28 days ${fmtInt(evidence.gsc.recent_clicks)} vs ${fmtInt(evidence.gsc.previous_clicks)} before)`
            : ''}
        </p>
      )}
    </div>
  );
}

/** A text's first sentence (to its first full stop followed by a space), or the whole of a short text. */
function leadSentence(text: string): string {
  const end = text.search(/[.!?](\s|$)/);
  return end < 0 ? text.trim() : text.slice(0, end + 1).trim();
}
