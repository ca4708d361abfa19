/** Messages between the embedder client (main thread) and its worker thread. */
export interface InitMessage {
  type: 'init';
  modelsDir: string;
  modelName: string;
  dtype: 'fp32' | 'q8';
  maxTokens: number;
  batchSize: number;
}

export interface DocInput {
  /** Embedded as its own passage (weighted by the caller); empty for none. */
  title: string;
  body: string;
}

export interface EmbedDocsRequest {
  type: 'docs';
  id: number;
  docs: DocInput[];
  /**
   * Embed only each doc's title and lead, its first `lead` word pieces, as a single passage (a page's provisional
   * vector, before its passages are embedded).
   */
  lead?: number;
  /** Goes between the runs of the request in progress (a search's query waits for one run, not for a job's batch). */
  urgent?: boolean;
}

export interface EmbedTextsRequest {
  type: 'texts';
  id: number;
  texts: string[];
  urgent?: boolean;
}

/**
 * Finish the request in flight, drop queued ones, release the model and exit. Terminating a worker while
 * onnxruntime runs aborts the whole process (a native exception during teardown), so the client asks first.
 */
export interface CloseRequest {
  type: 'close';
}

export type WorkerRequest = EmbedDocsRequest | EmbedTextsRequest;

export interface DocOutput {
  passages: string[];
  /** passages.length × dim, row-major, L2-normalised rows. */
  passageVectors: Float32Array;
  titleVector: Float32Array | null;
}

export type WorkerResponse =
  | { type: 'ready'; dim: number; loadMs: number }
  | { type: 'init-error'; message: string }
  | { type: 'docs'; id: number; docs: DocOutput[] }
  | { type: 'texts'; id: number; vectors: Float32Array }
  | { type: 'error'; id: number; message: string }
  | { type: 'closed' };
