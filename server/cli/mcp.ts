/**
 * `siteloupe mcp`: an MCP server over stdio for a local AI client. It reaches the app through its data dir: when
 * `<data dir>/server.json` names a live server on that data dir that proves it holds the token from
 * `<data dir>/api-token` (`GET /health?challenge=`), tool calls go to it over loopback HTTP with that token;
 * otherwise it starts the app itself on the data dir (as `siteloupe serve` would, on a free port, so the UI and
 * other clients can join) and dispatches in-process. One that claims the data dir but fails the challenge is
 * refused, with the token unsent (`server/domain/system/server-proof.ts`). Stdout carries the
 * protocol only; logs go to stderr. A command, so it lives with the CLI: `server/mcp` is what this and the
 * `POST /mcp` route share, and never starts a server itself.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadOrCreateToken } from '../adapters/api-token.js';
import { processAlive, readServerFile, SERVER_FILE } from '../adapters/server-file.js';
import { resolveConfig } from '../config.js';
import type { CallAnswer } from '../contract/index.js';
import { proofMatches } from '../domain/system/server-proof.js';
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

/** Refused to use the server `server.json` names: the token was not sent. */
export class UnverifiedServerError extends Error {}

/**
 * The server `server.json` names, if it is alive, serves this data dir's database and proves it holds the token
 * (`server-proof.ts`); null when there is none to use, so this command starts one. A server that claims this
 * data dir but cannot prove it is refused with an error, and the token is never sent to it.
 */
async function runningServer(dataDir: string, token: string): Promise<{ url: string } | null> {
  const info = readServerFile(dataDir);
  if (!info || !processAlive(info.pid)) return null;
  const nonce = randomBytes(32).toString('base64url');
  const url = new URL('/health', info.url);
  url.searchParams.set('challenge', nonce);
  // Another process's answer, maybe another version's: typed by this contract, read with `?.` all the same.
  let health: Partial<CallAnswer<'system.health'>>;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    if (!res.ok) return null;
    health = (await res.json()) as Partial<CallAnswer<'system.health'>>;
  } catch {
    return null;
  }
  // The port may have been taken by another program since: a server of another data dir is not ours to use.
  if (health.db?.path !== join(dataDir, DB_FILE)) return null;
  if (!proofMatches(token, info.pid, nonce, health.proof)) {
    const file = join(dataDir, SERVER_FILE);
    throw new UnverifiedServerError(
      `${file} names a server at ${info.url} (pid ${info.pid}) that answers for this data dir but cannot prove it ` +
        `holds its API token${health.proof === undefined ? ' (it did not answer the challenge)' : ''}, so the token ` +
        `was not sent. The file is stale (left by a server that was killed) or the program on port ${info.port} is ` +
        `not Siteloupe. Stop the program listening on that port, or start Siteloupe again on this data dir (which ` +
        `rewrites the file), or delete ${file} to let siteloupe mcp start its own server.`,
    );
  }
  return { url: info.url };
}

export async function mcpCommand(flags: McpFlags): Promise<void> {
  const config = resolveConfig({ dataDir: flags.dataDir, port: 0 });
  let local: RunningServer | null = null;
  let server: ReturnType<typeof createMcpServer> | null = null;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server?.close().catch(() => undefined);
    await local?.close();
    process.exit(0);
  };
  // Before a server starts, so no signal finds it without a handler; a stop during start-up leaves server.json
  // to `startServer`'s exit hook. SIGHUP too: its default action would exit without removing the file.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void stop());

  let dispatch: Dispatch;
  const token = loadOrCreateToken(config.dataDir);
  const running = await runningServer(config.dataDir, token);
  if (running) {
    log(`using the Siteloupe server at ${running.url}`);
    dispatch = httpDispatch(running.url, token);
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
  server = createMcpServer({ version: VERSION, tools: () => tools, dispatch });
  // The client ends the session by closing our stdin.
  process.stdin.once('end', () => void stop());
  await server.connect(new StdioServerTransport());
}
