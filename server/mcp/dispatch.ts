/**
 * The two ways a tool call reaches the API: in-process through the app (the HTTP endpoint, and `siteloupe mcp`
 * when it runs the app itself), or over loopback HTTP to a running server with its token. Either way the call
 * meets the API's own guards, validation and problems.
 */
import type { IncomingMessage, RequestListener } from 'node:http';
import { dispatchInProcess } from '../http/in-process.js';
import type { ApiAnswer, ApiCall, Dispatch } from './tool-call.js';

async function readAll(stream: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  // A stream with no encoding set yields Buffers; Node types its chunks `any`.
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function requestBody(call: ApiCall): { payload?: Buffer; headers: Record<string, string> } {
  if (call.file) return { payload: call.file.bytes, headers: { 'content-type': call.file.contentType } };
  if (call.body === undefined) return { headers: {} };
  return { payload: Buffer.from(JSON.stringify(call.body)), headers: { 'content-type': 'application/json' } };
}

/**
 * Calls through `app` in-process, as the caller `identity` (its Host, and its `Authorization` or cookie). Marked
 * as MCP calls, which the proxy allowlist lets reach internal routes (agents start crawls).
 */
export function inProcessDispatch(
  app: RequestListener,
  identity: { localPort: number | undefined; headers: Record<string, string> },
): Dispatch {
  return async (call) => {
    const { payload, headers } = requestBody(call);
    const answer = await dispatchInProcess(app, {
      method: call.method,
      path: call.path,
      headers: { ...identity.headers, ...headers },
      body: payload,
      localPort: identity.localPort,
      caller: 'mcp',
    });
    return {
      status: answer.statusCode ?? 500,
      contentType: String(answer.headers['content-type'] ?? ''),
      body: await readAll(answer),
    } satisfies ApiAnswer;
  };
}

/** Calls a running server at `baseUrl` (`http://127.0.0.1:<port>/`) with its API token. */
export function httpDispatch(baseUrl: string, token: string | null): Dispatch {
  return async (call) => {
    const { payload, headers } = requestBody(call);
    const res = await fetch(new URL(call.path, baseUrl), {
      method: call.method,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload ? { body: new Uint8Array(payload) } : {}),
    });
    return {
      status: res.status,
      contentType: res.headers.get('content-type') ?? '',
      body: Buffer.from(await res.arrayBuffer()),
    };
  };
}
