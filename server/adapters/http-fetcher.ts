/**
 * HTTP for the crawler, on undici: keep-alive pools per origin, no automatic redirects (the crawler records
 * every hop), gzip/brotli/deflate decoded here with the byte limit applied to the *decoded* size (a gzip bomb is
 * cut, not expanded), and a total deadline as well as an idle timeout (a slow-drip body cannot hold a worker).
 * Errors come back as a `FetchFailure` code, never as an exception the caller must guess about.
 */
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable, Transform } from 'node:stream';
import { Agent, errors as undiciErrors, request } from 'undici';
import { guardedConnector, type RefuseAddress } from './guarded-connect.js';

export type FetchFailure =
  | 'timeout'
  | 'connection_reset'
  | 'connection_refused'
  | 'address_refused'
  | 'dns'
  | 'tls'
  | 'body_too_slow'
  | 'protocol';

export interface FetchOptions {
  userAgent: string;
  timeoutMs: number;
  maxBytes: number;
  /** Return false to skip reading the body (e.g. non-HTML); the response keeps its headers. */
  wantBody?: (status: number, headers: Record<string, string>) => boolean;
  signal?: AbortSignal;
  accept?: string;
  /** HEAD asks for the headers alone (a resource or external link check); GET by default. */
  method?: 'GET' | 'HEAD';
}

export interface FetchResult {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
  /** Decoded bytes read, or Content-Length when the body was not read. */
  bytes: number | null;
  truncated: boolean;
  responseMs: number;
}

export type FetchOutcome =
  { ok: true; result: FetchResult } | { ok: false; error: FetchFailure; detail: string; responseMs: number };

function flatten(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers))
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function decoderFor(encoding: string | undefined): Transform | null {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'br':
      return createBrotliDecompress();
    case 'deflate':
      return createInflate();
    default:
      return null;
  }
}

export function classifyError(err: unknown, deadlineHit: boolean, headersReceived: boolean): FetchFailure {
  if (deadlineHit) return headersReceived ? 'body_too_slow' : 'timeout';
  const e = err as { code?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code ?? '';
  if (
    err instanceof undiciErrors.HeadersTimeoutError ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  )
    return 'timeout';
  if (err instanceof undiciErrors.BodyTimeoutError || code === 'UND_ERR_BODY_TIMEOUT') return 'body_too_slow';
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (code === 'ERR_ADDRESS_REFUSED') return 'address_refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE' || code === 'UND_ERR_CLOSED')
    return 'connection_reset';
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code === 'EPROTO') return 'tls';
  return 'protocol';
}

export interface HttpFetcherOptions {
  connectionsPerOrigin: number;
  timeoutMs: number;
  /** Addresses no request may reach, checked on the address each connection is made to. */
  refuse?: RefuseAddress;
  /** An `Authorization` value sent to this origin only, never to another host a redirect or link leads to. */
  credentials?: { origin: string; authorization: string } | null;
}

export class HttpFetcher {
  private readonly agent: Agent;
  private readonly credentials: HttpFetcherOptions['credentials'];

  constructor(opts: HttpFetcherOptions) {
    const connectTimeout = Math.min(opts.timeoutMs, 10_000);
    this.credentials = opts.credentials ?? null;
    this.agent = new Agent({
      connections: opts.connectionsPerOrigin,
      pipelining: 1,
      keepAliveTimeout: 10_000,
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
      ...(opts.refuse
        ? { connect: guardedConnector(opts.refuse, { timeout: connectTimeout }) }
        : { connectTimeout }),
    });
  }

  private authorizationFor(url: string): Record<string, string> {
    const c = this.credentials;
    if (!c) return {};
    try {
      return new URL(url).origin === c.origin ? { authorization: c.authorization } : {};
    } catch {
      return {};
    }
  }

  async fetch(url: string, opts: FetchOptions): Promise<FetchOutcome> {
    const started = performance.now();
    // One controller per request, its timer cleared and its listener removed when the request ends: a crawl
    // makes hundreds of thousands of requests under one long-lived signal, and AbortSignal.timeout/any would
    // leave a timer per request running for timeoutMs and a dependant registered on the crawl's signal.
    const controller = new AbortController();
    const deadline = { hit: false };
    const timer = setTimeout(() => {
      deadline.hit = true;
      controller.abort(new Error(`no complete response within ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
    const onAbort = () => controller.abort(opts.signal!.reason);
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener('abort', onAbort, { once: true });
    const signal = controller.signal;
    let headersReceived = false;
    let body: Readable | null = null;
    try {
      const res = await request(url, {
        method: opts.method ?? 'GET',
        dispatcher: this.agent,
        signal,
        headers: {
          'user-agent': opts.userAgent,
          accept: opts.accept ?? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
          'accept-encoding': 'gzip, br, deflate',
          ...this.authorizationFor(url),
        },
      });
      headersReceived = true;
      body = res.body;
      const headers = flatten(res.headers);
      const status = res.statusCode;
      const length = headers['content-length'] !== undefined ? Number(headers['content-length']) : null;
      // A destroyed body emits an abort error; nobody else listens, so it must be caught here.
      res.body.on('error', () => {});
      if (opts.wantBody && !opts.wantBody(status, headers)) {
        res.body.destroy();
        return {
          ok: true,
          result: {
            url,
            status,
            headers,
            body: null,
            bytes: length,
            truncated: false,
            responseMs: elapsed(started),
          },
        };
      }
      const { buffer, truncated } = await readLimited(
        res.body,
        decoderFor(headers['content-encoding']),
        opts.maxBytes,
      );
      return {
        ok: true,
        result: {
          url,
          status,
          headers,
          body: buffer,
          bytes: buffer.length,
          truncated,
          responseMs: elapsed(started),
        },
      };
    } catch (err) {
      body?.destroy();
      if (opts.signal?.aborted)
        throw opts.signal.reason instanceof Error
          ? opts.signal.reason
          : new Error(String(opts.signal.reason), { cause: err });
      const error = classifyError(err, deadline.hit, headersReceived);
      return { ok: false, error, detail: (err as Error).message, responseMs: elapsed(started) };
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

const elapsed = (started: number) => Math.round(performance.now() - started);

/** Reads a (possibly compressed) body up to `max` decoded bytes; the rest is dropped and the socket closed. */
async function readLimited(
  raw: Readable,
  decoder: Transform | null,
  max: number,
): Promise<{ buffer: Buffer; truncated: boolean }> {
  const source: Readable = decoder ? raw.pipe(decoder) : raw;
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      const room = max - size;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        size += room;
        truncated = true;
        break;
      }
      chunks.push(chunk);
      size += chunk.length;
    }
  } catch (err) {
    // A corrupt compressed stream keeps what was decoded so far; a network error is the caller's to classify.
    if (!decoder || !isZlibError(err)) throw err;
    truncated = true;
  } finally {
    raw.destroy();
    decoder?.destroy();
  }
  return { buffer: Buffer.concat(chunks, size), truncated };
}

const isZlibError = (err: unknown) =>
  typeof (err as { code?: string }).code === 'string' && (err as { code: string }).code.startsWith('Z_');
