/**
 * The main thread's handle on the embedding model: starts the worker lazily, queues requests, and turns worker
 * failures into errors the domain can act on.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type {
  CloseRequest,
  DocInput,
  DocOutput,
  EmbedDocsRequest,
  EmbedTextsRequest,
  InitMessage,
  WorkerResponse,
} from './embedder-protocol.js';

export interface EmbedderOptions {
  modelsDir: string;
  modelName: string;
  dtype: 'fp32' | 'q8';
  /** The model's maximum sequence length in word pieces (all-MiniLM-L6-v2: 256). */
  maxTokens?: number;
  batchSize?: number;
}

/** The model files are missing or failed to load; the message says how to build them. */
export class ModelUnavailableError extends Error {
  override name = 'ModelUnavailableError';
}

/**
 * The compiled worker is `embedder-worker.js` beside this file. Running from source (tests, tsx), it is the `.ts`
 * one, and Node 20 does not hand the parent's TypeScript loader to workers: a small bootstrap registers tsx
 * inside the worker first.
 */
function spawnWorker(compiled: URL): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(compiled);
  const source = compiled.href.replace(/\.js$/, '.ts');
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(bootstrap, { eval: true });
}

type Pending = { resolve: (v: WorkerResponse) => void; reject: (e: Error) => void };

export class Embedder {
  private worker: Worker | null = null;
  private ready: Promise<{ dim: number; loadMs: number }> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(private readonly opts: EmbedderOptions) {}

  get modelFile(): string {
    const file = this.opts.dtype === 'q8' ? 'model_quantized.onnx' : 'model.onnx';
    return join(this.opts.modelsDir, this.opts.modelName, 'onnx', file);
  }

  available(): boolean {
    return (
      existsSync(this.modelFile) &&
      existsSync(join(this.opts.modelsDir, this.opts.modelName, 'tokenizer.json'))
    );
  }

  /** Starts the worker once; later calls share the same start. */
  start(): Promise<{ dim: number; loadMs: number }> {
    if (this.ready) return this.ready;
    if (!this.available()) {
      return Promise.reject(
        new ModelUnavailableError(
          `The embedding model is not built (${this.modelFile} is missing). Build it with \`npm run build:model\` (it runs offline in a few seconds).`,
        ),
      );
    }
    const worker = spawnWorker(new URL('./embedder-worker.js', import.meta.url));
    worker.unref();
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
      const onMessage = (msg: WorkerResponse) => {
        if (msg.type === 'ready') resolve({ dim: msg.dim, loadMs: msg.loadMs });
        else if (msg.type === 'init-error')
          reject(new ModelUnavailableError(`The embedding model failed to load: ${msg.message}`));
        else if ('id' in msg) this.settle(msg);
      };
      worker.on('message', onMessage);
      worker.on('error', (err) => {
        reject(new ModelUnavailableError(`The embedding worker failed: ${err.message}`, { cause: err }));
        this.failAll(err);
      });
      worker.on('exit', (code) => {
        this.failAll(new Error(`the embedding worker exited (code ${code})`));
        this.worker = null;
        this.ready = null;
      });
    });
    const init: InitMessage = {
      type: 'init',
      modelsDir: this.opts.modelsDir,
      modelName: this.opts.modelName,
      dtype: this.opts.dtype,
      maxTokens: this.opts.maxTokens ?? 256,
      batchSize: this.opts.batchSize ?? 32,
    };
    worker.postMessage(init);
    // A failed start must be retryable (e.g. after the model is built).
    this.ready.catch(() => {
      this.ready = null;
      void worker.terminate();
    });
    return this.ready;
  }

  private settle(msg: Extract<WorkerResponse, { id: number }>): void {
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (msg.type === 'error') p.reject(new Error(msg.message));
    else p.resolve(msg);
  }

  private failAll(err: Error): void {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  private async request(
    req: Omit<EmbedDocsRequest, 'id'> | Omit<EmbedTextsRequest, 'id'>,
  ): Promise<WorkerResponse> {
    await this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker!.ref();
      this.worker!.postMessage({ ...req, id });
    }).finally(() => {
      if (!this.pending.size) this.worker?.unref();
    }) as Promise<WorkerResponse>;
  }

  /** L2-normalised vectors for short texts (queries): row i of the result is text i. */
  async embedTexts(texts: string[]): Promise<Float32Array[]> {
    const res = await this.request({ type: 'texts', texts });
    if (res.type !== 'texts') throw new Error('unexpected worker answer');
    const dim = res.vectors.length / Math.max(texts.length, 1);
    return texts.map((_, i) => res.vectors.subarray(i * dim, (i + 1) * dim));
  }

  /**
   * Splits each document into passages and embeds its title and passages; with `lead`, only its title and its
   * first `lead` word pieces (one passage). `urgent` goes ahead of the requests in progress (a search's query).
   */
  async embedDocs(docs: DocInput[], opts: { lead?: number; urgent?: boolean } = {}): Promise<DocOutput[]> {
    const res = await this.request({
      type: 'docs',
      docs,
      ...(opts.lead ? { lead: opts.lead } : {}),
      ...(opts.urgent ? { urgent: true } : {}),
    });
    if (res.type !== 'docs') throw new Error('unexpected worker answer');
    return res.docs;
  }

  /**
   * Asks the worker to finish its batch and release the model, then waits for it to exit; terminating it while
   * onnxruntime is mid-inference aborts the process. After `graceMs` it is terminated anyway.
   */
  async close(graceMs = 15_000): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.ready = null;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.ref();
    worker.postMessage({ type: 'close' } satisfies CloseRequest);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)));
    if ((await Promise.race([exited, late])) === 'late') await worker.terminate();
    clearTimeout(timer);
  }
}
