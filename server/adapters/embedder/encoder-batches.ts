/**
 * Turns tokenised texts into sentence vectors with as little wasted work as the model allows: each distinct
 * sequence of word pieces is run once (and one seen in a recent request not again), texts run in order of length
 * (so a batch pads by a word piece or two, not to its longest member), and mean pooling and L2 normalisation
 * happen here on the unpadded rows.
 *
 * A text's vector must not depend on what else is in its batch (the same page re-embedded must keep its vector).
 * fp32 meets that with padding: masked positions add exactly zero. The int8 model quantises each run's
 * activations with one scale for the whole input, so a batch would move every text's vector with its neighbours
 * (by up to 0.02, measured); it runs one text at a time, which costs nothing on these cores (a single text of
 * 150 word pieces runs faster per token than a batch of 32, measured in bench/embed.ts).
 */

/** Runs the encoder on a [batch, seq] block; returns last_hidden_state, [batch, seq, dim] row-major. */
export type RunEncoder = (
  inputIds: BigInt64Array,
  attentionMask: BigInt64Array,
  batch: number,
  seq: number,
) => Promise<Float32Array>;

export interface BatchOptions {
  /** Texts a run may hold: 1 for a model whose activation scales span the run. */
  maxTexts: number;
  /** Padded word pieces a run may hold (bounds the activations' memory). */
  maxTokens: number;
  /** [CLS] and [SEP]. */
  cls: number;
  sep: number;
  dim: number;
  /** Checked between runs: a close waits for one run, not for a whole request. */
  stopped?: () => boolean;
  /** Vectors of texts run before, consulted and filled: boilerplate recurs across requests. */
  cache?: VectorCache | undefined;
  /** Awaited before each run: lets urgent work (a search's query) go between the runs of a large request. */
  between?: () => Promise<void>;
}

/** The most recently stored `capacity` vectors by key. */
export class VectorCache {
  private readonly map = new Map<string, Float32Array>();
  constructor(private readonly capacity: number) {}

  get(key: string): Float32Array | undefined {
    const v = this.map.get(key);
    if (v) {
      // Recently used stays: boilerplate that keeps recurring is never the oldest.
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: string, vector: Float32Array): void {
    this.map.delete(key);
    this.map.set(key, vector);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value!);
  }
}

/** Runs of rows: rows sorted by length, cut when a run is full. */
export function planBatches(lengths: readonly number[], maxTexts: number, maxTokens: number): number[][] {
  const order = lengths.map((_, i) => i).sort((a, b) => lengths[a]! - lengths[b]! || a - b);
  const batches: number[][] = [];
  let current: number[] = [];
  for (const row of order) {
    // Sorted ascending, so this row is the run's longest: the run pads to it.
    if (current.length && (current.length >= maxTexts || (current.length + 1) * lengths[row]! > maxTokens)) {
      batches.push(current);
      current = [];
    }
    current.push(row);
  }
  if (current.length) batches.push(current);
  return batches;
}

/**
 * Vectors for `texts` (word pieces without specials), row i of the result for text i, each L2-normalised. Texts
 * are known by their word pieces, all the model reads: a title equal to a passage is run once.
 */
export async function encodeTexts(
  texts: readonly number[][],
  run: RunEncoder,
  opts: BatchOptions,
): Promise<Float32Array> {
  const { dim } = opts;
  const keys = texts.map((ids) => ids.join(','));
  const out = new Float32Array(texts.length * dim);
  const firstOf = new Map<string, number>();
  const unique: number[] = [];
  const source = texts.map((_, i) => {
    const cached = opts.cache?.get(keys[i]!);
    if (cached) {
      out.set(cached, i * dim);
      return -1;
    }
    const seen = firstOf.get(keys[i]!);
    if (seen !== undefined) return seen;
    firstOf.set(keys[i]!, unique.length);
    unique.push(i);
    return unique.length - 1;
  });
  const lengths = unique.map((i) => texts[i]!.length + 2);
  const vectors = new Float32Array(unique.length * dim);
  for (const batch of planBatches(lengths, opts.maxTexts, opts.maxTokens)) {
    await opts.between?.();
    if (opts.stopped?.()) throw new Error('the embedder is closing');
    const seq = lengths[batch.at(-1)!]!;
    const ids = new BigInt64Array(batch.length * seq);
    const mask = new BigInt64Array(batch.length * seq);
    batch.forEach((u, b) => {
      const pieces = texts[unique[u]!]!;
      const at = b * seq;
      ids[at] = BigInt(opts.cls);
      for (let k = 0; k < pieces.length; k++) ids[at + 1 + k] = BigInt(pieces[k]!);
      ids[at + 1 + pieces.length] = BigInt(opts.sep);
      mask.fill(1n, at, at + pieces.length + 2);
    });
    const hidden = await run(ids, mask, batch.length, seq);
    batch.forEach((u, b) => meanPoolInto(hidden, b * seq * dim, lengths[u]!, dim, vectors, u * dim));
  }
  unique.forEach((i, u) => opts.cache?.set(keys[i]!, vectors.slice(u * dim, (u + 1) * dim)));
  source.forEach((u, i) => {
    if (u >= 0) out.set(vectors.subarray(u * dim, (u + 1) * dim), i * dim);
  });
  return out;
}

/** The mean of `rows` token vectors starting at `from`, L2-normalised, written at `to`. */
function meanPoolInto(
  hidden: Float32Array,
  from: number,
  rows: number,
  dim: number,
  out: Float32Array,
  to: number,
): void {
  const sum = new Float64Array(dim);
  for (let r = 0; r < rows; r++) {
    const at = from + r * dim;
    for (let k = 0; k < dim; k++) sum[k]! += hidden[at + k]!;
  }
  let norm = 0;
  for (let k = 0; k < dim; k++) {
    sum[k]! /= rows;
    norm += sum[k]! * sum[k]!;
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let k = 0; k < dim; k++) out[to + k] = sum[k]! * scale;
}
