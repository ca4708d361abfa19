/**
 * The worker thread of extract-pool.ts: runs page-extraction.ts on the jobs the crawl sends and posts back the
 * records (or the error's message: a page that breaks the extractor must not take the worker down).
 */
import { parentPort } from 'node:worker_threads';
import { extractRawPage, extractRenderedPage } from './page-extraction.js';
import type { ExtractRequest, ExtractResponse } from './extract-protocol.js';

const port = parentPort;
if (!port) throw new Error('extract-worker.ts runs as a worker thread');

port.on('message', (msg: ExtractRequest) => {
  let reply: ExtractResponse;
  try {
    if (msg.kind === 'raw') {
      const { body } = msg.job.res;
      // Structured cloning turns the Buffer into a plain Uint8Array; the decoder wants Buffer methods.
      const res = { ...msg.job.res, body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) };
      reply = { id: msg.id, ok: true, raw: extractRawPage({ ...msg.job, res }) };
    } else {
      reply = { id: msg.id, ok: true, record: extractRenderedPage(msg.job) };
    }
  } catch (err) {
    reply = {
      id: msg.id,
      ok: false,
      message: err instanceof Error ? (err.stack ?? err.message) : String(err),
    };
  }
  port.postMessage(reply);
});
