/**
 * Which second-stage scorer an analysis runs: the passage reranker by default, or a cross-encoder when the
 * settings name a model folder. Both score candidate pairs in slices, so the job can report progress and the
 * API stays responsive between slices; the run records the scorer's name.
 */
import { CrossEncoder, missingCrossEncoderFiles } from '../../adapters/cross-encoder.js';
import type { Store } from '../../store/index.js';
import { ValidationError } from '../errors.js';
import { RERANKER_NAME, passageReranker } from './reranker.js';

export interface PairScorer {
  readonly name: string;
  score(pairs: [number, number][]): Promise<number[]>;
  close(): Promise<void>;
}

/** Characters of a page a cross-encoder reads (its window is ~512 tokens; more is truncated anyway). */
const TEXT_CHARS = 2_500;

/**
 * Pages whose passage vectors are kept between pairs. Candidates arrive grouped by page (its k neighbours in a
 * row), so a bounded cache keeps nearly every hit while memory stays flat however large the site.
 */
const PASSAGE_CACHE_PAGES = 20_000;

export function passageScorer(store: Store): PairScorer {
  const cache = new Map<number, Float32Array[]>();
  const passagesOf = (id: number) => {
    let v = cache.get(id);
    if (!v) {
      if (cache.size >= PASSAGE_CACHE_PAGES) cache.delete(cache.keys().next().value!);
      cache.set(id, (v = store.similarity.passageVectors(id)));
    }
    return v;
  };
  return {
    name: RERANKER_NAME,
    score: async (pairs) => pairs.map(([a, b]) => passageReranker(passagesOf(a), passagesOf(b))),
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
    score: (pairs) => encoder.score(pairs.map(([a, b]) => [textOf(a), textOf(b)])),
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
