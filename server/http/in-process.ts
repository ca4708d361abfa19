/**
 * Sends a request through an Express app without any network. A private `http.Server` that never listens is
 * handed one end of an in-memory duplex pair as a connection (Node documents injecting any Duplex through the
 * `connection` event), and `http.request` writes to the other end. Node's own HTTP parser and serialiser run on
 * both sides, so the app sees exactly the bytes a direct call would send and answers exactly as it would.
 */
import http, { type IncomingMessage, type RequestListener } from 'node:http';
import type { Socket } from 'node:net';
import { duplexPair } from 'node:stream';
import type { Request } from 'express';
import { answerClientErrors } from './client-errors.js';

/** Marks the server end of an in-process connection; no client can set it, unlike a header. */
const IN_PROCESS = Symbol('siteloupe.in-process');

export interface InProcessRequest {
  method: string;
  /** Path and query, already checked and percent-encoded. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** The port the caller reached, so the Host check sees the same server it would for a direct call. */
  localPort: number | undefined;
  /** Who dispatches: the workflow proxy (the default) or the MCP server, whose tools may reach internal routes. */
  caller?: InProcessCaller;
}

export type InProcessCaller = 'proxy' | 'mcp';

/** True for requests that came through `dispatchInProcess` (the proxy), whatever their headers say. */
export function isInProcess(req: Request): boolean {
  return inProcessCaller(req) !== null;
}

/** Which in-process caller sent `req`, or null for a direct call. */
export function inProcessCaller(req: Request): InProcessCaller | null {
  const mark = (req.socket as unknown as Record<symbol, unknown>)[IN_PROCESS];
  return mark === 'proxy' || mark === 'mcp' ? mark : null;
}

const servers = new WeakMap<RequestListener, http.Server>();

export function dispatchInProcess(app: RequestListener, r: InProcessRequest): Promise<IncomingMessage> {
  let server = servers.get(app);
  if (!server) {
    server = http.createServer(app);
    // Without this, a request Node's parser refuses (headers over 16 KiB) gets a bare status and a closed
    // connection; with it, the caller gets the same problem+json a direct call would.
    answerClientErrors(server);
    servers.set(app, server);
  }
  const [client, side] = duplexPair();
  Object.assign(side, {
    [IN_PROCESS]: r.caller ?? 'proxy',
    localPort: r.localPort,
    localAddress: '127.0.0.1',
    remoteAddress: '127.0.0.1',
  });
  // The pair does not pass destruction across: without this, a caller who hangs up mid-download would leave
  // the handler waiting forever for its writes to drain.
  client.once('close', () => side.destroy());
  side.once('close', () => client.destroy());
  server.emit('connection', side);

  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...r.headers, connection: 'close' };
    if (r.body) headers['content-length'] = String(r.body.length);
    const req = http.request(
      {
        method: r.method,
        path: r.path,
        headers,
        createConnection: () => client as unknown as Socket,
      },
      resolve,
    );
    req.once('error', reject);
    req.end(r.body);
  });
}
