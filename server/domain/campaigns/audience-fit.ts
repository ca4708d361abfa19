/**
 * How close a target's pages read to the campaign's persona (its readers): it reorders targets, it never decides
 * which are proposed. Scope stays the topics' (topic-scope.ts): a persona prepended to a short topic outweighs
 * it, so persona and topic are compared with the pages separately.
 *
 * The fit is the cosine of the persona's embedding with the pages' vectors. Cosines of a sentence about people
 * with whole pages sit in a narrow band that depends on the model and the site (0.05–0.45 on the PostgreSQL
 * manual), so the fit is read against the campaign's own on-topic pages: its percentile among them turns into a
 * factor from {@link LOW} to 1 on the target's score (1 for the best suited, so scores stay in [0, 1] and a
 * campaign without a persona scores as before). Between two targets of equal relevance and value, the one that
 * reads closer to the persona comes first; no target is proposed or dropped for its readers.
 */
import { cosine } from '../embeddings/vectors.js';
import type { SiteSignals } from './site-signals.js';

/**
 * The factor on a score for the page furthest from the persona among the on-topic pages. Small on purpose: the
 * model reads a persona's subject well and its readers' level poorly (docs/benchmarks.md, "Campaigns stay on
 * their subject": "extension authors writing C" lifts the C-level WAL chapter, "beginners learning SQL" lifts
 * pages full of SQL, not the introduction), so it reorders targets of like value and never buries a strong one.
 */
export const LOW = 0.85;
/** Fewer on-topic pages than this say nothing of what suits the persona better. */
const MIN_BASIS = 5;

export interface Audience {
  /** Mean cosine of the persona with the pages' vectors. */
  fit: number;
  /** Share of the campaign's on-topic pages that fit the persona less, in [0, 1]. */
  percentile: number;
  /** What the score is multiplied by: {@link LOW} to 1. */
  factor: number;
}

export class AudienceFit {
  private persona: Float32Array | null | undefined;
  private basis: number[] | null = null;

  constructor(
    private readonly signals: SiteSignals,
    /** The campaign's on-topic pages, read once when a fit is first asked for. */
    private readonly onTopicPages: () => Promise<Iterable<number>>,
  ) {}

  private async personaVector(): Promise<Float32Array | null> {
    if (this.persona === undefined) {
      const text = this.signals.campaign.persona_context?.trim();
      this.persona = text ? await this.signals.embed(text) : null;
    }
    return this.persona;
  }

  private fitOf(persona: Float32Array, pageIds: number[]): number | null {
    const fits: number[] = [];
    for (const id of pageIds) {
      const v = this.signals.store.embeddings.pageVector(id);
      if (v) fits.push(cosine(persona, v));
    }
    return fits.length ? fits.reduce((s, x) => s + x, 0) / fits.length : null;
  }

  /** The pages' fit to the persona; null without a persona, embedded pages, or enough on-topic pages to compare. */
  async of(pageIds: number[]): Promise<Audience | null> {
    const persona = await this.personaVector();
    if (!persona || !pageIds.length) return null;
    if (!this.basis) {
      this.basis = [];
      for (const id of await this.onTopicPages()) {
        const f = this.fitOf(persona, [id]);
        if (f !== null) this.basis.push(f);
      }
      this.basis.sort((a, b) => a - b);
    }
    if (this.basis.length < MIN_BASIS) return null;
    const fit = this.fitOf(persona, pageIds);
    if (fit === null) return null;
    const below = this.basis.filter((b) => b < fit).length;
    const percentile = below / this.basis.length;
    return { fit, percentile, factor: LOW + (1 - LOW) * percentile };
  }
}

/** The rationale's sentence on the persona, after the topic's. */
export function audienceSentence(a: Audience | null | undefined): string | null {
  if (!a) return null;
  const pct = Math.round(a.percentile * 100);
  if (a.percentile >= 0.75)
    return `Readers: reads closer to the persona than most pages on its topics (top ${Math.max(1, 100 - pct)}%).`;
  if (a.percentile < 0.25)
    return `Readers: reads further from the persona than most pages on its topics (bottom ${Math.max(1, pct)}%).`;
  return null;
}
