/**
 * `siteloupe mcp`: an MCP server over stdio for a local AI client. It reaches the app through its data dir: when
 * `<data dir>/server.json` names a live server on that data dir, tool calls go to it over loopback HTTP with the
 * token from `<data dir>/api-token`; otherwise it starts the app itself on the data dir (as `siteloupe serve`
 * would, on a free port, so the UI and other clients can join) and dispatches in-process. Stdout carries the
 * protocol only; logs go to stderr. A command, so it lives with the CLI: `server/mcp` is what this and the
 * `POST /mcp` route share, and never starts a server itself.
 */
import { join } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadOrCreateToken } from '../adapters/api-token.js';
import { processAlive, readServerFile } from '../adapters/server-file.js';
import { resolveConfig } from '../config.js';
import type { CallAnswer } from '../contract/index.js';
import { DB_FILE, startServer, type RunningServer } from '../main.js';
import { readCall } from '../mcp/api-reader.js';
import { httpDispatch, inProcessDispatch } from '../mcp/dispatch.js';
import { createMcpServer } from '../mcp/mcp-server.js';
import { openApiTools, type OpenApiDoc } from '../mcp/openapi-tools.js';
import type { Dispatch } from '../mcp/tool-call.js';
import { VERSION } from '../version.js';

export interface McpFlags {
  dataDir?: string;
}

const log = (line: string) => process.stderr.write(`siteloupe mcp: ${line}\n`);

/** The server `server.json` names, if it is alive and serves this data dir's database. */
async function runningServer(dataDir: string): Promise<{ url: string } | null> {
  const info = readServerFile(dataDir);
  if (!info || !processAlive(info.pid)) return null;
  try {
    const res = await fetch(new URL('/health', info.url), { signal: AbortSignal.timeout(2000) });
    if (!res.ok) return null;
    // Another process's answer, maybe another version's: typed by this contract, read with `?.` all the same.
    const health = (await res.json()) as Partial<CallAnswer<'system.health'>>;
    // The port may have been taken by another server since: it must be this data dir's.
    return health.db?.path === join(dataDir, DB_FILE) ? { url: info.url } : null;
  } catch {
    return null;
  }
}

export async function mcpCommand(flags: McpFlags): Promise<void> {
  const config = resolveConfig({ dataDir: flags.dataDir, port: 0 });
  let local: RunningServer | null = null;
  let dispatch: Dispatch;
  const running = await runningServer(config.dataDir);
  if (running) {
    log(`using the Siteloupe server at ${running.url}`);
    dispatch = httpDispatch(running.url, loadOrCreateToken(config.dataDir));
  } else {
    local = await startServer(config);
    log(`started Siteloupe on ${config.dataDir} at ${local.url}`);
    const headers: Record<string, string> = { host: `127.0.0.1:${local.port}` };
    if (local.token) headers.authorization = `Bearer ${local.token}`;
    dispatch = inProcessDispatch(local.app, { localPort: local.port, headers });
  }

  const doc = await readCall(dispatch, 'system.openapi');
  if (!doc.ok) throw new Error(`GET /openapi.json answered ${doc.status}: ${doc.detail}`);
  // The contract types the document as any JSON; the tool generator reads the OpenAPI members it names.
  const tools = openApiTools(doc.value as OpenApiDoc);
  const server = createMcpServer({ version: VERSION, tools: () => tools, dispatch });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close().catch(() => undefined);
    await local?.close();
    process.exit(0);
  };
  // The client ends the session by closing our stdin.
  process.stdin.once('end', () => void stop());
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  await server.connect(new StdioServerTransport());
}
