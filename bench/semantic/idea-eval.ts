/**
 * Idea-check calibration on labelled ideas (test/fixtures/semantic-eval/ideas-<corpus>.json: analysts' phrasings
 * of topics the site covers, touches or lacks, each with the pages and the reason). Every idea is checked with
 * and without the corpus's persona; the two thresholds are chosen on two thirds of the ideas (every idea whose
 * index in its file is not 2 mod 3) and the three-level verdict's accuracy is reported on the held-out third.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from './judgements.js';
import type { PreparedCorpus } from './prepare-corpus.js';

export const VERDICTS = ['covered', 'partially_covered', 'new'] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface LabelledIdea {
  idea: string;
  verdict: Verdict;
  pages: string[];
  reason: string;
}

export interface ScoredIdea extends LabelledIdea {
  corpus: string;
  held_out: boolean;
  plain: { score: number; verdict: Verdict; top: string | null };
  persona: { score: number; verdict: Verdict; top: string | null; embedded_score: number };
}

/** Who the analyst writes for, prepended to every idea in the persona run. */
export const PERSONAS: Record<string, string> = {
  python:
    'I run the blog of a coding bootcamp. Our readers are career changers learning their first programming language.',
  postgres:
    "I write for a SaaS company's engineering blog; our readers are backend developers who run PostgreSQL in production.",
  handbook:
    'I manage content for a hosting company; our readers are small-business administrators running Debian servers.',
};

export function loadIdeas(corpus: string): LabelledIdea[] {
  const file = join(FIXTURES_DIR, `ideas-${corpus}.json`);
  if (!existsSync(file)) return [];
  return JSON.parse(readFileSync(file, 'utf8')) as LabelledIdea[];
}

export async function scoreIdeas(p: PreparedCorpus): Promise<ScoredIdea[]> {
  const out: ScoredIdea[] = [];
  const ideas = loadIdeas(p.corpus.name);
  for (const [i, idea] of ideas.entries()) {
    const check = async (persona?: string) => {
      const r = await p.t.services.embeddings.checkIdea({
        idea: idea.idea,
        site_id: p.siteId,
        k: 5,
        ...(persona ? { persona_context: persona } : {}),
      });
      const top = r.matches[0]?.page.url;
      return {
        score: r.score,
        verdict: r.verdict,
        top: top ? new URL(top).pathname : null,
        // With a persona: the score of the embedded text (persona and idea), which the verdict leaves out.
        embedded_score: r.persona_score ?? r.score,
      };
    };
    out.push({
      ...idea,
      corpus: p.corpus.name,
      held_out: i % 3 === 2,
      plain: await check(),
      persona: await check(PERSONAS[p.corpus.name]),
    });
  }
  return out;
}

const verdictOf = (score: number, covered: number, partly: number): Verdict =>
  score >= covered ? 'covered' : score >= partly ? 'partially_covered' : 'new';

export function accuracy(
  ideas: ScoredIdea[],
  mode: 'plain' | 'persona',
  covered: number,
  partly: number,
): number {
  if (!ideas.length) return 0;
  return ideas.filter((x) => verdictOf(x[mode].score, covered, partly) === x.verdict).length / ideas.length;
}

/** How far the persona moves the best passage score of the embedded text, mean and largest (absolute). */
export function personaShift(ideas: ScoredIdea[]): { mean: number; max: number } {
  const d = ideas.map((x) => Math.abs(x.persona.embedded_score - x.plain.score));
  return { mean: d.reduce((a, b) => a + b, 0) / Math.max(1, d.length), max: Math.max(0, ...d) };
}

/** Accuracy of the verdicts the service gave (its current settings). */
export const serviceAccuracy = (ideas: ScoredIdea[], mode: 'plain' | 'persona') =>
  ideas.length ? ideas.filter((x) => x[mode].verdict === x.verdict).length / ideas.length : 0;

/**
 * `partially_covered` narrower than this would hardly ever be answered: the calibration keeps the verdict a
 * real one rather than trading it for a point of accuracy.
 */
export const MIN_PARTIAL_BAND = 0.05;

/**
 * The pair of thresholds with the best mean accuracy over both modes on `ideas` (with the partial band at least
 * MIN_PARTIAL_BAND wide); among equals, the middle one (so a threshold is not set on the edge of one idea's score).
 */
export function calibrate(ideas: ScoredIdea[]): { covered: number; partly: number; accuracy: number } {
  let best = { covered: 0, partly: 0, accuracy: -1 };
  const ties: { covered: number; partly: number }[] = [];
  for (let c = 0.3; c <= 0.95; c += 0.005) {
    for (let p = 0.2; p <= c - MIN_PARTIAL_BAND + 1e-9; p += 0.005) {
      const acc = (accuracy(ideas, 'plain', c, p) + accuracy(ideas, 'persona', c, p)) / 2;
      if (acc > best.accuracy + 1e-9) {
        best = { covered: c, partly: p, accuracy: acc };
        ties.length = 0;
      }
      if (Math.abs(acc - best.accuracy) <= 1e-9) ties.push({ covered: c, partly: p });
    }
  }
  const mid = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)]!;
  };
  const covered = mid(ties.map((t) => t.covered));
  const partly = mid(ties.filter((t) => Math.abs(t.covered - covered) < 1e-9).map((t) => t.partly));
  return { covered: round(covered), partly: round(partly), accuracy: best.accuracy };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
