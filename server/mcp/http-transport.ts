/**
 * MCP over Streamable HTTP at `POST /mcp`, on the API's own server behind the same Host, Origin, Fetch Metadata
 * and token checks (the app mounts it after them). Stateless: each POST gets a fresh MCP server and transport, so
 * nothing is kept between requests and no session id is issued; GET (a server-to-client stream) and DELETE (end
 * of a session) have nothing to do and answer 405. Answers are plain JSON, or an event stream when the request
 * asks for progress (a job followed to its end). Tool calls are dispatched in-process through the same app,
 * as the caller, so they meet the API's guarantees as a direct call would.
 */
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import express, { type RequestHandler } from 'express';
import { HttpProblem } from '../http/problem.js';
import { inProcessDispatch } from './dispatch.js';
import { createMcpServer } from './mcp-server.js';
import { openApiTools, type OpenApiDoc, type ToolSpec } from './openapi-tools.js';

/** Where the endpoint is mounted: not an OpenAPI operation (it speaks JSON-RPC), so outside `defineRoute`. */
export const MCP_PATH = '/mcp';

/** Request headers that carry the caller's identity into each tool call, as the proxy passes them. */
const IDENTITY_HEADERS = ['authorization', 'cookie'];

/** Whether a POST carries a request with a `progressToken` (a batch may hold several messages). */
function wantsProgress(body: unknown): boolean {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  return messages.some((m) => {
    // JSON-RPC from the client, not yet read by the SDK (which reads it after the transport is chosen); every
    // member is optional and only its presence is tested.
    const meta = (m as { params?: { _meta?: { progressToken?: unknown } } } | null)?.params?._meta;
    return meta?.progressToken !== undefined;
  });
}

export interface McpHttpOptions {
  openapi: () => unknown;
  version: string;
  bodyLimitBytes: number;
}

export function mcpHttpHandler(opts: McpHttpOptions): RequestHandler {
  let tools: ToolSpec[] | undefined;
  // The app's own OpenAPI document, plain JSON to its builder; the generator reads the members OpenApiDoc names.
  const toolList = () => (tools ??= openApiTools(opts.openapi() as OpenApiDoc));
  const json = express.json({ limit: opts.bodyLimitBytes, type: ['application/json', 'application/*+json'] });

  return (req, res, next) => {
    if (req.method !== 'POST') {
      return next(
        new HttpProblem(
          'method-not-allowed',
          `${req.method} is not allowed on ${MCP_PATH}: the MCP endpoint is stateless and takes POST only.`,
          undefined,
          { Allow: 'POST' },
        ),
      );
    }
    json(req, res, (err?: unknown) => {
      if (err) return next(err);
      const headers: Record<string, string> = { host: req.headers.host ?? '' };
      for (const name of IDENTITY_HEADERS) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const server = createMcpServer({
        version: opts.version,
        tools: toolList,
        dispatch: inProcessDispatch(req.app, {
          localPort: req.socket.localPort,
          headers,
        }),
      });
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        // A plain JSON answer unless the client asked for progress, which needs a stream to arrive on.
        enableJsonResponse: !wantsProgress(req.body),
      });
      res.once('close', () => {
        void transport.close();
        void server.close();
      });
      server
        .connect(transport)
        .then(() => transport.handleRequest(req, res, req.body))
        .catch(next);
    });
  };
}
