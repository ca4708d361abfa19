/**
 * Which second-stage scorer an analysis runs: the specificity-weighted passage score by default, or a
 * cross-encoder when the settings name a model folder. Both score candidate pairs in slices, so the job can
 * report progress and the API stays responsive between slices; the run records the scorer's name.
 */
import { CrossEncoder, missingCrossEncoderFiles } from '../../adapters/cross-encoder.js';
import type { Store } from '../../store/index.js';
import { ValidationError } from '../errors.js';
import { RERANKER_NAME, mapRaw } from './reranker.js';
import {
  combine,
  directions,
  type Direction,
  type PagePassages,
  type PassageMatch,
} from './specific-overlap.js';

export interface ScoredPair {
  score: number;
  /** The passages that matched and how much each counted (none from a cross-encoder, which reads whole texts). */
  evidence: PassageMatch[];
}

export interface ScoreContext {
  signal: AbortSignal;
  progress(done: number, total: number): void;
}

export interface PairScorer {
  readonly name: string;
  /** A score for each pair, in order; yields to the event loop between slices of work. */
  scoreAll(pairs: readonly [number, number][], ctx: ScoreContext): Promise<ScoredPair[]>;
  close(): Promise<void>;
}

/** Characters of a page a cross-encoder reads (its window is ~512 tokens; more is truncated anyway). */
const TEXT_CHARS = 2_500;
/** Pages (passage scorer) or pairs (cross-encoder) between two yields to the event loop. */
const SLICE = 200;

/**
 * Pages whose passage vectors are kept while their candidates are scored. Pages are visited in id order and most
 * candidates are near neighbours, so a bounded cache keeps nearly every hit while memory stays flat.
 */
const PASSAGE_CACHE_PAGES = 20_000;

const yieldToLoop = () => new Promise((r) => setImmediate(r));

/** Each page's candidate partners, both ways. */
export function partnersOf(pairs: readonly (readonly [number, number])[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  const add = (a: number, b: number) => {
    const list = out.get(a);
    if (list) list.push(b);
    else out.set(a, [b]);
  };
  for (const [a, b] of pairs) {
    add(a, b);
    add(b, a);
  }
  return out;
}

/** The specificity-weighted passage score (specific-overlap.ts): each page's candidates are its rivals. */
export function passageScorer(store: Store): PairScorer {
  const cache = new Map<number, PagePassages>();
  const passagesOf = (id: number): PagePassages => {
    let v = cache.get(id);
    if (!v) {
      if (cache.size >= PASSAGE_CACHE_PAGES) cache.delete(cache.keys().next().value!);
      const rows = store.similarity.passageVectors(id);
      cache.set(id, (v = { id, passageIds: rows.map((r) => r.id), vectors: rows.map((r) => r.vector) }));
    }
    return v;
  };
  return {
    name: RERANKER_NAME,
    async scoreAll(pairs, ctx) {
      const partners = new Map<number, number[]>();
      for (const [a, b] of pairs) {
        partners.set(a, [...(partners.get(a) ?? []), b]);
        partners.set(b, [...(partners.get(b) ?? []), a]);
      }
      // Each page's directional score to each of its partners, keyed `from:to`.
      const dir = new Map<string, Direction>();
      const pages = [...partners.keys()].sort((x, y) => x - y);
      for (let start = 0; start < pages.length; start += SLICE) {
        ctx.signal.throwIfAborted();
        ctx.progress(start, pages.length);
        await yieldToLoop();
        for (const id of pages.slice(start, start + SLICE)) {
          const others = partners.get(id)!;
          directions(passagesOf(id), others.map(passagesOf)).forEach((d, j) =>
            dir.set(`${id}:${others[j]}`, d),
          );
        }
      }
      ctx.progress(pages.length, pages.length);
      return pairs.map(([a, b]) => {
        const { raw, evidence } = combine(dir.get(`${a}:${b}`)!, dir.get(`${b}:${a}`)!);
        return { score: mapRaw(raw), evidence };
      });
    },
    close: async () => cache.clear(),
  };
}

export async function crossEncoderScorer(store: Store, dir: string): Promise<PairScorer> {
  const encoder = await CrossEncoder.load(dir);
  const texts = new Map<number, string>();
  const textOf = (id: number) => {
    let t = texts.get(id);
    if (t === undefined) texts.set(id, (t = store.similarity.pageText(id, TEXT_CHARS)));
    return t;
  };
  return {
    name: encoder.name,
    async scoreAll(pairs, ctx) {
      const out: ScoredPair[] = [];
      for (let start = 0; start < pairs.length; start += SLICE) {
        ctx.signal.throwIfAborted();
        ctx.progress(start, pairs.length);
        await yieldToLoop();
        const slice = pairs.slice(start, start + SLICE);
        const scores = await encoder.score(slice.map(([a, b]) => [textOf(a), textOf(b)]));
        out.push(...scores.map((score) => ({ score, evidence: [] })));
      }
      return out;
    },
    close: () => encoder.close(),
  };
}

/** Checks a cross-encoder folder the way the analysis will load it, for the settings route. */
export function checkCrossEncoderDir(dir: string | null | undefined): void {
  if (!dir) return;
  const missing = missingCrossEncoderFiles(dir);
  if (missing.length)
    throw new ValidationError(`The cross-encoder folder ${dir} lacks ${missing.join(', ')}.`, [
      { path: 'similarity_cross_encoder_dir', message: `missing ${missing.join(', ')}` },
    ]);
}
