/**
 * One pair of the similarity list in detail: its two pages and scores, the verdict (the rule that decided the
 * outcome, the page to keep and why, the links the pages already have), and "Why these pages", the passage
 * matches that counted most, A beside B, each with its cosine and its part of the score; matches that many
 * pages share (template text) are muted, since they counted for little. Passages and the verdict's sentences
 * name crawled URLs: they are rendered as text nodes only.
 */
import { useEffect, useRef } from 'react';
import type { Pair } from '../api/types.js';
import { Badge } from '../components/controls.js';
import { PageName } from '../components/page-title.js';
import {
  keepSide,
  KEEP_LABEL,
  linksText,
  OUTCOME_MEANING,
  SCORE_MEANING,
  scoresLine,
  verdictText,
} from './pair-verdict-text.js';
import {
  emptyEvidenceNote,
  evidenceMatches,
  evidenceSummary,
  matchTitle,
  type EvidenceMatch,
} from './pair-evidence-text.js';

/** Outcome badge tones, shared with the pair table. */
export const OUTCOME_TONE: Record<Pair['outcome'], string> = {
  duplicate: 'bad',
  merge: 'warn',
  related: 'info',
};

export function PairDetail({
  pair,
  whyOpen,
  onWhyToggle,
}: {
  pair: Pair | undefined;
  whyOpen: boolean;
  onWhyToggle: (open: boolean) => void;
}) {
  const ref = useRef<HTMLElement>(null);
  // A new pair starts at its top, not where the last one was scrolled to.
  useEffect(() => {
    ref.current?.scrollTo({ top: 0 });
  }, [pair?.id]);
  if (!pair)
    return (
      <section className="panel pair-detail" aria-label="Pair details">
        <p className="muted small">
          Choose a pair (click it, or select it with the arrows and press Enter) to see why its pages were
          paired.
        </p>
      </section>
    );
  return (
    <section
      ref={ref}
      className={`panel pair-detail ${whyOpen && pair.evidence.length ? 'has-evidence' : ''}`}
      aria-label="Pair details"
    >
      <header className="pair-detail-head" aria-live="polite">
        <div className="pair-detail-pages">
          <span className="pair-side">A</span>
          <PageName page={pair.page_a} />
          <span className="pair-arrow" aria-hidden="true">
            ↔
          </span>
          <span className="pair-side">B</span>
          <PageName page={pair.page_b} />
        </div>
        <p className="pair-detail-scores small muted">
          <Badge tone={OUTCOME_TONE[pair.outcome]}>{pair.outcome}</Badge>{' '}
          <span title={`${SCORE_MEANING.reranker} ${SCORE_MEANING.cosine} ${SCORE_MEANING.jaccard}`}>
            {scoresLine(pair)}
          </span>
        </p>
      </header>
      <PairVerdict pair={pair} />
      <details
        className="pair-why"
        open={whyOpen}
        onToggle={(e) => onWhyToggle((e.currentTarget as HTMLDetailsElement).open)}
      >
        <summary>
          <span className="pair-why-title">Why these pages</span>
          <span className="pair-why-summary"> · {evidenceSummary(pair)}</span>
        </summary>
        <WhyThesePages pair={pair} />
      </details>
    </section>
  );
}

/** The outcome in words, the rule that decided it, the page to keep and the links already there. */
function PairVerdict({ pair }: { pair: Pair }) {
  const verdict = verdictText(pair);
  const side = keepSide(pair);
  return (
    <dl className="pair-verdict small">
      <dt>Outcome</dt>
      <dd>{OUTCOME_MEANING[pair.outcome]}</dd>
      <dt>Why</dt>
      <dd>
        <strong>{verdict.label}.</strong> {verdict.detail}
      </dd>
      {pair.keep && side && (
        <>
          <dt>Keep</dt>
          <dd className="pair-keep">
            <strong>
              {side}, {KEEP_LABEL[pair.keep.reason]}.
            </strong>{' '}
            {pair.keep.detail}
          </dd>
        </>
      )}
      <dt>Links</dt>
      <dd>{linksText(pair.links)}.</dd>
    </dl>
  );
}

function WhyThesePages({ pair }: { pair: Pair }) {
  const note = emptyEvidenceNote(pair);
  if (note) return <p className={`pair-why-empty small is-${note.kind}`}>{note.detail}</p>;
  const matches = evidenceMatches(pair.evidence);
  return (
    <>
      <p className="muted small pair-why-lede">
        “Counted” is each match’s part of a full passage score. Text that many other pages match as well is
        template text: it counts for little.
      </p>
      <div className="evidence-match evidence-match-head" aria-hidden="true">
        <span>Page A</span>
        <span />
        <span>Page B</span>
      </div>
      <ol className="evidence-matches" aria-label="Passage matches">
        {matches.map((m) => (
          <MatchRow key={m.key} match={m} />
        ))}
      </ol>
    </>
  );
}

function MatchRow({ match: m }: { match: EvidenceMatch }) {
  return (
    <li className={`evidence-match ${m.template ? 'is-template' : ''}`}>
      <blockquote className="passage" aria-label="Passage of page A">
        {m.a.text}
      </blockquote>
      <div className="match-figures" title={matchTitle(m)}>
        <span className="match-cosine">
          <span aria-hidden="true">↔</span> cosine {m.cosine}
        </span>
        <span className="match-share">
          <span className="bar-track" aria-hidden="true">
            <span
              className={`bar-fill ${m.template ? 'tone-muted' : 'tone-info'}`}
              style={{ width: `${m.share * 100}%` }}
            />
          </span>
          <span>counted {m.shareText}</span>
        </span>
        {m.template && <Badge>template text</Badge>}
        <span className="match-specificity">{m.specificity}</span>
      </div>
      <blockquote className="passage" aria-label="Passage of page B">
        {m.b.text}
      </blockquote>
    </li>
  );
}
