/**
 * A cross-encoder reranker loaded from a local model folder laid out as transformers.js expects (`config.json`,
 * `tokenizer.json`, `onnx/model.onnx`): each pair of texts is read together and scored by the model's
 * sequence-classification head. One logit is read through a sigmoid; two or more through a softmax, taking the
 * last class ("same"/"relevant" in the usual checkpoints). Never downloads: remote models are off.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join } from 'node:path';
import {
  AutoModelForSequenceClassification,
  AutoTokenizer,
  env,
  type PreTrainedModel,
  type PreTrainedTokenizer,
  type Tensor,
} from '@huggingface/transformers';

/** The files a folder must hold; the settings route checks them before accepting a folder. */
export const CROSS_ENCODER_FILES = ['config.json', 'tokenizer.json', join('onnx', 'model.onnx')];

export function missingCrossEncoderFiles(dir: string): string[] {
  if (!isAbsolute(dir)) return ['an absolute folder path'];
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return ['the folder itself'];
  return CROSS_ENCODER_FILES.filter((f) => !existsSync(join(dir, f)));
}

const BATCH = 16;

export class CrossEncoder {
  private constructor(
    readonly name: string,
    private readonly tokenizer: PreTrainedTokenizer,
    private readonly model: PreTrainedModel,
    private readonly maxLength: number,
  ) {}

  static async load(dir: string, maxLength = 512): Promise<CrossEncoder> {
    const missing = missingCrossEncoderFiles(dir);
    if (missing.length) throw new Error(`The cross-encoder folder ${dir} lacks ${missing.join(', ')}.`);
    // transformers.js resolves a model id under localModelPath; the embedder sets its own in its worker thread.
    env.allowRemoteModels = false;
    env.allowLocalModels = true;
    env.localModelPath = `${dirname(dir)}/`;
    const id = basename(dir);
    const tokenizer = await AutoTokenizer.from_pretrained(id);
    const model = await AutoModelForSequenceClassification.from_pretrained(id, {
      dtype: 'fp32',
      device: 'cpu',
    });
    return new CrossEncoder(`cross-encoder:${id}`, tokenizer, model, maxLength);
  }

  /** A score in [0, 1] for each pair, in order. */
  async score(pairs: [string, string][]): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < pairs.length; i += BATCH) {
      const batch = pairs.slice(i, i + BATCH);
      const inputs = this.tokenizer(
        batch.map((p) => p[0]),
        { text_pair: batch.map((p) => p[1]), padding: true, truncation: true, max_length: this.maxLength },
      );
      const { logits } = (await this.model(inputs)) as { logits: Tensor };
      const [rows, labels] = logits.dims as [number, number];
      const data = logits.data as Float32Array;
      for (let r = 0; r < rows; r++) out.push(probability(data.subarray(r * labels, (r + 1) * labels)));
    }
    return out;
  }

  async close(): Promise<void> {
    await this.model.dispose();
  }
}

/** Sigmoid of a single logit; otherwise the softmax probability of the last class. */
export function probability(logits: Float32Array): number {
  if (logits.length === 1) return 1 / (1 + Math.exp(-logits[0]!));
  const max = Math.max(...logits);
  let sum = 0;
  for (const l of logits) sum += Math.exp(l - max);
  return Math.exp(logits[logits.length - 1]! - max) / sum;
}
