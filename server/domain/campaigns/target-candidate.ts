/**
 * The shapes target generation works with, and the contract of a target source: each kind of target has one
 * source that both proposes candidates (expand, rebuild) and re-judges an existing target from current data
 * (refresh, and manual targets), so a target's score always means the same thing however it was made.
 */
import type { EvidenceOrigin, TargetEvidence, TargetKind } from '../../schemas/targets.js';
import type { SiteSignals } from './site-signals.js';

/** What identifies a target's work: enough to judge it again later. */
export interface TargetIdentity {
  kind: TargetKind;
  title: string;
  query: string | null;
  page_id: number | null;
  related_page_ids: number[];
  origin: EvidenceOrigin;
}

export interface Assessment {
  /** Priority in [0, 1], rounded to 3 decimals so equal data gives equal scores. */
  score: number;
  rationale: string;
  evidence: TargetEvidence;
}

/**
 * A proposed target. `subject` is what it is about without the kind's wording — the page's heading for a page
 * target, the topic for new content — which is what de-duplication embeds: titles made from one template
 * share most of their words, so their embeddings would compare the template rather than the topic.
 */
export type Candidate = TargetIdentity & Assessment & { subject: string };

export interface TargetSource {
  kind: TargetKind;
  /** Candidates from the site's current data, best first. */
  generate(signals: SiteSignals, signal: AbortSignal): Promise<Candidate[]>;
  /** Judges a target again; `previous` is its last evidence (for pages that have since gone). */
  assess(signals: SiteSignals, target: TargetIdentity, previous: TargetEvidence | null): Promise<Assessment>;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Best first; equal scores in a fixed (locale-free) order so the same data always yields the same list. */
export function byScore(a: Candidate, b: Candidate): number {
  return (
    b.score - a.score ||
    (a.page_id ?? 0) - (b.page_id ?? 0) ||
    cmp(a.title, b.title) ||
    cmp(a.related_page_ids.join(','), b.related_page_ids.join(','))
  );
}
