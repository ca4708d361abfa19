/**
 * The embedding worker thread: loads the local MiniLM model through transformers.js (never from the network),
 * splits documents into token-bounded passages (tokenising each sentence once) and runs the encoder over them in
 * length-ordered runs (encoder-batches.ts), so the HTTP event loop never waits on inference.
 */
import { parentPort } from 'node:worker_threads';
import {
  AutoModel,
  AutoTokenizer,
  env,
  type PreTrainedModel,
  type PreTrainedTokenizer,
} from '@huggingface/transformers';
import type {
  CloseRequest,
  DocOutput,
  InitMessage,
  WorkerRequest,
  WorkerResponse,
} from './embedder-protocol.js';
import { encodeTexts, VectorCache, type RunEncoder } from './encoder-batches.js';
import { encoderRun } from './encoder-run.js';
import { splitPassages, type Passage } from './passage-splitter.js';

const port = parentPort!;
let model: PreTrainedModel;
let tokenizer: PreTrainedTokenizer;
let config: InitMessage;
let specials: { cls: number; sep: number };
let dim = 0;
let run: RunEncoder;
let queue: Promise<void> = Promise.resolve();
/** ~6 MB of recent vectors: text repeated across a site's pages (footers, notices, shared intros) runs once. */
const recent = new VectorCache(4096);
let closing = false;

const post = (msg: WorkerResponse, transfer: ArrayBuffer[] = []) => port.postMessage(msg, transfer);

async function init(msg: InitMessage): Promise<void> {
  config = msg;
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = msg.modelsDir.endsWith('/') ? msg.modelsDir : `${msg.modelsDir}/`;
  const started = performance.now();
  model = await AutoModel.from_pretrained(msg.modelName, { dtype: msg.dtype, device: 'cpu' });
  run = encoderRun(model);
  // The width pools the hidden states; MiniLM's is 384.
  dim = (model.config as { hidden_size?: number }).hidden_size ?? 384;
  tokenizer = await AutoTokenizer.from_pretrained(msg.modelName);
  const [cls, sep] = tokenizer.encode('');
  specials = { cls: cls!, sep: sep! };
  await embed([encode('warm up')]);
  post({ type: 'ready', dim, loadMs: Math.round(performance.now() - started) });
}

const encode = (text: string) => tokenizer.encode(text, { add_special_tokens: false });

/** Requests that go between the runs of the request in progress (a search's query), oldest first. */
const urgent: (() => Promise<void>)[] = [];

async function runUrgent(): Promise<void> {
  while (urgent.length) await urgent.shift()!();
}

/** Vectors for tokenised texts (row i for text i); equal word pieces are embedded once. */
function embed(texts: number[][], cache: VectorCache | undefined = recent): Promise<Float32Array> {
  return encodeTexts(texts, run, {
    ...specials,
    dim,
    // int8 activations are scaled per run: one text a run keeps a text's vector independent of its batch.
    maxTexts: config.dtype === 'q8' ? 1 : config.batchSize,
    maxTokens: config.batchSize * config.maxTokens,
    // A close waits for the run in progress, not for the rest of a large request: on a slow or busy machine a
    // whole request can outlast the close's grace period, and terminating mid-inference aborts.
    stopped: () => closing,
    cache,
    between: runUrgent,
  });
}

/** A doc's lead: its first `lead` word pieces, across passages, as one text. */
function leadOf(passages: Passage[], lead: number): Passage[] {
  if (!passages.length) return [];
  const ids: number[] = [];
  const texts: string[] = [];
  for (const p of passages) {
    if (ids.length >= lead) break;
    ids.push(...p.ids.slice(0, lead - ids.length));
    texts.push(p.text);
  }
  return [{ text: texts.join(' '), ids }];
}

async function embedDocs(docs: { title: string; body: string }[], lead?: number): Promise<DocOutput[]> {
  // Budget for [CLS] and [SEP].
  const limit = config.maxTokens - 2;
  const split = docs.map((d) => {
    const passages = splitPassages(d.body, limit, encode);
    return lead === undefined ? passages : leadOf(passages, lead);
  });
  const texts: number[][] = [];
  docs.forEach((d, i) => {
    if (d.title.trim()) texts.push(encode(d.title).slice(0, limit));
    for (const p of split[i]!) texts.push(p.ids);
  });
  // Leads are not kept: a page's lead is rarely one of its passages, and a thousand of them would push out the
  // text that recurs.
  const vectors = await embed(texts, lead === undefined ? recent : undefined);
  let row = 0;
  return docs.map((d, i) => {
    const titleVector = d.title.trim() ? vectors.slice(row * dim, ++row * dim) : null;
    const n = split[i]!.length;
    const passageVectors = vectors.slice(row * dim, (row + n) * dim);
    row += n;
    return { passages: split[i]!.map((p) => p.text), passageVectors, titleVector };
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
      await model?.dispose();
      post({ type: 'closed' });
      port.close();
    });
    return;
  }
  const work = async () => {
    if (closing) throw new Error('the embedder is closing');
    if (msg.type === 'texts') {
      const limit = config.maxTokens - 2;
      const vectors = await embed(msg.texts.map((t) => encode(t).slice(0, limit)));
      post({ type: 'texts', id: msg.id, vectors }, [vectors.buffer as ArrayBuffer]);
    } else {
      const docs = await embedDocs(msg.docs, msg.lead);
      const transfer = docs.flatMap((d) => [
        d.passageVectors.buffer,
        ...(d.titleVector ? [d.titleVector.buffer] : []),
      ]);
      post({ type: 'docs', id: msg.id, docs }, transfer as ArrayBuffer[]);
    }
  };
  // One request at a time: inference already uses every core, interleaving would only add padding and memory. An
  // urgent one also goes between the runs of the request in progress; whichever way reaches it first runs it.
  let started = false;
  const once = async () => {
    if (started) return;
    started = true;
    await work().catch((err: Error) => post({ type: 'error', id: msg.id, message: err.message }));
  };
  if (msg.urgent) urgent.push(once);
  queue = queue.then(once);
});
