/**
 * The embedding worker thread: loads the local MiniLM model through transformers.js (never from the network),
 * splits documents into token-bounded passages and embeds them in length-sorted batches, so the HTTP event
 * loop never waits on inference and padding is kept small.
 */
import { parentPort } from 'node:worker_threads';
import {
  AutoTokenizer,
  env,
  pipeline,
  type FeatureExtractionPipeline,
  type PreTrainedTokenizer,
} from '@huggingface/transformers';
import type {
  CloseRequest,
  DocOutput,
  InitMessage,
  WorkerRequest,
  WorkerResponse,
} from './embedder-protocol.js';
import { splitPassages } from './passage-splitter.js';

const port = parentPort!;
let extractor: FeatureExtractionPipeline;
let tokenizer: PreTrainedTokenizer;
let config: InitMessage;
let dim = 0;
let queue: Promise<void> = Promise.resolve();
let closing = false;

const post = (msg: WorkerResponse, transfer: ArrayBuffer[] = []) => port.postMessage(msg, transfer);

async function init(msg: InitMessage): Promise<void> {
  config = msg;
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = msg.modelsDir.endsWith('/') ? msg.modelsDir : `${msg.modelsDir}/`;
  const started = performance.now();
  extractor = await pipeline('feature-extraction', msg.modelName, { dtype: msg.dtype, device: 'cpu' });
  tokenizer = await AutoTokenizer.from_pretrained(msg.modelName);
  dim = (await embed(['warm up'])).length;
  post({ type: 'ready', dim, loadMs: Math.round(performance.now() - started) });
}

const countTokens = (text: string) => tokenizer.encode(text, { add_special_tokens: false }).length;

/** Embeds texts in batches sorted by length (less padding), returning rows in the caller's order. */
async function embed(texts: string[]): Promise<Float32Array> {
  const width = dim || 384;
  const out = new Float32Array(texts.length * width);
  const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length);
  for (let start = 0; start < order.length; start += config.batchSize) {
    // A close waits for the inference running now, not for the rest of a large request: on a slow or busy
    // machine a whole request can outlast the close's grace period, and terminating mid-inference aborts.
    if (closing) throw new Error('the embedder is closing');
    const idx = order.slice(start, start + config.batchSize);
    const tensor = await extractor(
      idx.map((i) => texts[i]!),
      { pooling: 'mean', normalize: true },
    );
    const data = tensor.data as Float32Array;
    const rowWidth = data.length / idx.length;
    if (!dim) dim = rowWidth;
    idx.forEach((row, k) => out.set(data.subarray(k * rowWidth, (k + 1) * rowWidth), row * rowWidth));
  }
  return out;
}

async function embedDocs(docs: { title: string; body: string }[]): Promise<DocOutput[]> {
  // Budget for [CLS] and [SEP].
  const limit = config.maxTokens - 2;
  const split = docs.map((d) => splitPassages(d.body, limit, countTokens));
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

port.on('message', (msg: InitMessage | WorkerRequest | CloseRequest) => {
  if (msg.type === 'init') {
    init(msg).catch((err: Error) => post({ type: 'init-error', message: err.message }));
    return;
  }
  if (msg.type === 'close') {
    closing = true;
    // Queued requests see `closing` and return at once; the one running stops after its current inference.
    void queue.then(async () => {
      await extractor?.dispose();
      post({ type: 'closed' });
      port.close();
    });
    return;
  }
  const run = async () => {
    if (closing) throw new Error('the embedder is closing');
    if (msg.type === 'texts') {
      const vectors = await embed(msg.texts);
      post({ type: 'texts', id: msg.id, vectors }, [vectors.buffer as ArrayBuffer]);
    } else {
      const docs = await embedDocs(msg.docs);
      const transfer = docs.flatMap((d) => [
        d.passageVectors.buffer,
        ...(d.titleVector ? [d.titleVector.buffer] : []),
      ]);
      post({ type: 'docs', id: msg.id, docs }, transfer as ArrayBuffer[]);
    }
  };
  // One request at a time: inference already uses every core, interleaving would only add padding and memory.
  queue = queue.then(run).catch((err: Error) => post({ type: 'error', id: msg.id, message: err.message }));
});
