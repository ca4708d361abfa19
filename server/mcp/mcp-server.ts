/**
 * The MCP server: the SDK's low-level `Server`, because the tools' schemas are JSON Schema taken from
 * `/openapi.json` (the high-level `McpServer` wants zod shapes, which would mean writing each tool twice). One
 * instance serves one connection; stdio and HTTP make theirs the same way and differ only in their
 * {@link Dispatch}.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import type { ToolSpec } from './openapi-tools.js';
import { callTool, type Dispatch } from './tool-call.js';

const INSTRUCTIONS = [
  'Siteloupe is a local SEO crawler; these tools are its HTTP API, one per operation, with the same validation and errors.',
  'Start with sites_list (or sites_create then crawl_start). Crawls, audits and analyses run as jobs: the tool returns the job at once; poll jobs_get until its status is succeeded or failed.',
  'Lists are paged: 20 items unless you pass limit; pass the next_cursor you got as cursor for the next page.',
].join('\n');

export interface McpServerOptions {
  version: string;
  /** The tools to offer (made once from the OpenAPI document by the caller). */
  tools: () => Promise<ToolSpec[]> | ToolSpec[];
  dispatch: Dispatch;
}

export function createMcpServer(opts: McpServerOptions): Server {
  const server = new Server(
    { name: 'siteloupe', title: 'Siteloupe', version: opts.version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: (await opts.tools()).map((t) => ({
      name: t.name,
      title: t.annotations.title,
      description: t.description,
      inputSchema: t.inputSchema,
      ...(t.outputSchema ? { outputSchema: t.outputSchema } : {}),
      annotations: t.annotations,
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = (await opts.tools()).find((t) => t.name === request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    try {
      return await callTool(tool, request.params.arguments ?? {}, opts.dispatch);
    } catch (err) {
      // The call did not get an answer (the server went away): a tool error the model can read, not a crash.
      const reason = err instanceof Error ? err.message : String(err);
      return { content: [{ type: 'text' as const, text: `The API call failed: ${reason}` }], isError: true };
    }
  });

  return server;
}
