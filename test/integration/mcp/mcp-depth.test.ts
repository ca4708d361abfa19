/**
 * MCP tool arguments are held to the API body's depth cap (64 levels) over both transports: 10,000 nested arrays
 * used to end in "The API call failed: Maximum call stack size exceeded". Deeper arguments are refused with a
 * JSON-RPC invalid-params error naming the limit, before any tool reads them, and the server goes on answering.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { MAX_JSON_DEPTH } from '../../../server/http/json-depth.js';
import { inProcessDispatch } from '../../../server/mcp/dispatch.js';
import { createMcpServer } from '../../../server/mcp/mcp-server.js';
import { openApiTools, type OpenApiDoc } from '../../../server/mcp/openapi-tools.js';
import { VERSION } from '../../../server/version.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../../helpers/test-app.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

/** A `tools/call` of sites_create whose `settings` nests `levels` arrays, as JSON text (no recursion to build it). */
function deepCall(id: number, levels: number): string {
  const call = {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'sites_create', arguments: { start_url: 'https://deep.example/', settings: 'DEEP' } },
  };
  return JSON.stringify(call).replace('"DEEP"', `${'['.repeat(levels)}1${']'.repeat(levels)}`);
}

type RpcAnswer = { id: number; error?: { code: number; message: string }; result?: { isError?: boolean } };

function assertRefused(answer: RpcAnswer): void {
  assert.ok(answer.error, `expected a JSON-RPC error, got ${JSON.stringify(answer).slice(0, 300)}`);
  assert.equal(answer.error.code, ErrorCode.InvalidParams);
  assert.match(answer.error.message, new RegExp(`more than ${MAX_JSON_DEPTH} levels deep`));
  assert.doesNotMatch(answer.error.message, /call stack/);
}

describe('MCP tool arguments past the depth cap', () => {
  it('are refused over HTTP (POST /mcp) with invalid params, for 65, 10,000 and 100,000 levels', async () => {
    for (const [i, levels] of [65, 10_000, 100_000].entries()) {
      const res = await t.http
        .post('/mcp')
        .set('Authorization', `Bearer ${TEST_TOKEN}`)
        .set('Content-Type', 'application/json')
        .set('Accept', 'application/json, text/event-stream')
        .send(deepCall(i + 1, levels));
      assert.equal(res.status, 200, res.text.slice(0, 300));
      assertRefused(JSON.parse(res.text) as RpcAnswer);
    }
    // At the cap the call reaches the API, whose validation names what is wrong with the value.
    const res = await t.http
      .post('/mcp')
      .set('Authorization', `Bearer ${TEST_TOKEN}`)
      .set('Content-Type', 'application/json')
      .set('Accept', 'application/json, text/event-stream')
      .send(deepCall(9, MAX_JSON_DEPTH - 1));
    const answer = JSON.parse(res.text) as RpcAnswer;
    assert.equal(answer.error, undefined);
    assert.equal(answer.result?.isError, true);
    assert.equal((await t.get('/health')).status, 200);
  });

  it('are refused over stdio with invalid params, and the next call is answered', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const doc = (await t.get('/openapi.json')).body as OpenApiDoc;
    const server = createMcpServer({
      version: VERSION,
      tools: () => openApiTools(doc),
      dispatch: inProcessDispatch(t.app, {
        localPort: t.port,
        headers: { host: `127.0.0.1:${t.port}`, authorization: `Bearer ${TEST_TOKEN}` },
      }),
    });
    await server.connect(new StdioServerTransport(stdin, stdout));
    const answers = new Map<number, RpcAnswer>();
    let buffered = '';
    stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        const message = JSON.parse(line) as RpcAnswer;
        answers.set(message.id, message);
      }
    });
    const ask = async (id: number, line: string): Promise<RpcAnswer> => {
      stdin.write(`${line}\n`);
      for (let waited = 0; !answers.has(id); waited += 10) {
        assert.ok(waited < 10_000, `no answer to ${id}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return answers.get(id)!;
    };
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '0' } },
    };
    assert.ok((await ask(1, JSON.stringify(init))).result);
    stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    assertRefused(await ask(2, deepCall(2, 10_000)));
    assertRefused(await ask(3, deepCall(3, 100_000)));
    const list = await ask(
      4,
      JSON.stringify({
        jsonrpc: '2.0',
        id: 4,
        method: 'tools/call',
        params: { name: 'sites_list', arguments: {} },
      }),
    );
    assert.equal(list.result?.isError, undefined, JSON.stringify(list).slice(0, 300));
    await server.close();
  });
});
