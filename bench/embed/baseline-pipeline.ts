/**
 * The embedding pipeline as it was before the speed work (commit 728f662), kept for the benchmark to run on the
 * same texts in the same process: passages split by counting each sentence's word pieces, then tokenised again
 * by transformers.js' feature-extraction pipeline (fp32, mean pooling, normalised), batches of 32 texts sorted by
 * character length within each request of 32 pages.
 */
import { join } from 'node:path';
import { AutoTokenizer, env, pipeline, type PreTrainedTokenizer } from '@huggingface/transformers';
import { splitPassages } from '../../server/adapters/embedder/passage-splitter.js';
import { PROJECT_ROOT } from '../../server/version.js';

export interface EmbeddedDoc {
  passages: string[];
  passageVectors: Float32Array;
  titleVector: Float32Array | null;
}

export async function loadBaseline(dtype: 'fp32' | 'q8' = 'fp32') {
  env.allowRemoteModels = false;
  env.localModelPath = join(PROJECT_ROOT, 'resources', 'models') + '/';
  const extractor = await pipeline('feature-extraction', 'all-MiniLM-L6-v2', { dtype, device: 'cpu' });
  const tokenizer: PreTrainedTokenizer = await AutoTokenizer.from_pretrained('all-MiniLM-L6-v2');
  const count = (text: string) => tokenizer.encode(text, { add_special_tokens: false }).length;
  const dim = 384;

  async function embed(texts: string[]): Promise<Float32Array> {
    const out = new Float32Array(texts.length * dim);
    const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length);
    for (let start = 0; start < order.length; start += 32) {
      const idx = order.slice(start, start + 32);
      const tensor = await extractor(
        idx.map((i) => texts[i]!),
        { pooling: 'mean', normalize: true },
      );
      const data = tensor.data as Float32Array;
      idx.forEach((row, k) => out.set(data.subarray(k * dim, (k + 1) * dim), row * dim));
    }
    return out;
  }

  /** One request of the old worker: the docs' titles and passages, embedded together. */
  async function embedDocs(docs: { title: string; body: string }[]): Promise<EmbeddedDoc[]> {
    // The old splitter counted tokens; the new one keeps them (the same cut either way).
    const split = docs.map((d) =>
      splitPassages(d.body, 254, (s) => Array.from({ length: count(s) }, () => 0)).map((p) => p.text),
    );
    const all: string[] = [];
    docs.forEach((d, i) => {
      if (d.title.trim()) all.push(d.title);
      all.push(...split[i]!);
    });
    const vectors = await embed(all);
    let row = 0;
    return docs.map((d, i) => {
      const titleVector = d.title.trim() ? vectors.slice(row * dim, ++row * dim) : null;
      const n = split[i]!.length;
      const passageVectors = vectors.slice(row * dim, (row + n) * dim);
      row += n;
      return { passages: split[i]!, passageVectors, titleVector };
    });
  }

  /** A query as the search embeds it: its passages' mean, normalised (one passage for a question). */
  async function embedQuery(text: string): Promise<Float32Array> {
    return (await embed([text])).slice(0, dim);
  }

  return { embedDocs, embedQuery, tokenizer, close: () => extractor.dispose() };
}
