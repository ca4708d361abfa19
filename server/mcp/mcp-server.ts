/**
 * The MCP server: the SDK's low-level `Server`, because the tools' schemas are JSON Schema taken from
 * `/openapi.json` (the high-level `McpServer` wants zod shapes, which would mean writing each tool twice). One
 * instance serves one connection; stdio and HTTP make theirs the same way and differ only in their
 * {@link Dispatch}. Besides the API's tools it offers the two overview tools, the report and exports as
 * resources, and two prompts; everything goes through the same dispatch.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../http/json-depth.js';
import { FINISHED_STATUSES, Job } from '../schemas/jobs.js';
import { completeSite } from './site-completion.js';
import { listResources, readResource, RESOURCE_TEMPLATES, ResourceError } from './export-resources.js';
import { followJob } from './job-follow.js';
import type { ToolSpec } from './openapi-tools.js';
import { OVERVIEW_TOOLS } from './overview-tools.js';
import { getPrompt, PromptArgumentError, PROMPTS } from './prompts.js';
import { callTool, type Dispatch, type ToolResult } from './tool-call.js';

const INSTRUCTIONS = [
  'Siteloupe is a local SEO crawler; these tools are its HTTP API, one per operation, with the same validation and errors.',
  'Start with sites_list (or sites_create then crawl_start); site_overview and page_report answer the common questions in one call.',
  'Crawls, audits and analyses run as jobs: the tool returns the job at once and jobs_get follows it (or send a progressToken and the call waits, reporting progress).',
  'Lists are paged: 20 items unless you pass limit; pass the next_cursor you got as cursor for the next page.',
  'The site report and exports are resources (siteloupe://sites/{site_id}/report.html, …/exports/{name}.{format}).',
].join('\n');

export interface McpServerOptions {
  version: string;
  /** The tools to offer (made once from the OpenAPI document by the caller). */
  tools: () => Promise<ToolSpec[]> | ToolSpec[];
  dispatch: Dispatch;
}

const failed = (err: unknown): ToolResult => {
  // The call did not get an answer (the server went away): a tool error the model can read, not a crash.
  const reason = err instanceof Error ? err.message : String(err);
  return { content: [{ type: 'text' as const, text: `The API call failed: ${reason}` }], isError: true };
};

/**
 * "Resource not found" in MCP's resources spec (2025-06-18 and 2025-11-25, Error Handling; the error's `data`
 * names the `uri`). The SDK's `ErrorCode` has no member for it. SEP-2164, a draft, would move it to -32602
 * (invalid params); until a released spec does, clients look for this one.
 */
const RESOURCE_NOT_FOUND = -32002;

/**
 * A generated tool's answer is JSON the contract cannot type statically (the tool was made from the document at
 * run time): a started job is told by the `Job` schema itself, so what is followed is a job, not a guess.
 */
const isJob = (value: unknown): value is Job => Job.safeParse(value).success;

/** A job a tool started, from its result; null for anything else. */
const startedJob = (tool: ToolSpec, result: ToolResult): Job | null =>
  tool.startsJob && !result.isError && isJob(result.structuredContent) ? result.structuredContent : null;

/** An MCP error for a refusal, keeping the refusal as its cause (the SDK's constructor takes no options). */
function refusal(code: number, cause: Error, data?: unknown): McpError {
  const err = new McpError(code, cause.message, data);
  // As `new Error(message, { cause })` would set it: own, not enumerable.
  Object.defineProperty(err, 'cause', { value: cause, writable: true, configurable: true });
  return err;
}

/**
 * Tool arguments are held to the depth cap of an API body, whichever transport brought them: the request
 * builder, the dispatch and the API's own checks walk them recursively, and 10,000 nested arrays ended in
 * "Maximum call stack size exceeded". Checked before anything reads them, as the API checks a body first.
 */
function refuseDeepArguments(args: unknown): void {
  if (!nestsDeeperThan(args, MAX_JSON_DEPTH)) return;
  throw new McpError(
    ErrorCode.InvalidParams,
    `The tool arguments nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep, the limit (the same as for an API request body).`,
  );
}

export function createMcpServer(opts: McpServerOptions): Server {
  const { dispatch } = opts;
  const server = new Server(
    { name: 'siteloupe', title: 'Siteloupe', version: opts.version },
    {
      capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} },
      instructions: INSTRUCTIONS,
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      ...OVERVIEW_TOOLS.map((t) => ({
        name: t.name,
        title: t.annotations.title,
        description: t.description,
        inputSchema: t.inputSchema,
        annotations: t.annotations,
      })),
      ...(await opts.tools()).map((t) => ({
        name: t.name,
        title: t.annotations.title,
        description: t.description,
        inputSchema: t.inputSchema,
        ...(t.outputSchema ? { outputSchema: t.outputSchema } : {}),
        annotations: t.annotations,
      })),
    ],
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args = {} } = request.params;
    refuseDeepArguments(args);
    const overview = OVERVIEW_TOOLS.find((t) => t.name === name);
    if (overview) return overview.run(args, dispatch).catch(failed);
    const tool = (await opts.tools()).find((t) => t.name === name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    let result: ToolResult;
    try {
      result = await callTool(tool, args, dispatch);
    } catch (err) {
      return failed(err);
    }
    const token = request.params._meta?.progressToken;
    const job = token === undefined ? null : startedJob(tool, result);
    if (!job) return result;
    const last = await followJob(
      dispatch,
      job,
      (update) =>
        extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token!, ...update },
        }),
      extra.signal,
    );
    const head = FINISHED_STATUSES.includes(last.status)
      ? `Job ${last.id} (${last.kind}) ${last.status}.`
      : `Job ${last.id} (${last.kind}) is ${last.status}; follow it with jobs_get {"job_id": ${last.id}}.`;
    return {
      content: [{ type: 'text', text: `${head}\n${JSON.stringify(last)}` }],
      structuredContent: last,
      ...(last.status === 'failed' ? { isError: true } : {}),
    };
  });

  server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    try {
      return await listResources(dispatch, request.params?.cursor);
    } catch (err) {
      if (err instanceof ResourceError) throw refusal(ErrorCode.InvalidParams, err);
      throw err;
    }
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: RESOURCE_TEMPLATES,
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    try {
      return await readResource(dispatch, request.params.uri);
    } catch (err) {
      // Whatever kept the read from answering (an unknown URI, the API's problem, too big to carry), the client
      // learns that this URI gives no resource, and which URI; a list's refusals are invalid parameters instead.
      if (err instanceof ResourceError) throw refusal(RESOURCE_NOT_FOUND, err, { uri: request.params.uri });
      throw err;
    }
  });

  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: PROMPTS.map(({ name, title, description, arguments: a }) => ({
      name,
      title,
      description,
      arguments: a,
    })),
  }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    try {
      return getPrompt(request.params.name, request.params.arguments);
    } catch (err) {
      if (err instanceof PromptArgumentError) throw refusal(ErrorCode.InvalidParams, err);
      throw err;
    }
  });

  // The one argument worth completing: which site (prompts' `site`, the resource templates' `site_id`).
  server.setRequestHandler(CompleteRequestSchema, async (request) => {
    const { name, value } = request.params.argument;
    const values = name === 'site' || name === 'site_id' ? await completeSite(dispatch, value, name) : [];
    return { completion: { values, hasMore: false } };
  });

  return server;
}
